import { schemaHooks } from '../../../../validators.js'
import type { Application } from '../../../../declarations.js'
import { sendFileContent } from '../../../../services/files/files.js'
import { recordDocumentReaders } from '../../../../services/files/record-documents.js'
import { HotbDocumentContentService, HotbDocumentService } from './hotb-documents.class.js'
import { hotbDocumentDataValidator, hotbDocumentQueryValidator } from './hotb-documents.schema.js'
import { hotbDocumentContentPath, hotbDocumentsMethods, hotbDocumentsPath } from './hotb-documents.shared.js'

declare module '../../../../declarations.js' {
  interface ServiceTypes {
    [hotbDocumentsPath]: HotbDocumentService
    [hotbDocumentContentPath]: HotbDocumentContentService
  }
}

/** The signed, unsigned and attached documents of a record (spec hotb §3, §4); who: hotb-documents.class.ts. */
export const hotbDocuments = (app: Application) => {
  const common = { regional: true, feature: 'TENANT_PROJECTS' }
  app.use(hotbDocumentsPath, new HotbDocumentService({ Model: app.get('knex'), name: 'hotb_documents', paginate: app.get('paginate') }, app), {
    methods: [...hotbDocumentsMethods],
    ...common,
    uploads: true
  } as any)
  app.service(hotbDocumentsPath).hooks({
    before: { find: [schemaHooks.validateQuery(hotbDocumentQueryValidator)], create: [schemaHooks.validateData(hotbDocumentDataValidator)] }
  })
  // A document's events reach whoever reads its record, as the record's own events do (a tenant once it is scheduled).
  app.service(hotbDocumentsPath).publish((data: any, context: any) => recordDocumentReaders(app, data, context, { table: 'hotb', path: 'hotb', column: 'hotbId' }) as any)
  app.use(hotbDocumentContentPath, new HotbDocumentContentService(app), { methods: ['find'], ...common, koa: { after: [sendFileContent] } } as any)
}
