import { hooks as schemaHooks } from '@feathersjs/schema'
import type { Application } from '../../../../declarations.js'
import { knexOperators } from '../../../../kit/query.js'
import { WorkflowKnexService } from '../../../../kit/workflow-runner.js'
import { mayReadTenantProjects } from '../project-parts/project-parts.js'
import { tenantProjectFinalDocumentHistoriesAccess, tenantProjectFinalDocumentsAccess } from './final-documents.access.js'
import { TenantProjectFinalDocumentService } from './tenant-project-final-documents.class.js'
import {
  tenantProjectFinalDocumentActionValidator,
  tenantProjectFinalDocumentDataValidator,
  tenantProjectFinalDocumentHistoryQueryValidator,
  tenantProjectFinalDocumentPatchValidator,
  tenantProjectFinalDocumentQueryValidator
} from './final-documents.schema.js'
import { tenantProjectFinalDocumentHistoriesPath, tenantProjectFinalDocumentsMethods, tenantProjectFinalDocumentsPath } from './final-documents.shared.js'

/** The history of a project's final documents (spec GET final_document/{id}/histories): read only, written by the acts it records. */
class TenantProjectFinalDocumentHistoryService extends WorkflowKnexService<any> {
  async find(params: any = {}) {
    return super._find({ ...params, query: { $sort: { id: 1 }, ...(params.query ?? {}) } })
  }
}

declare module '../../../../declarations.js' {
  interface ServiceTypes {
    [tenantProjectFinalDocumentsPath]: TenantProjectFinalDocumentService
    [tenantProjectFinalDocumentHistoriesPath]: TenantProjectFinalDocumentHistoryService
  }
}

const options = (app: Application, name: string) => ({ Model: app.get('knex'), name, paginate: app.get('paginate'), operators: knexOperators })

/** A tenant project's final documents and their history (spec §3, §4, §7; issue 30 item 7). */
export const tenantProjectFinalDocuments = (app: Application) => {
  const common = { regional: true, feature: 'TENANT_PROJECTS' }
  app.use(tenantProjectFinalDocumentsPath, new TenantProjectFinalDocumentService(options(app, 'tenant_project_final_documents'), app), {
    methods: [...tenantProjectFinalDocumentsMethods],
    ...common,
    concurrency: true,
    // The spec's PATCH of the record is its exemption flag.
    permissionOf: { patch: 'exempt' },
    access: tenantProjectFinalDocumentsAccess
  } as any)
  app.service(tenantProjectFinalDocumentsPath).hooks({
    before: {
      all: [mayReadTenantProjects],
      find: [schemaHooks.validateQuery(tenantProjectFinalDocumentQueryValidator)],
      get: [schemaHooks.validateQuery(tenantProjectFinalDocumentQueryValidator)],
      create: [schemaHooks.validateData(tenantProjectFinalDocumentDataValidator)],
      patch: [schemaHooks.validateData(tenantProjectFinalDocumentPatchValidator)],
      sendReminder: [schemaHooks.validateData(tenantProjectFinalDocumentActionValidator)],
      complete: [schemaHooks.validateData(tenantProjectFinalDocumentActionValidator)],
      exempt: [schemaHooks.validateData(tenantProjectFinalDocumentActionValidator)]
    }
  } as any)

  app.use(
    tenantProjectFinalDocumentHistoriesPath,
    new TenantProjectFinalDocumentHistoryService(options(app, 'tenant_project_final_document_histories'), app, { resource: 'tenant-project-final-document-histories' }),
    { methods: ['find'], ...common, access: tenantProjectFinalDocumentHistoriesAccess } as any
  )
  app.service(tenantProjectFinalDocumentHistoriesPath).hooks({ before: { all: [mayReadTenantProjects], find: [schemaHooks.validateQuery(tenantProjectFinalDocumentHistoryQueryValidator)] } } as any)
}
