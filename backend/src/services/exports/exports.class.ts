import type { Params } from '@feathersjs/feathers'
import type { Application } from '../../declarations.js'
import { appError } from '../../errors.js'
import { pickLanguage, type Language } from '../../i18n/messages.js'
import { getSetting } from '../../settings-values.js'
import { buildExport, readPage, type ExportRequest } from './build-export.js'
import { startExportJob } from './export-jobs.js'
import type { ExportFile } from './exports.schema.js'
import { EXPORT_JOB_SETTING, isExportable, type ExportJobAnswer } from './exports.shared.js'

/**
 * `GET exports/:resource?<the list's query>`: the list as the caller sees it, as a spreadsheet.
 * The rows come from the resource's own `find` with the caller's params, so its region scope,
 * abilities, query rules and field restrictions apply exactly as on the screen; the columns are
 * the list's own (`exportable` of its manifest). A list longer than the region's
 * `exports.jobThreshold` answers 202 with a job instead, built in the background.
 */
export class ExportService {
  constructor(private app: Application) {}

  async find(params: Params & { route?: Record<string, string> } = {}): Promise<ExportFile | ExportJobAnswer> {
    const resource = String(params.route?.resource ?? '')
    const services = (this.app as any).services as Record<string, any>
    if (!isExportable(this.app.get('modules'), resource) || !services[resource]) throw appError(404, 'NOT_FOUND')
    const { query = {}, route: _route, casl: _casl, ...caller } = params as any
    // In the caller's language (the browser sends the one on screen).
    const language: Language = (params as any).language ?? pickLanguage(params.headers?.['accept-language'] ?? (params.user as any)?.language)
    const request: ExportRequest = { resource, query, caller, language }
    // The first page says how long the list is (and whether the caller may read it at all).
    const first = await readPage(this.app, request, 0)
    const threshold = Number(await getSetting(this.app.get('knex'), params.region, EXPORT_JOB_SETTING))
    if (params.user && first.total > threshold) {
      return { job: await startExportJob(this.app, request, first.total) }
    }
    return buildExport(this.app, request, undefined, first)
  }
}
