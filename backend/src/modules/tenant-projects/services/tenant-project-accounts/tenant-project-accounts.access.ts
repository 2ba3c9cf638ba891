import { defineAccess } from '../../../../kit/access.js'
import { narrowToProjectReaders, projectPartReaders, readsProjectOf, writesProjectOf, type TenantProjectPart } from '../project-parts/project-parts.js'

/*
 * Who reads and writes a tenant project's accounts (spec §6 "Tenant project read: allowed with
 * all-projects access or when the user is one of the project's accounts; update equals read",
 * narrowed as the issue asks): read by whoever reads the project (staff with tenant-project read in
 * the region, the tenancy's master and TenantProject accounts, the users the accounts list);
 * written (and invited) by whoever may update the project: the tenant and staff, not a listed
 * contractor. Decided on the row's copy of its project's readers (project-parts.ts).
 */
export const tenantProjectAccountsAccess = defineAccess<TenantProjectPart>({
  subject: 'tenant-project-accounts',
  narrow: narrowToProjectReaders('tenant_project_accounts'),
  read: (account, caller) => readsProjectOf(account, caller),
  readers: (app, part) => projectPartReaders(app, part),
  act: (account, _action, caller) => writesProjectOf(account, caller)
})
