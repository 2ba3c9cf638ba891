import type { Params } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import { appError } from '../../../../errors.js'
import { narrowProjects, readsProjectOfPart, type ProjectPart } from '../projects/projects.access.js'
import { claimActor, submissionEventReaders } from '../project-submissions/project-submissions.access.js'
import { portalOf } from '../../../../abilities/permissions.shared.js'
import { defineAccess } from '../../../../kit/access.js'
import { projectChangeOrdersPath } from './project-change-orders.shared.js'
import { changeOrderWorkflow, isChangeOrderStaff, isChangeOrderVendor, type ChangeOrderFacts } from './project-change-order.workflow.js'

/*
 * Who reads and writes a project's change orders, in one place. A change order is a part of its
 * project's accounts, as the schedule of values and the claims are:
 * - read: whoever reads the project's accounts (projects.access narrowProjects 'accounts': staff by
 *   their `projects` read rule and location, the project's vendor company once activated; never
 *   another vendor, nor the main contractor's user of another company): 404 for anyone else, the
 *   same answer as for no change order; no `projects` read rule at all is 403 first (the
 *   submissions' mayReadSubmissions / mayWriteSubmissions hooks);
 * - prepare (create, edit a draft, submit): the project's vendor or its staff, with `update` on the
 *   project (the workflow's guard, mayPrepareChangeOrder), 403 otherwise;
 * - approve, reject: staff with `update` on the project (in charge, or any), never a vendor: 403.
 * Live events: the readers of the project's accounts (submissionEventReaders).
 */

/** The change orders the caller reads: those of the projects whose accounts they read. Internal calls read all. */
export function narrowChangeOrders(query: Knex.QueryBuilder, params: Params, db: Knex): Knex.QueryBuilder {
  if (!params.provider) return query
  return query.whereIn('project_change_orders.projectId', narrowProjects(db('projects').select('projects.id'), params, db, 'accounts'))
}

/** The facts the workflow's guards read, from the change order and its project. */
export function changeOrderFacts(changeOrder: { status: string; rejectReason?: string | null }, project: any, rejectReason?: string | null): ChangeOrderFacts {
  return {
    status: changeOrder.status as ChangeOrderFacts['status'],
    vendorId: project?.companyId ?? null,
    managedBy: project?.managedBy ?? null,
    projectStatus: project?.status,
    rejectReason: rejectReason === undefined ? (changeOrder.rejectReason ?? null) : rejectReason
  }
}

/** Whether the caller prepares the project's change orders: its vendor or staff with `update` on the project. Internal calls may. */
function prepares(params: Params, project: any): boolean {
  if (!params.provider) return true
  const facts = changeOrderFacts({ status: 'DRAFT' }, project)
  const actor = claimActor(params)
  return isChangeOrderVendor(facts, actor) || isChangeOrderStaff(facts, actor)
}

/** Whether the caller decides on the project's change orders: staff with `update` on the project, never a vendor. Internal calls may. */
function decides(params: Params, project: any): boolean {
  return !params.provider || isChangeOrderStaff(changeOrderFacts({ status: 'SUBMITTED' }, project), claimActor(params))
}

/** The project's vendor or staff with `update` on the project (403 otherwise). Internal calls may. */
export function assertMayPrepare(params: Params, project: any) {
  if (!prepares(params, project)) throw appError(403, 'FORBIDDEN')
}

/** Staff with `update` on the project: approve and reject; a vendor never (403). Internal calls may. */
export function assertMayDecide(params: Params, project: any) {
  if (!decides(params, project)) throw appError(403, 'FORBIDDEN')
}

/** The project of a change order as the rules above read it: the row's copy of its project's readers. */
const projectOf = (changeOrder: ProjectPart) => {
  const readers = changeOrder.projectReaders ?? {}
  return { id: changeOrder.projectId, region: changeOrder.region, companyId: readers.companyId ?? null, managedBy: readers.managedBy ?? null, status: readers.status }
}
const projectRuns = (project: { status?: string }) => project.status === 'ACTIVE' || project.status === 'COMPLETED'

/**
 * The change orders' access contract (kit/access.ts): read by whoever reads the project's accounts
 * (the row's copy of its project's readers); a draft edited, removed and submitted by its
 * preparers (submitted while the project runs), a submitted one decided by staff while it runs.
 */
export const changeOrdersAccess = defineAccess<ProjectPart & { status: string } & Record<string, unknown>>({
  subject: projectChangeOrdersPath,
  narrow: (query, caller, db) => narrowChangeOrders(query, caller, db),
  read: (changeOrder, caller) => !caller.provider || (['staff', 'vendors'].includes(caller.user ? portalOf(caller.user.userType) : '') && readsProjectOfPart(changeOrder, caller, 'accounts')),
  act(changeOrder, action, caller) {
    if (!caller.provider) return true
    const project = projectOf(changeOrder)
    const draft = changeOrderWorkflow.isIn('editable', changeOrder.status)
    if (action === 'update' || action === 'remove') return draft && prepares(caller, project)
    if (action === 'submit') return draft && prepares(caller, project) && projectRuns(project)
    if (action === 'approve' || action === 'reject') return changeOrder.status === 'SUBMITTED' && decides(caller, project) && projectRuns(project)
    return false
  },
  readers: submissionEventReaders
})
