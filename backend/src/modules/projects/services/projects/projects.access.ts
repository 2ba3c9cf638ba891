import type { Params } from '@feathersjs/feathers'
import { rulesToQuery } from '@casl/ability/extra'
import type { Channel } from '@feathersjs/transport-commons'
import type { Knex } from 'knex'
import type { Application, HookContext } from '../../../../declarations.js'
import { portalOf } from '../../../../abilities/permissions.shared.js'
import { connectionUser, extraReaders, readersOf } from '../../../../kit/channels.js'
import { appError } from '../../../../errors.js'
import { projectWorkflow } from './project.workflow.js'
import { caslAllows, defineAccess } from '../../../../kit/access.js'

/*
 * Who reads projects, in one place and in CASL's vocabulary (spec §6 "Project access"): used by
 * find, get, the lock of every write and workflow action, the export and the live events.
 * - staff through their `projects` read rule (unconditioned: any project; "own": those in their
 *   charge, managedBy) AND a location matching the project's purchase site: the site is one of a
 *   department of the region that lists them, or lists nobody (open to the region, as the PR
 *   check reads departments);
 * - vendors through their `projects` read rule, "own" = their company's projects (companyId: the
 *   master account's Vendor Admin group, a sub-account's Projects toggle), and the user named the
 *   primary contact of a project's MAIN contractor (of any company) that project, once the
 *   project is activated (a draft is staff's own: the vendor is invited by the activation);
 * - tenants and anyone else: no rule, 403.
 * How far that reading goes (ProjectReach, issue 27 item 8): the main contractor's user of another
 * company reads what the site needs, never the project's money (its claims, schedule, ledger,
 * retention), which stays with the vendor's company and staff.
 * Writes: staff only; `update` (manage own) on the record for edits and the workflow, and
 * `changeManager` for the person in charge.
 */

/** The columns of a rule's conditions as knex conditions: equality, `$in` and `$nin` (what defineRules writes). */
function applyConditions(builder: Knex.QueryBuilder, conditions: Record<string, any>) {
  for (const [field, value] of Object.entries(conditions)) {
    const column = `projects.${field}`
    if (value && typeof value === 'object' && '$in' in value) builder.whereIn(column, value.$in)
    else if (value && typeof value === 'object' && '$nin' in value) builder.whereNotIn(column, value.$nin)
    else if (value === null) builder.whereNull(column)
    else builder.where(column, value)
  }
}

/** The sites whose projects a staff member's location reaches in the region (a subquery of site ids). */
export function staffSiteIds(db: Knex, region: string | undefined, userId: number) {
  return db('departments')
    .modify((q) => {
      if (region) q.where('departments.region', region)
    })
    .where((open) => open.whereRaw('cardinality(departments.user_ids) = 0').orWhereRaw('? = ANY(departments.user_ids)', [userId]))
    .select(db.raw('unnest(departments.site_ids)'))
}

/** The projects whose MAIN contractor's primary contact is this user (spec §6 "a contractor has access if the main contractor user"). */
export function mainContractorProjectIds(db: Knex, userId: number) {
  return db('project_contractors').where({ contractorType: 'MAIN', primaryContactUserId: userId }).select('project_contractors.projectId')
}

/**
 * What of a project a reader reaches (PRODUCT.md "a project's main contractor from another
 * company gets what the site needs"): `site` is the project's information, documents,
 * contractors and work permits, read by its main contractor's user of whatever company too;
 * `accounts` is its money (claims with their versions, PDFs and certificates, the schedule of
 * values, the ledger, the retention calendar), read by the project's vendor company and staff only.
 */
export type ProjectReach = 'site' | 'accounts'

