import type { Params } from '@feathersjs/feathers'
import { portalOf } from '../../../../abilities/permissions.shared.js'
import { caslAllows, defineAccess } from '../../../../kit/access.js'
import { subject } from '@casl/ability'
import { extraReaders } from '../../../../kit/channels.js'
import { narrowToProjectReaders, projectOf, readsProjectOf, type TenantProjectPart } from '../project-parts/project-parts.js'

/*
 * Who reads a project's deposit ledger (spec §6 "A tenant's deposit, insurance and inspection
 * documents always load; for staff only with the matching read right"): the project's readers on
 * the tenant's side (decided on the row's copy of its project's readers: project-parts.ts), staff
 * only with `read` on the resource itself (Accounting, the Project Manager). Who acts: the action's
 * permission on the resource, on a record the caller reads (the refund's table asks the same).
 */

/** Staff need the resource's own read right; the tenant's side reads what its project lets it. */
const staffRightFor = (resource: string, caller: Params, row: Record<string, unknown>) =>
  !caller.provider || !caller.user || portalOf((caller.user as any).userType) !== 'staff' || caslAllows(caller, 'read', resource, row)

export function ledgerAccess(table: string, resource: string) {
  const byProject = narrowToProjectReaders(table)
  return defineAccess<TenantProjectPart>({
    subject: resource,
    narrow: (query, caller) => {
      const narrowed = byProject(query, caller)
      return staffRightFor(resource, caller, {}) ? narrowed : narrowed.whereRaw('false')
    },
    read: (row, caller) => readsProjectOf(row, caller) && staffRightFor(resource, caller, row),
    // The live events go to those who read the project and, for staff, hold the resource's read right.
    readers: (app, part) =>
      part?.region
        ? [
            extraReaders(app, part.region, [], part, (user: any, ability: any) =>
              Boolean(ability?.can('read', subject('tenant-projects', projectOf(part))) && (portalOf(user?.userType) !== 'staff' || ability?.can('read', subject(resource, { ...part }))))
            )
          ]
        : [],
    act: (row, action, caller) => readsProjectOf(row, caller) && staffRightFor(resource, caller, row) && caslAllows(caller, action, resource, row)
  })
}

export const depositsAccess = ledgerAccess('tenant_project_deposits', 'tenant-project-deposits')
export const deductionsAccess = ledgerAccess('tenant_project_deposit_deductions', 'tenant-project-deductions')
export const refundsAccess = ledgerAccess('tenant_project_refunds', 'tenant-project-refunds')
export const managementFeesAccess = ledgerAccess('tenant_project_management_fees', 'tenant-project-management-fees')
