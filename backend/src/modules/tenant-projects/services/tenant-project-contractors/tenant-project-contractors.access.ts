import { defineAccess } from '../../../../kit/access.js'
import { narrowToProjectReaders, projectPartReaders, readsProjectOf, writesProjectOf, type TenantProjectPart } from '../project-parts/project-parts.js'

/*
 * Who reads and writes a tenant project's contractor rows: as its accounts (spec §6), read by
 * whoever reads the project, written by whoever may update it (the tenant, staff); decided on the
 * row's copy of its project's readers (project-parts.ts).
 */
export const tenantProjectContractorsAccess = defineAccess<TenantProjectPart>({
  subject: 'tenant-project-contractors',
  narrow: narrowToProjectReaders('tenant_project_contractors'),
  read: (row, caller) => readsProjectOf(row, caller),
  readers: (app, part) => projectPartReaders(app, part),
  act: (row, _action, caller) => writesProjectOf(row, caller)
})