/** The projects the caller reads (to `reach`): the list's narrowing and the lock of every write. Internal calls read all. */
export function narrowProjects(query: Knex.QueryBuilder, params: Params, db: Knex, reach: ProjectReach = 'site'): Knex.QueryBuilder {
  if (!params.provider) return query
  const user = params.user
  const ability = params.ability
  const found = user && ability ? rulesToQuery(ability, 'read', 'projects', (rule: any) => (rule.inverted ? { $not: rule.conditions } : rule.conditions)) : null
  if (found === null) return query.whereRaw('false')
  const { $or, $and } = found as { $or?: Record<string, any>[]; $and?: Array<{ $not: Record<string, any> }> }
  const portal = portalOf(user!.userType)
  query.where((readable) => {
    readable.where((byRule) => {
      if ($or) byRule.where((any) => $or.forEach((conditions) => any.orWhere((one) => applyConditions(one, conditions))))
      for (const { $not } of $and ?? []) byRule.whereNot((one) => applyConditions(one, $not))
    })
    // The main contractor's user, of whatever company, reads the project it was invited to. As an
    // array the database works out once (not `IN (subquery)`), so the OR of the two is two index
    // reads: a vendor's list of 20,000 projects counted in 2 ms instead of 17 (a full scan).
    if (portal === 'vendors' && reach === 'site') readable.orWhereRaw('projects.id = ANY(ARRAY(?))', [mainContractorProjectIds(db, user!.id)])
  })
  if (portal === 'staff') query.whereIn('projects.siteId', staffSiteIds(db, params.region, user!.id))
  else if (portal === 'vendors') query.whereIn('projects.status', [...projectWorkflow.phases.vendorVisible])
  else query.whereRaw('false')
  return query
}

/** Before find and get: the caller needs a `projects` read rule at all (403 otherwise, before any record is looked at). */
export const mayReadProjects = async (context: HookContext) => {
  const { params } = context
  if (params.provider && !params.ability?.can('read', 'projects')) throw appError(403, 'FORBIDDEN')
  return context
}

/** Writes (create, edits, workflow, person in charge) are staff's: vendors and tenants are refused first (403). */
export const staffOnly = async (context: HookContext) => {
  const user = context.params.user
  if (context.params.provider && (!user || portalOf(user.userType) !== 'staff')) throw appError(403, 'FORBIDDEN')
  return context
}

/** Whether a signed-in user reaches this project by its site (staff) or its status (vendors), the part of the rules CASL does not hold. */
async function reachesProject(db: Knex, user: { id: number; userType: number }, project: { siteId: number; status: string; region: string }, siteCache: Map<number, Promise<number[]>>) {
  const portal = portalOf(user.userType)
  if (portal === 'vendors') return projectWorkflow.isIn('vendorVisible', project.status)
  if (portal !== 'staff') return false
  let sites = siteCache.get(user.id)
  if (!sites) {
    sites = staffSiteIds(db, project.region, user.id).then((rows: any[]) => rows.map((row) => Number(row.unnest)))
    siteCache.set(user.id, sites)
  }
  return (await sites).includes(Number(project.siteId))
}

/**
 * Live events of a project: the connections of its region whose ability reads it (readersOf:
 * staff any or own, the vendor of its company) and that it reaches by the same location and
 * status rules as the list. Nobody else: not another vendor, not a tenant, not staff elsewhere.
 */
export async function projectEventReaders(app: Application, data: any, context: HookContext): Promise<Channel[]> {
  const db = app.get('knex')
  const siteCache = new Map<number, Promise<number[]>>()
  const readers = readersOf(app, data, context)
  const out: Channel[] = []
  // The main contractor's user reads the project without a rule on its company: heard as well.
  const mainUsers = new Set<number>(
    data?.id && projectWorkflow.isIn('vendorVisible', data.status)
      ? (await db('project_contractors').where({ projectId: data.id, contractorType: 'MAIN' }).whereNotNull('primaryContactUserId').select('primaryContactUserId')).map((row: any) =>
          Number(row.primaryContactUserId)
        )
      : []
  )
  for (const channel of readers) {
    const kept: any[] = []
    for (const connection of channel.connections) {
      const user = connectionUser(app, connection as any)
      if (user && (await reachesProject(db, user as any, data, siteCache))) kept.push(connection)
    }
    out.push(channel.filter((connection: any) => kept.includes(connection)))
  }
  if (mainUsers.size && data.region) {
    out.push(extraReaders(app, data.region, out, data, (user, ability) => mainUsers.has(Number(user.id)) && portalOf(user.userType) === 'vendors' && Boolean(ability?.can('read', 'projects'))))
  }
  return out
}

