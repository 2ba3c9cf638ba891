import { schemaHooks } from '../../../../validators.js'
import type { Application } from '../../../../declarations.js'
import { resolveReferences } from '../../../../hooks/resolve-references.js'
import { knexOperators } from '../../../../kit/query.js'
import { sendFileContent } from '../../../../services/files/files.js'
import { TenderDocumentContentService, TenderDocumentService } from './tender-documents.class.js'
import { tenderDocumentDataValidator, tenderDocumentPatchValidator, tenderDocumentQueryValidator } from './tender-documents.schema.js'
import { documentEventReaders } from './tender-documents.access.js'
import { tenderDocumentContentMethods, tenderDocumentContentPath, tenderDocumentsMethods, tenderDocumentsPath } from './tender-documents.shared.js'

declare module '../../../../declarations.js' {
  interface ServiceTypes {
    [tenderDocumentsPath]: TenderDocumentService
    [tenderDocumentContentPath]: TenderDocumentContentService
  }
}

/**
 * A tender's attachments and conditions of contract. Access is the tender's
 * (tender-documents.access.ts), so no permission of its own; real-time events reach its readers.
 */
export const tenderDocuments = (app: Application) => {
  app.use(
    tenderDocumentsPath,
    new TenderDocumentService(
      {
        Model: app.get('knex'),
        name: 'tender_documents',
        paginate: app.get('paginate'),
        operators: knexOperators
      },
      app
    ),
    { methods: [...tenderDocumentsMethods], regional: true, feature: 'TENDERS', concurrency: true, uploads: true } as any
  )

  app.service(tenderDocumentsPath).hooks({
    before: {
      find: [schemaHooks.validateQuery(tenderDocumentQueryValidator)],
      // Who updates no tender changes no document; the tender is read through the tenders service's rules.
      create: [schemaHooks.validateData(tenderDocumentDataValidator), resolveReferences({ tenderId: 'tenders' }, { requires: ['update', 'tenders'] })],
      patch: [schemaHooks.validateData(tenderDocumentPatchValidator)]
    }
  })
  app.service(tenderDocumentsPath).publish((data: any, context: any) => documentEventReaders(app, data, context) as any)

  app.use(tenderDocumentContentPath, new TenderDocumentContentService(app), {
    methods: [...tenderDocumentContentMethods],
    feature: 'TENDERS',
    koa: { after: [sendFileContent] }
  } as any)
}
