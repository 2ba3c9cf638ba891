import { rulesToQuery } from '@casl/ability/extra'
import type { Params } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import { subject } from '@casl/ability'
import type { Channel } from '@feathersjs/transport-commons'
import type { Application, HookContext } from '../../../../declarations.js'
import { extraReaders } from '../../../../kit/channels.js'
import { appError } from '../../../../errors.js'
import { caslAllows } from '../../../../kit/access.js'
import { tenantProjectWorkflow, type TenantProjectState } from '../tenant-projects/tenant-project.workflow.js'

/*
 * A tenant project's parts (its accounts, its contractor rows) are read by whoever reads their
 * project (spec §6: staff with tenant-project read in the region, the tenancy's accounts with
 * TenantProject, the users its accounts list) and written by whoever may update it, while it is
 * open. Each part row keeps a copy of what of its project those rules ask (`tenancy_id`,
 * `account_user_ids`, kept by triggers: migration 20261207000300), so the project's own CASL rules
 * decide on the part row alone: in JavaScript (`readsProjectOf`) and in SQL (`narrowToProjectReaders`).
 */

export interface TenantProjectPart {
  id: number
  region: string
  projectId: number
  tenancyId: number
  accountUserIds?: number[] | null
  [field: string]: unknown
}

/** The part's project as the `tenant-projects` rules read it (its own columns, copied on the part). */
export const projectOf = (part: Pick<TenantProjectPart, 'projectId' | 'region' | 'tenancyId' | 'accountUserIds'>) => ({
  id: part.projectId,
  region: part.region,
  tenancyId: part.tenancyId,
  accountUserIds: (part.accountUserIds ?? []).map(Number)
})

/** Whether the caller reads the part's project (internal calls do). */
export const readsProjectOf = (part: TenantProjectPart, caller: Params) => caslAllows(caller, 'read', 'tenant-projects', projectOf(part))

/** Whether the caller may take `action` on the part (update the project it belongs to). */
export const writesProjectOf = (part: TenantProjectPart, caller: Params) => readsProjectOf(part, caller) && caslAllows(caller, 'update', 'tenant-projects', projectOf(part))

/** The live connections that hear of a change to a part: those of its region whose ability reads its project. */
export function projectPartReaders(app: Application, part: TenantProjectPart): Channel[] {
  if (!part?.region) return []
  return [extraReaders(app, part.region, [], part, (_user, ability) => Boolean(ability?.can('read', subject('tenant-projects', projectOf(part)))))]
}

/** One rule's conditions on the part table's copies: equality, `$in`, `$nin` and the listed readers' `$all`. */
function applyConditions(builder: Knex.QueryBuilder, table: string, conditions: Record<string, any>) {
  const columns: Record<string, string> = { tenancyId: 'tenancy_id', accountUserIds: 'account_user_ids', region: 'region', id: 'project_id' }
  for (const [field, value] of Object.entries(conditions)) {
    const column = columns[field]
    // A condition on a column the part does not copy reads nothing rather than everything.
    if (!column) {
      builder.whereRaw('false')
      continue
    }
    if (value && typeof value === 'object' && '$all' in value) builder.whereRaw(`${table}.${column} @> ?::integer[]`, [`{${(value.$all as unknown[]).map(Number).join(',')}}`])
    else if (value && typeof value === 'object' && '$in' in value) builder.whereIn(`${table}.${column}`, value.$in)
    else if (value && typeof value === 'object' && '$nin' in value) builder.whereNotIn(`${table}.${column}`, value.$nin)
    else if (value === null) builder.whereNull(`${table}.${column}`)
    else builder.where(`${table}.${column}`, value)
  }
}

/** The `narrow` of a part's access contract: the rows whose project the caller reads, by the `tenant-projects` read rules. */
export function narrowToProjectReaders(table: string) {
  return (query: Knex.QueryBuilder, caller: Params): Knex.QueryBuilder => {
    if (!caller.provider) return query
    const ability = (caller as any).ability
    const found = ability ? rulesToQuery(ability, 'read', 'tenant-projects' as never, (rule: any) => (rule.inverted ? { $not: rule.conditions } : rule.conditions)) : null
    if (found === null) return query.whereRaw('false')
    const { $or, $and } = found as { $or?: Record<string, any>[]; $and?: Array<{ $not: Record<string, any> }> }
    return query.where((readable) => {
      if ($or) readable.where((any) => $or.forEach((conditions) => any.orWhere((one) => applyConditions(one, table, conditions))))
      for (const { $not } of $and ?? []) readable.whereNot((one) => applyConditions(one, table, $not))
    })
  }
}

/** Before every call of a part's service: a caller with no `tenant-projects` read rule at all is refused first (403). */
export const mayReadTenantProjects = async (context: HookContext) => {
  const { params } = context
  if (params.provider && !params.ability?.can('read', 'tenant-projects')) throw appError(403, 'FORBIDDEN')
  return context
}

/**
 * The project a part is written to, locked until the commit, resolved through the project's own
 * read rules (404 for a project the caller does not read, before anything else is said of it);
 * then the caller must be allowed to update it (403), and it must be open (spec §4 "WITHDRAWN and
 * CANCELLED projects cannot be updated": 409 TENANT_PROJECT_CLOSED).
 */
export async function projectForWrite(db: Knex, projectId: number, params: Params, action: string) {
  const project = await db('tenant_projects')
    .where({ id: projectId })
    .modify((q) => {
      if (params.region) q.where({ region: params.region })
    })
    .forShare()
    .first('id', 'region', 'tenancyId', 'accountUserIds', 'status', 'hasExternalSystems', 'projectName', 'companyName', 'tradeName', 'buildingId')
  if (!project || !caslAllows(params, 'read', 'tenant-projects', project)) throw appError(404, 'NOT_FOUND')
  if (!caslAllows(params, 'update', 'tenant-projects', project)) throw appError(403, 'FORBIDDEN')
  if (tenantProjectWorkflow.isIn('closed', project.status as TenantProjectState)) throw appError(409, 'TENANT_PROJECT_CLOSED', { status: project.status, action })
  return project as {
    id: number
    region: string
    tenancyId: number
    accountUserIds: number[]
    status: TenantProjectState
    hasExternalSystems: boolean
    projectName: string
    companyName: string | null
    tradeName: string | null
    buildingId: number | null
  }
}
