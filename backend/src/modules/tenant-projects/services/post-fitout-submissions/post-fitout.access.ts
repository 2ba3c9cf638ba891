import type { Params } from '@feathersjs/feathers'
import { subject } from '@casl/ability'
import { portalOf } from '../../../../abilities/permissions.shared.js'
import { caslAllows, defineAccess } from '../../../../kit/access.js'
import { extraReaders } from '../../../../kit/channels.js'
import { narrowToProjectReaders, projectOf, readsProjectOf, type TenantProjectPart } from '../project-parts/project-parts.js'
import { postFitoutStaffFields, postFitoutSubmissionsPath } from './post-fitout.shared.js'

/*
 * Who reads a project's post-fit-out rounds (issue 30 item 8; spec §6 "Tenant project read ...
 * update equals read"): the tenant's side whoever reads the project (its master account, the
 * accounts with TenantProject, the users its accounts list), without staff's fields; staff only
 * with `read` on the resource itself, in the region (the regional service keeps it); vendors and
 * everyone else nothing. Who acts: the action's permission on the resource, on a round the caller
 * reads. The same in lists, gets, writes and live events.
 */

const resource = postFitoutSubmissionsPath
const byProject = narrowToProjectReaders('tenant_project_post_fitout_submissions')

/** Whether the caller reads as staff (internal calls do): staff's fields are theirs. */
export const readsAsStaff = (caller: Params) => !caller.provider || Boolean(caller.user && portalOf((caller.user as any).userType) === 'staff')

/** Staff need the resource's own read right; the tenant's side reads what its project lets it. */
const staffRight = (caller: Params, row: Record<string, unknown>) => !caller.provider || !readsAsStaff(caller) || caslAllows(caller, 'read', resource, row)

/** The round as the tenant's side reads it: without staff's fields. */
export const asTenantReads = <T extends Record<string, unknown>>(row: T): T => {
  const copy: Record<string, unknown> = { ...row }
  for (const field of postFitoutStaffFields) delete copy[field]
  return copy as T
}

export const postFitoutSubmissionsAccess = defineAccess<TenantProjectPart>({
  subject: resource,
  narrow: (query, caller) => (staffRight(caller, {}) ? byProject(query, caller) : query.whereRaw('false')),
  read: (row, caller) => readsProjectOf(row, caller) && staffRight(caller, row),
  readers: (app, part) => {
    if (!part?.region) return []
    const readsProject = (ability: any) => Boolean(ability?.can('read', subject('tenant-projects', projectOf(part))))
    const staff = extraReaders(
      app,
      part.region,
      [],
      part,
      (user: any, ability: any) => portalOf(user?.userType) === 'staff' && readsProject(ability) && ability?.can('read', subject(resource, { ...part }))
    )
    const tenantSide = extraReaders(app, part.region, [staff], asTenantReads(part), (user: any, ability: any) => portalOf(user?.userType) === 'tenants' && readsProject(ability))
    return [staff, tenantSide]
  },
  act: (row, action, caller) => readsProjectOf(row, caller) && staffRight(caller, row) && caslAllows(caller, action, resource, row)
})
