import { schemaHooks } from '../../validators.js'
import type { Context, Next } from 'koa'
import type { Application, HookContext } from '../../declarations.js'
import { authorize } from '../../hooks/authorize.js'
import { resolveReferences } from '../../hooks/resolve-references.js'
import { omitFields } from '../../hooks/omit-fields.js'
import { attachment } from '../../storage/content-disposition.js'
import { knexOperators } from '../../kit/query.js'
import { FileContentService, type FileContent } from './file-content.class.js'
import { FileService } from './files.class.js'
import { fileDataValidator, filePatchValidator, fileQueryValidator, fileSchema } from './files.schema.js'
import { fileContentMethods, fileContentPath, filesMethods, filesPath } from './files.shared.js'

declare module '../../declarations.js' {
  interface ServiceTypes {
    [filesPath]: FileService
    [fileContentPath]: FileContentService
  }
}

/** Replaces the JSON answer of `files/:id/content` by the file itself, as an attachment. */
export const sendFileContent = async (ctx: Context, next: Next) => {
  const { file, content } = (ctx.body ?? {}) as Partial<FileContent>
  if (file && content) {
    ctx.set('Content-Disposition', attachment(file.name))
    ctx.set('X-Content-Type-Options', 'nosniff')
    ctx.set('Cache-Control', 'private, no-store')
    ctx.type = file.mimeType
    if (ctx.method === 'HEAD') {
      content.destroy()
      ctx.body = null
    } else {
      ctx.body = content
    }
    ctx.length = file.size
  }
  await next()
}

/** Who uploads is taken from the session, before the ability checks the new record. */
const stampUploader = (context: HookContext) => {
  const { user, provider } = context.params
  if (!provider) return context
  context.data = {
    ...context.data,
    uploadedBy: user?.id ?? null,
    companyId: user?.companyId ?? null,
    tenancyId: user?.tenancyId ?? null,
    managedBy: user?.id ?? null
  }
  return context
}

const authorizeFile = () => authorize(fileSchema)

/** The record a file is uploaded for (`ownerResource`, `ownerId`): one the caller reads through that record's service. */
const ownerReference = resolveReferences({ ownerId: { service: (data) => data.ownerResource } })

export const files = (app: Application) => {
  app.use(
    filesPath,
    new FileService(
      {
        Model: app.get('knex'),
        name: 'files',
        paginate: app.get('paginate'),
        operators: knexOperators
      },
      app
    ),
    { methods: [...filesMethods], regional: true, concurrency: true, uploads: true } as any
  )

  app.service(filesPath).hooks({
    before: {
      find: [schemaHooks.validateQuery(fileQueryValidator), authorizeFile()],
      get: [schemaHooks.validateQuery(fileQueryValidator), authorizeFile()],
      create: [schemaHooks.validateData(fileDataValidator), stampUploader, authorizeFile(), ownerReference],
      patch: [schemaHooks.validateData(filePatchValidator), authorizeFile()],
      remove: [authorizeFile()]
    },
    after: {
      find: [authorizeFile()],
      get: [authorizeFile()],
      create: [authorizeFile()],
      patch: [authorizeFile()],
      remove: [authorizeFile()],
      all: [omitFields('storageKey')]
    }
  })

  app.use(fileContentPath, new FileContentService(app), {
    methods: [...fileContentMethods],
    koa: { after: [sendFileContent] }
  } as any)
}