/** What of its project a part (contractor, folder, schedule line) keeps a copy of for its readers (migration 20261206170000, kept by triggers). */
export interface ProjectReaders {
  companyId?: number | null
  managedBy?: number | null
  status?: string
  siteOpen?: boolean
  siteUserIds?: number[]
  mainUserIds?: number[]
}

export interface ProjectPart {
  id: number
  region: string
  projectId: string
  projectReaders?: ProjectReaders | null
}

/** Whether the caller is the MAIN contractor's primary contact of the part's project. */
export const isMainContractorOf = (part: ProjectPart, caller: Params) => Boolean(caller.user && (part.projectReaders?.mainUserIds ?? []).map(Number).includes(Number(caller.user.id)))

/**
 * Whether the caller reads the part's project (to `reach`) as `narrowProjects` lists it, decided on
 * the part's copy of its project's readers: an access contract's `read` of a project's part.
 */
export function readsProjectOfPart(part: ProjectPart, caller: Params, reach: ProjectReach = 'site'): boolean {
  if (!caller.provider) return true
  const user = caller.user
  const ability = (caller as any).ability
  if (!user || !ability?.can('read', 'projects')) return false
  const readers = part.projectReaders ?? {}
  const project = { id: part.projectId, region: part.region, companyId: readers.companyId ?? null, managedBy: readers.managedBy ?? null, status: readers.status }
  const portal = portalOf(user.userType)
  if (portal === 'staff') return caslAllows(caller, 'read', 'projects', project) && (Boolean(readers.siteOpen) || (readers.siteUserIds ?? []).map(Number).includes(Number(user.id)))
  if (portal !== 'vendors' || !projectWorkflow.isIn('vendorVisible', String(readers.status))) return false
  return caslAllows(caller, 'read', 'projects', project) || (reach === 'site' && isMainContractorOf(part, caller))
}

/** A part's rows as the API shows them (a page, a list or one): without the copy of its project's readers. */
export function withoutProjectReaders<T>(result: T): T {
  const strip = (row: any) => {
    if (!row || typeof row !== 'object') return row
    const { projectReaders: _readers, ...rest } = row
    return rest
  }
  if (Array.isArray(result)) return result.map(strip) as T
  if (result && typeof result === 'object' && Array.isArray((result as any).data)) return { ...(result as any), data: (result as any).data.map(strip) }
  return strip(result)
}

/**
 * The after hook of a part's service: what the caller is sent (REST, socket) is its rows without
 * the copy of its project's readers; internal callers (the edit lock asking the contract's `act`)
 * keep the stored row.
 */
export const hideProjectReaders = async (context: HookContext) => {
  context.dispatch = withoutProjectReaders(context.dispatch ?? context.result)
}

/** A project's (and a claim's) own 24-character id, as a lock names it. */
export const projectIdPattern = /^[a-z0-9]{24}$/

/**
 * The projects' access contract (kit/access.ts): the list narrows by `narrowProjects`; one project
 * in hand is read by the same rules on its copy of its readers (`project_readers_of`, the function
 * its parts keep their copies with), completed by `joined`; writes are staff's, by their CASL rule
 * on the record (`update` for edits and the workflow, `changeManager` for the person in charge).
 * Live events go to `projectEventReaders`.
 */
export const projectsAccess = defineAccess<Record<string, any>>({
  subject: 'projects',
  idPattern: projectIdPattern,
  narrow: (query, caller, db) => narrowProjects(query, caller, db),
  async joined(records, db) {
    const ids = records.map((record) => record.id)
    const rows: Array<{ id: string; readers: ProjectReaders }> = await db('projects').whereIn('id', ids).select('id', db.raw('project_readers_of(id) as readers'))
    const readersOf = new Map(rows.map((row) => [row.id, row.readers]))
    return records.map((record) => ({ ...record, projectReaders: readersOf.get(record.id) ?? {} }))
  },
  read: (project, caller) => readsProjectOfPart({ id: 0, region: project.region, projectId: project.id, projectReaders: project.projectReaders }, caller),
  act: (project, action, caller) =>
    !caller.provider ||
    (caller.user != null &&
      portalOf(caller.user.userType) === 'staff' &&
      readsProjectOfPart({ id: 0, region: project.region, projectId: project.id, projectReaders: project.projectReaders }, caller) &&
      caslAllows(caller, action, 'projects', project)),
  readers: projectEventReaders
})
