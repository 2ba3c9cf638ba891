import { caslAllows, defineAccess } from '../../../../kit/access.js'
import { narrowToProjectReaders, projectPartReaders, readsProjectOf, type TenantProjectPart } from '../project-parts/project-parts.js'

/*
 * Who reads a project's final documents and their history (spec §6 "Tenant project read ... update
 * equals read"): whoever reads the project, the tenant included (it hands them in). Who acts: the
 * staff holding the workflow's permission (final-document.workflow.ts) on a record they read.
 */
export const tenantProjectFinalDocumentsAccess = defineAccess<TenantProjectPart>({
  subject: 'tenant-project-final-documents',
  narrow: narrowToProjectReaders('tenant_project_final_documents'),
  read: (row, caller) => readsProjectOf(row, caller),
  readers: (app, part) => projectPartReaders(app, part),
  act: (row, action, caller) =>
    readsProjectOf(row, caller) && (action === 'update' ? caslAllows(caller, 'exempt', 'tenant-project-final-documents', row) : caslAllows(caller, action, 'tenant-project-final-documents', row))
})

export const tenantProjectFinalDocumentHistoriesAccess = defineAccess<TenantProjectPart>({
  subject: 'tenant-project-final-document-histories',
  narrow: narrowToProjectReaders('tenant_project_final_document_histories'),
  read: (row, caller) => readsProjectOf(row, caller),
  readers: (app, part) => projectPartReaders(app, part),
  act: () => false
})
