import { caslAllows, defineAccess } from '../../../../kit/access.js'

/*
 * Who reads and acts on tenant projects (spec §6 "Tenant project read: allowed with all-projects
 * access or when the user is one of the project's accounts; update equals read"), in CASL's words
 * only, on the project's own columns:
 * - staff: their `tenant-projects` rules in the region (the regional service keeps them to it);
 * - a tenancy's master account (Tenant Admin) and a sub-account holding the TenantProject perm:
 *   "own", the projects of their tenancy (`tenancyId`); the project's own accounts come with the
 *   project's people;
 * - vendors: no rule, so nothing.
 * The CASL conditions are applied to the query by the authorize hook, so the contract needs no
 * `narrow`; live events go to the connections whose read rule covers the record (the default).
 */
export const tenantProjectsAccess = defineAccess<{ id: number; tenancyId: number; status: string } & Record<string, unknown>>({
  subject: 'tenant-projects',
  read: (project, caller) => caslAllows(caller, 'read', 'tenant-projects', project),
  act: (project, action, caller) => caslAllows(caller, 'read', 'tenant-projects', project) && caslAllows(caller, action, 'tenant-projects', project)
})
