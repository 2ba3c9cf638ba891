import type { Params } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import { appError } from '../../../../errors.js'
import { narrowProjects } from '../projects/projects.access.js'
import { claimActor } from '../project-submissions/project-submissions.access.js'
import { isChangeOrderStaff, isChangeOrderVendor, type ChangeOrderFacts } from './project-change-order.workflow.js'

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

/** The project's vendor or staff with `update` on the project (403 otherwise). Internal calls may. */
export function assertMayPrepare(params: Params, project: any) {
  if (!params.provider) return
  const facts = changeOrderFacts({ status: 'DRAFT' }, project)
  const actor = claimActor(params)
  if (!isChangeOrderVendor(facts, actor) && !isChangeOrderStaff(facts, actor)) throw appError(403, 'FORBIDDEN')
}

/** Staff with `update` on the project: approve and reject; a vendor never (403). Internal calls may. */
export function assertMayDecide(params: Params, project: any) {
  if (!params.provider) return
  if (!isChangeOrderStaff(changeOrderFacts({ status: 'SUBMITTED' }, project), claimActor(params))) throw appError(403, 'FORBIDDEN')
}
