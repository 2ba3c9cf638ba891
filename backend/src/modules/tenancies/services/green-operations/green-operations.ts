import { schemaHooks } from '../../../../validators.js'
import type { Application } from '../../../../declarations.js'
import { knexOperators } from '../../../../kit/query.js'
import { sendFileContent } from '../../../../services/files/files.js'
import { GreenOperationService } from './green-operations.class.js'
import { GreenDocumentContentService, GreenDocumentService } from './green-operation-documents.class.js'
import { authorizeGreen, greenOperationsAccess } from './green-operations.access.js'
import { greenDocumentDataValidator, greenDocumentQueryValidator, greenOperationDataValidator, greenOperationPatchValidator, greenOperationQueryValidator } from './green-operations.schema.js'
import { greenDocumentContentPath, greenDocumentsMethods, greenDocumentsPath, greenOperationsMethods, greenOperationsPath } from './green-operations.shared.js'

declare module '../../../../declarations.js' {
  interface ServiceTypes {
    [greenOperationsPath]: GreenOperationService
    [greenDocumentsPath]: GreenDocumentService
    [greenDocumentContentPath]: GreenDocumentContentService
  }
}

/** Green operation records of a tenancy and their documents (the sustainability initiatives tab), with GREEN_OPERATION on. */
export const greenOperations = (app: Application) => {
  app.use(greenOperationsPath, new GreenOperationService({ Model: app.get('knex'), name: 'green_operations', paginate: app.get('paginate'), operators: knexOperators }, app), {
    methods: [...greenOperationsMethods],
    regional: true,
    feature: 'GREEN_OPERATION',
    concurrency: true,
    access: greenOperationsAccess
  } as any)
  app.service(greenOperationsPath).hooks({
    before: {
      find: [authorizeGreen, schemaHooks.validateQuery(greenOperationQueryValidator)],
      get: [authorizeGreen],
      create: [authorizeGreen, schemaHooks.validateData(greenOperationDataValidator)],
      patch: [authorizeGreen, schemaHooks.validateData(greenOperationPatchValidator)],
      remove: [authorizeGreen]
    }
  } as any)

  app.use(greenDocumentsPath, new GreenDocumentService({ Model: app.get('knex'), name: 'green_operation_documents', paginate: app.get('paginate') }, app), {
    methods: [...greenDocumentsMethods],
    regional: true,
    feature: 'GREEN_OPERATION',
    uploads: true
  } as any)
  app.service(greenDocumentsPath).hooks({
    before: { find: [schemaHooks.validateQuery(greenDocumentQueryValidator)], create: [schemaHooks.validateData(greenDocumentDataValidator)] }
  })
  // The tab reloads after its own uploads: no live event of a document reaches anyone.
  app.service(greenDocumentsPath).publish(() => [] as any)

  app.use(greenDocumentContentPath, new GreenDocumentContentService(app), {
    methods: ['find'],
    feature: 'GREEN_OPERATION',
    koa: { after: [sendFileContent] }
  } as any)
}
