import type { Params } from '@feathersjs/feathers'
import type { Application } from '../../declarations.js'
import { appError } from '../../errors.js'
import { MAX_PAGE } from '../query.js'
import { XLSX_TYPE, type ExportFile } from './exports.schema.js'
import { MAX_EXPORT_ROWS, isExportable } from './exports.shared.js'
import { calendarDay } from '../../format/format.shared.js'
import { toWorkbook } from './workbook.js'
import { secretFieldsOf } from '../../secret-fields.js'
import { fieldLabel, pickLanguage, type Language } from '../../i18n/messages.js'

/**
 * `GET exports/:resource?<the list's query>`: the list as the caller sees it, as a spreadsheet.
 * The rows come from the resource's own `find` with the caller's params, so its region scope,
 * abilities, query rules and field restrictions apply exactly as on the screen.
 */
export class ExportService {
  constructor(private app: Application) {}

  async find(params: Params & { route?: Record<string, string> } = {}): Promise<ExportFile> {
    const resource = String(params.route?.resource ?? '')
    const services = (this.app as any).services as Record<string, any>
    if (!isExportable(resource) || !services[resource]) throw appError(404, 'NOT_FOUND')
    const service = services[resource]
    const { query = {}, route: _route, casl: _casl, ...rest } = params as any
    const { $limit: _limit, $skip: _skip, ...listQuery } = query
    // Pages must not overlap or leave gaps: without an order of its own, the list goes by id.
    if (!listQuery.$sort && typeof service.id === 'string') listQuery.$sort = { [service.id]: 1 }

    const rows: Record<string, unknown>[] = []
    let total = 0
    for (let skip = 0; skip < MAX_EXPORT_ROWS; skip += MAX_PAGE) {
      const page = await service.find({
        ...rest,
        // A service may ask more of an export than of its list (contacts: `ccdcontacts:export`).
        exporting: true,
        query: { ...listQuery, $limit: MAX_PAGE, $skip: skip },
        paginate: { default: MAX_PAGE, max: MAX_PAGE }
      })
      // A service without pagination answers the whole list at once.
      const data: Record<string, unknown>[] = Array.isArray(page) ? page : page.data
      rows.push(...data)
      total = Array.isArray(page) ? rows.length : Math.max(Number(page.total) || 0, rows.length)
      if (Array.isArray(page) || data.length < MAX_PAGE || rows.length >= total) break
    }
    const truncated = total > MAX_EXPORT_ROWS
    if (rows.length > MAX_EXPORT_ROWS) rows.length = MAX_EXPORT_ROWS
    // What the service keeps out of audit rows and events stays out of spreadsheets too.
    const secret = secretFieldsOf(service)
    if (secret.length) for (const row of rows) for (const field of secret) delete row[field]

    const region = params.region ? await (this.app.get('regionCache' as any) as any)?.get(params.region) : undefined
    const timeZone: string | undefined = region?.timeZone
    // Headed as the list is, in the caller's language (the browser sends the one on screen).
    const language: Language = (params as any).language ?? pickLanguage(params.headers?.['accept-language'] ?? (params.user as any)?.language)
    return {
      filename: `${resource}-${calendarDay(new Date(), timeZone)}.xlsx`,
      contentType: XLSX_TYPE,
      rowCount: rows.length,
      truncated,
      content: await toWorkbook(resource, rows, timeZone, (column) => fieldLabel(language, resource, column))
    }
  }
}
