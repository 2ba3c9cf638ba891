import type { Params } from '@feathersjs/feathers'
import type { Channel } from '@feathersjs/transport-commons'
import type { Knex } from 'knex'
import type { Application, HookContext } from '../../../../declarations.js'
import { portalOf } from '../../../../abilities/permissions.shared.js'
import { appError } from '../../../../errors.js'
import { mayReadProjects, narrowProjects, projectIdPattern, readsProjectOfPart, type ProjectReaders } from '../projects/projects.access.js'
import { projectWorkflow } from '../projects/project.workflow.js'
import { extraReaders } from '../../../../kit/channels.js'
import { callerOf } from '../../../../kit/workflow-runner.js'
import { submissionWorkflow, type ClaimActor, type SubmissionFacts } from '../../claims/submission.workflow.js'
import { subject } from '@casl/ability'
import { defineAccess } from '../../../../kit/access.js'

/*
 * Who reads and writes a project's payment claims, in one place. A claim is a part of its project
 * (spec §6 "Project permissions: read; manage own"; vendors "projects (read-update)"), with no rule
 * of its own:
 * - read: whoever reads the project's accounts (projects.access narrowProjects 'accounts': staff by
 *   their `projects` read rule AND the project's purchase site in their location; the project's
 *   vendor once it is activated; never the main contractor's user of another company, who reads
 *   the site's part only). A caller without any `projects` read rule: 403 first; a claim of a
 *   project whose accounts they do not read: 404, the same answer as for no claim;
 * - write the claim's fields, create, remove a draft, submit and resubmit: the project's vendor
 *   with `update` on the project (the workflow's guard, isClaimVendor);
 * - accept, reject, assign the inspector: staff with `update` on the project (in charge, or any).
 * Live events: the readers of the project's accounts (submissionEventReaders).
 */

export { mayReadProjects as mayReadSubmissions }

/** The claims the caller reads: those of the projects whose accounts they read. Internal calls read all. */
export function narrowSubmissions(query: Knex.QueryBuilder, params: Params, db: Knex, table = 'project_submissions'): Knex.QueryBuilder {
  if (!params.provider) return query
  return query.whereIn(`${table}.projectId`, narrowProjects(db('projects').select('projects.id'), params, db, 'accounts'))
}

/** Writes need a signed-in staff or vendor caller holding some `projects` read rule: 403 before any record is looked at. */
export const mayWriteSubmissions = async (context: HookContext) => {
  const { params } = context
  if (!params.provider) return context
  const portal = params.user ? portalOf(params.user.userType) : null
  if ((portal !== 'staff' && portal !== 'vendors') || !params.ability?.can('read', 'projects')) throw appError(403, 'FORBIDDEN')
  return context
}

/** The facts the workflow's guards and the claim's access read, from the claim and its project. */
export function submissionFacts(claim: { status: string; rejectReason?: string | null }, project: any, rejectReason?: string | null): SubmissionFacts {
  return {
    status: claim.status as SubmissionFacts['status'],
    vendorId: project.companyId,
    managedBy: project.managedBy,
    projectStatus: project.status,
    rejectReason: rejectReason === undefined ? (claim.rejectReason ?? null) : rejectReason
  }
}

/** The caller as the claim's guards read them. */
export const claimActor = (params: Params): ClaimActor => callerOf(params) as ClaimActor

/** The caller may update the project (own: in charge or its vendor; or any). */
function mayUpdateProject(project: any, actor: ClaimActor) {
  return actor.ability.can('update', subject('projects', { ...project, vendorId: project.companyId }))
}

/** The project's vendor with `update` on it: prepares, edits and removes its claims (403 otherwise). Internal calls may. */
export function assertClaimVendor(params: Params, project: any) {
  if (!params.provider) return
  const actor = claimActor(params)
  if (actor.portal !== 'vendors' || String(actor.companyId) !== String(project.companyId) || !mayUpdateProject(project, actor)) throw appError(403, 'FORBIDDEN')
}

/** Staff with `update` on the project: the inspector (403 otherwise). Internal calls may. */
export function assertClaimStaff(params: Params, project: any) {
  if (!params.provider) return
  const actor = claimActor(params)
  if (actor.portal !== 'staff' || !mayUpdateProject(project, actor)) throw appError(403, 'FORBIDDEN')
}

