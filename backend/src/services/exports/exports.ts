import type { Context, Next } from 'koa'
import type { Application } from '../../declarations.js'
import { attachment } from '../../storage/content-disposition.js'
import { ExportService } from './exports.class.js'
import { exportJobAnswerSchema, workbookResponse, type ExportFile } from './exports.schema.js'
import type { MethodDocs } from '../../openapi.js'
import { exportsMethods, exportsPath } from './exports.shared.js'
import { exportJobs } from './export-jobs.js'

declare module '../../declarations.js' {
  interface ServiceTypes {
    [exportsPath]: ExportService
  }
}

/** Replaces the JSON answer of an export by the workbook itself, as an attachment. */
export const sendExport = async (ctx: Context, next: Next) => {
  const file = ctx.body as Partial<ExportFile> | undefined
  if (file && Buffer.isBuffer(file.content) && file.filename) {
    ctx.set('Content-Disposition', attachment(file.filename))
    ctx.set('Cache-Control', 'private, no-store')
    ctx.set('X-Export-Rows', String(file.rowCount ?? ''))
    if (file.truncated) ctx.set('X-Export-Truncated', 'true')
    ctx.type = file.contentType ?? 'application/octet-stream'
    ctx.body = file.content
  } else if (file && 'job' in (file as object)) {
    // A long list: the job that builds it, to follow and fetch when done.
    ctx.status = 202
  }
  await next()
}

/** The API document's account of an export: a file, or 202 with the job of a long list. */
const docs: Record<string, MethodDocs> = {
  find: {
    summary: 'Download a list as a spreadsheet (`:resource` is the list, the query its filters and sort)',
    description:
      "The list as the caller sees it on screen, as an xlsx file. A list longer than the region's `exports.jobThreshold` setting answers 202 with a job instead: follow it with GET /export-jobs/{id} (or its live `patched` events) and, once DONE, fetch the file with GET /export-files/{id}. Only the requester sees the job and its file.",
    responses: {
      '200': workbookResponse,
      '202': { description: 'The list is long: the job that builds the file in the background', content: { 'application/json': { schema: exportJobAnswerSchema } } }
    }
  }
}

/** Spreadsheet downloads of the lists named in `exportableResources`, and the jobs of long ones. */
export const exportsService = (app: Application) => {
  app.use(exportsPath, new ExportService(app), {
    methods: [...exportsMethods],
    koa: { after: [sendExport] },
    docs
  } as any)
  exportJobs(app, sendExport)
}
