import type { Context, Next } from 'koa'
import type { Application } from '../../declarations.js'
import { attachment } from '../../storage/content-disposition.js'
import { DocumentService, type DocumentFile } from './documents.class.js'
import { documentsMethods, documentsPath } from './documents.shared.js'

declare module '../../declarations.js' {
  interface ServiceTypes {
    [documentsPath]: DocumentService
  }
}

/** Replaces the JSON answer of a document by the PDF itself, as an attachment. */
export const sendDocument = async (ctx: Context, next: Next) => {
  const file = ctx.body as Partial<DocumentFile> | undefined
  if (file && Buffer.isBuffer(file.content) && file.filename) {
    ctx.set('Content-Disposition', attachment(file.filename))
    ctx.set('X-Content-Type-Options', 'nosniff')
    ctx.set('Cache-Control', 'private, no-store')
    if (file.sha256) ctx.set('X-Content-SHA256', file.sha256)
    ctx.type = file.contentType ?? 'application/pdf'
    ctx.body = file.content
  }
  await next()
}

/** PDF documents of the modules (their manifests' `documents`), read through the records' own services. */
export const documentsService = (app: Application) => {
  app.use(documentsPath, new DocumentService(app), {
    methods: [...documentsMethods],
    koa: { after: [sendDocument] }
  } as any)
}
