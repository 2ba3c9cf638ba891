import type { Context, Next } from 'koa'
import type { Application } from '../../declarations.js'
import { attachment } from '../../storage/content-disposition.js'
import { ExportService } from './exports.class.js'
import type { ExportFile } from './exports.schema.js'
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

/** Spreadsheet downloads of the lists named in `exportableResources`, and the jobs of long ones. */
export const exportsService = (app: Application) => {
  app.use(exportsPath, new ExportService(app), {
    methods: [...exportsMethods],
    koa: { after: [sendExport] }
  } as any)
  exportJobs(app, sendExport)
}