/** Who may be a claim's inspector: the enabled staff accounts of the project's region (the assignment and its picker). */
export function inspectorCandidates(db: Knex, region: string): Knex.QueryBuilder {
  return db('users').where({ enabled: true }).whereBetween('userType', [500, 599]).whereRaw('? = ANY(regions)', [region])
}

/** The actions the caller may take on the claim now (the screen's buttons, as the server decides; a reject asks its reason then). */
export function actionsOf(claim: any, project: any, params: Params): string[] {
  if (!params.user) return []
  return submissionWorkflow.actionsFrom(claim.status, { ...submissionFacts(claim, project), rejectReason: 'reason' }, claimActor(params))
}

/**
 * Live events of a claim (or of the schedule of its project): the connections of the project's
 * region that read the project by its own rules — staff whose `projects` read rule holds on it and
 * whose location reaches its site, the project's vendor once the project is shown to vendors, with
 * a `projects` read rule on it. Nobody else: not the main contractor's user of another company.
 */
export async function submissionEventReaders(app: Application, data: any, _context?: HookContext): Promise<Channel[]> {
  const db = app.get('knex')
  const project = await db('projects').where({ id: data?.projectId }).first()
  if (!project) return []
  const departments: Array<{ userIds: number[] }> = await db('departments').where({ region: project.region }).whereRaw('? = ANY(site_ids)', [project.siteId]).select('userIds')
  const openToAll = departments.some((department) => !department.userIds?.length)
  const siteStaff = new Set(departments.flatMap((department) => department.userIds ?? []).map(Number))
  return [
    extraReaders(app, project.region, [], data, (user, ability) => {
      const portal = portalOf(user.userType)
      const reads = Boolean(ability?.can('read', subject('projects', { ...project })))
      if (portal === 'staff') return (openToAll || siteStaff.has(Number(user.id))) && reads
      if (portal === 'vendors') return projectWorkflow.isIn('vendorVisible', project.status) && String(user.companyId) === String(project.companyId) && reads
      return false
    })
  ]
}

/** The claim's actions that are its vendor's (the rest, accept, reject and the inspector, are staff's). */
const vendorActions = new Set(['update', 'remove', 'submit', 'resubmit'])

/**
 * The claims' access contract (kit/access.ts): the list narrows by `narrowSubmissions`; one claim
 * in hand is read by its project's accounts rules, on the project's copy of its readers
 * (`project_readers_of`, completed by `joined`); its vendor's actions are the project's vendor's
 * with `update` on it, the others staff's with `update` on it. Live events go to
 * `submissionEventReaders`.
 */
export const projectSubmissionsAccess = defineAccess<Record<string, any>>({
  subject: 'projects',
  idPattern: projectIdPattern,
  narrow: (query, caller, db) => narrowSubmissions(query, caller, db),
  async joined(records, db) {
    const ids = [...new Set(records.map((record) => record.projectId))]
    const rows: Array<{ id: string; readers: ProjectReaders }> = await db('projects').whereIn('id', ids).select('id', db.raw('project_readers_of(id) as readers'))
    const readersOf = new Map(rows.map((row) => [row.id, row.readers]))
    return records.map((record) => ({ ...record, projectReaders: readersOf.get(record.projectId) ?? {} }))
  },
  read: (claim, caller) => readsProjectOfPart({ id: claim.id, region: claim.region, projectId: claim.projectId, projectReaders: claim.projectReaders }, caller, 'accounts'),
  act(claim, action, caller) {
    if (!caller.provider) return true
    const readers: ProjectReaders = claim.projectReaders ?? {}
    const project = { id: claim.projectId, region: claim.region, companyId: readers.companyId ?? null, managedBy: readers.managedBy ?? null, status: readers.status }
    const actor = claimActor(caller)
    const portal = vendorActions.has(action) ? 'vendors' : 'staff'
    if (actor.portal !== portal || (portal === 'vendors' && String(actor.companyId) !== String(project.companyId))) return false
    return mayUpdateProject(project, actor) && readsProjectOfPart({ id: claim.id, region: claim.region, projectId: claim.projectId, projectReaders: readers }, caller, 'accounts')
  },
  readers: submissionEventReaders
})
