import type { Params } from '@feathersjs/feathers'
import { subject } from '@casl/ability'
import type { Channel } from '@feathersjs/transport-commons'
import type { Knex } from 'knex'
import type { Application, HookContext } from '../../../../declarations.js'
import { portalOf } from '../../../../abilities/permissions.shared.js'
import { extraReaders } from '../../../../kit/channels.js'
import { appError } from '../../../../errors.js'
import { isMainContractorOf, mainContractorProjectIds, narrowProjects, readsProjectOfPart, type ProjectPart } from '../projects/projects.access.js'
import { projectWorkflow } from '../projects/project.workflow.js'
import { caslAllows, defineAccess } from '../../../../kit/access.js'
import { projectContractorsPath } from './project-contractors.shared.js'

/*
 * Who reads and keeps a project's contractors (spec §6 vendors "project contractor"), in one place:
 * - staff read them through the project: their `projects` read rule and location (projects.access);
 * - the project's vendor reads and keeps them with its `project-contractors` rules ("own" =
 *   companyId, the project's vendor), on projects it reads (activated ones);
 * - the user named the project's MAIN contractor, of another company too, reads them with a
 *   `project-contractors` read rule (the site needs them: PRODUCT.md), and keeps none;
 * - tenants and anyone else: 403. Staff do not write them: the vendor manages its contractors.
 */

/** Before reads: staff need a `projects` read rule, vendors a `project-contractors` one; 403 otherwise. */
export const mayReadContractors = async (context: HookContext) => {
  const { params } = context
  if (!params.provider) return context
  const portal = params.user ? portalOf(params.user.userType) : null
  const allowed = portal === 'staff' ? params.ability?.can('read', 'projects') : portal === 'vendors' ? params.ability?.can('read', 'project-contractors') : false
  if (!allowed) throw appError(403, 'FORBIDDEN')
  return context
}

/**
 * Whether the caller writes contractors with `action` at all: a vendor holding the rule. Staff hold
 * `any` rules through System Admin's grant of the whole catalogue, yet the vendor manages its
 * contractors, so the portal is part of the rule (here and in the contract's `act`).
 */
const vendorMay = (params: Params, action: string) => Boolean(params.user && portalOf(params.user.userType) === 'vendors' && params.ability?.can(action, 'project-contractors'))

/** Writes are the vendor's: staff, tenants and anyone without the rule are refused first (403). */
export const vendorOnly = async (context: HookContext) => {
  const { params } = context
  if (!params.provider) return context
  const action = context.method === 'patch' ? 'update' : context.method === 'remove' ? 'delete' : context.method
  if (!vendorMay(params, action)) throw appError(403, 'FORBIDDEN')
  return context
}

/** The contractors the caller reads: those of the projects they read (and, for a vendor, of its company or of a project it is the main contractor of). */
export function narrowContractors(query: Knex.QueryBuilder, params: Params, db: Knex): Knex.QueryBuilder {
  if (!params.provider) return query
  query.whereIn('project_contractors.projectId', narrowProjects(db('projects').select('projects.id'), params, db))
  const user = params.user
  if (user && portalOf(user.userType) === 'vendors') {
    query.where((own) => own.where('project_contractors.companyId', user.companyId ?? -1).orWhereIn('project_contractors.projectId', mainContractorProjectIds(db, user.id)))
  }
  return query
}

/** 403 unless the external caller may take `action` on this contractor (its CASL rule, own = the project's vendor). */
export function assertMayOnContractor(params: Params, action: string, contractor: Record<string, unknown>) {
  if (params.provider && !(params as any).ability?.can(action, subject('project-contractors', { ...contractor }))) throw appError(403, 'FORBIDDEN')
}

/**
 * Live events of a contractor: the connections of the region that read its project — staff with a
 * `projects` read rule on it whose location reaches its site, the project's vendor and its main
 * contractor's user holding a `project-contractors` read rule while the project is shown to
 * vendors. Nobody else.
 */
async function contractorEventReaders(app: Application, data: any): Promise<Channel[]> {
  const db = app.get('knex')
  const project = await db('projects').where({ id: data.projectId }).first()
  if (!project) return []
  const departments: Array<{ userIds: number[] }> = await db('departments').where({ region: project.region }).whereRaw('? = ANY(site_ids)', [project.siteId]).select('userIds')
  const openToAll = departments.some((department) => !department.userIds?.length)
  const siteStaff = new Set(departments.flatMap((department) => department.userIds ?? []).map(Number))
  const mainUsers = new Set<number>(
    (await db('project_contractors').where({ projectId: project.id, contractorType: 'MAIN' }).whereNotNull('primaryContactUserId').pluck('primaryContactUserId')).map(Number)
  )
  return [
    extraReaders(app, project.region, [], data, (user, ability) => {
      const portal = portalOf(user.userType)
      if (portal === 'staff') return (openToAll || siteStaff.has(Number(user.id))) && Boolean(ability?.can('read', subject('projects', { ...project })))
      if (portal !== 'vendors' || !projectWorkflow.isIn('vendorVisible', project.status)) return false
      if (user.companyId === project.companyId) return Boolean(ability?.can('read', subject('project-contractors', { ...data })))
      return mainUsers.has(Number(user.id)) && Boolean(ability?.can('read', 'project-contractors'))
    })
  ]
}

/**
 * Whether the caller reads this contractor: `narrowContractors` on the stored row (its project's
 * readers from the row's copy; a vendor's own company's, or the MAIN contractor's user's project).
 */
function readsContractor(contractor: ProjectPart & { companyId: number }, caller: Params): boolean {
  const user = caller.user!
  const portal = portalOf(user.userType)
  if (portal === 'vendors' && !caller.ability?.can('read', 'project-contractors')) return false
  if (!readsProjectOfPart(contractor, caller)) return false
  return portal !== 'vendors' || contractor.companyId === (user.companyId ?? -1) || isMainContractorOf(contractor, caller)
}

/**
 * The contractors' access contract (kit/access.ts): read as `narrowContractors` lists them, kept
 * by their project's vendor (its `project-contractors` rules, own = companyId, and never staff's).
 */
export const projectContractorsAccess = defineAccess<ProjectPart & { companyId: number } & Record<string, unknown>>({
  subject: projectContractorsPath,
  narrow: (query, caller, db) => narrowContractors(query, caller, db),
  read: (contractor, caller) => !caller.provider || (caller.user != null && readsContractor(contractor, caller)),
  act(contractor, action, caller) {
    if (!caller.provider) return true
    const rule = action === 'remove' ? 'delete' : action
    return vendorMay(caller, rule) && caslAllows(caller, rule, projectContractorsPath, contractor)
  },
  readers: (app, contractor) => contractorEventReaders(app, contractor)
})
