import type { Params } from '@feathersjs/feathers'
import { subject } from '@casl/ability'
import type { Channel } from '@feathersjs/transport-commons'
import type { Knex } from 'knex'
import type { Application, HookContext } from '../../../../declarations.js'
import { portalOf } from '../../../../abilities/permissions.shared.js'
import { authorize } from '../../../../hooks/authorize.js'
import { appError } from '../../../../errors.js'
import { extraReaders, readersOf } from '../../../../kit/channels.js'
import { tenancySchema } from './tenancies.schema.js'
import { caslAllows, defineAccess } from '../../../../kit/access.js'

/*
 * Who reads tenancy records, in one place (find, get, the lock of every write, live events, the
 * occupancy call and the leases of a tenancy):
 * - staff through their `tenancies` read rule: unconditioned, every tenancy of the region; "own",
 *   those in their charge (`managedBy`); opening one record (get) also takes `tenancies:detail`;
 * - tenants holding a `tenancies` read rule: their own tenancy (`users.tenancyId`) when they are
 *   the master account or hold the TenancyRecord perm, and a master account also its company's
 *   other tenancy records (spec §6 "own tenancies"). No row column holds a tenant's "own", so
 *   their CASL conditions are not applied to the table: `narrowTenancies` is;
 * - vendors: none.
 * Writes are staff's only.
 */

export interface TenancyReader {
  id: number
  userType: number
  companyId?: number | null
  tenancyId?: number | null
  tenancyPerms?: readonly string[] | null
}

const isMaster = (user: TenancyReader) => user.userType === 601

/** Whether a tenant account reads this tenancy record (pure: the channels and tests ask it). */
export function tenantReads(user: TenancyReader, tenancy: { id: number; companyId: number }): boolean {
  if (portalOf(user.userType) !== 'tenants') return false
  const ownTenancy = user.tenancyId != null && tenancy.id === user.tenancyId && (isMaster(user) || (user.tenancyPerms ?? []).includes('TenancyRecord'))
  const companyTenancy = isMaster(user) && user.companyId != null && tenancy.companyId === user.companyId
  return ownTenancy || companyTenancy
}

/** The tenancy records the caller lists and locks beyond the staff's CASL conditions (tenants: theirs; vendors: none). */
export function narrowTenancies(query: Knex.QueryBuilder, params: Params, column = 'tenancies'): Knex.QueryBuilder {
  const user = params.user
  if (!params.provider || !user) return query
  const portal = portalOf(user.userType)
  if (portal === 'staff') return query
  if (portal === 'vendors') return query.whereRaw('false')
  return query.where((inner) => {
    const mayOwn = isMaster(user) || (user.tenancyPerms ?? []).includes('TenancyRecord')
    inner.where(`${column}.id`, mayOwn ? (user.tenancyId ?? -1) : -1)
    if (isMaster(user) && user.companyId != null) inner.orWhere(`${column}.companyId`, user.companyId)
  })
}

const caslRead = authorize(tenancySchema)

/**
 * Before and after find and get: staff read through their CASL rules (own = in their charge),
 * tenants need a `tenancies` read rule at all (403 otherwise) and `narrowTenancies` keeps them to
 * theirs; vendors are refused. Opening one record also takes `tenancies:detail` (spec §6).
 */
export const authorizeTenancyRead = async (context: HookContext) => {
  const { params } = context
  if (!params.provider || !params.user) return context
  const portal = portalOf(params.user.userType)
  if (portal === 'vendors') throw appError(403, 'FORBIDDEN')
  if (context.type === 'before' && context.method === 'get' && !params.ability?.can('detail', 'tenancies')) throw appError(403, 'FORBIDDEN')
  if (portal === 'staff') {
    await caslRead(context)
    if (context.type === 'after' && context.method === 'get' && context.result && !(params as any).ability?.can('detail', subject('tenancies', { ...context.result }))) {
      throw appError(404, 'NOT_FOUND')
    }
    return context
  }
  if (!params.ability?.can('read', 'tenancies')) throw appError(403, 'FORBIDDEN')
  return context
}

/**
 * Before reading a part of one tenancy record (its histories): a vendor or a caller without any
 * `tenancies` read rule is refused first (403); the record itself is then read through the
 * tenancies service with the caller's params, so who reads the record reads the part (404 otherwise).
 */
export const mayReadTenancyParts = async (context: HookContext) => {
  const { params } = context
  if (!params.provider) return context
  if (!params.user || portalOf(params.user.userType) === 'vendors' || !params.ability?.can('read', 'tenancies')) throw appError(403, 'FORBIDDEN')
  return context
}

/** Writes are staff's: tenants and vendors are refused before anything else (403). */
export const staffOnly = async (context: HookContext) => {
  const user = context.params.user
  if (context.params.provider && (!user || portalOf(user.userType) !== 'staff')) throw appError(403, 'FORBIDDEN')
  return context
}

/** 403 unless the external caller may take `action` on this tenancy (its CASL rule, own = in their charge). */
export function assertMayOnTenancy(params: Params, action: string, tenancy: Record<string, unknown>) {
  if (!params.provider) return
  if (!(params as any).ability?.can(action, subject('tenancies', { ...tenancy }))) throw appError(403, 'FORBIDDEN')
}

/**
 * Live events of a tenancy record: staff through their abilities (channels.ts), plus the tenant
 * accounts of the region that read it (`tenantReads`) and hold a `tenancies` read rule. Nothing
 * reaches a tenant of another tenancy or company, nor a vendor.
 */
function tenancyEventReaders(app: Application, data: any, context: HookContext): Channel[] {
  const readers = readersOf(app, data, context).filter((channel) => channel.connections.length)
  if (!data?.id || !data.region) return readers
  const staffOnlyReaders = readers.map((channel) => channel.filter((connection: any) => portalOf(app.get('principals').peek(connection.userId)?.user.userType ?? 0) === 'staff'))
  const tenants = extraReaders(app, data.region, staffOnlyReaders, data, (user, ability) => tenantReads(user, data) && Boolean(ability?.can('read', 'tenancies')))
  return [...staffOnlyReaders, tenants]
}

/** The tenancy records' access contract (kit/access.ts): the rules above, for the kit to apply. */
export const tenanciesAccess = defineAccess<{ id: number; companyId: number } & Record<string, unknown>>({
  subject: 'tenancies',
  narrow: (query, caller) => narrowTenancies(query, caller),
  read(tenancy, caller) {
    if (!caller.provider) return true
    const portal = caller.user ? portalOf(caller.user.userType) : null
    if (portal === 'staff') return caslAllows(caller, 'read', 'tenancies', tenancy)
    return portal === 'tenants' && tenantReads(caller.user!, tenancy) && Boolean((caller as any).ability?.can('read', 'tenancies'))
  },
  // Writes are staff's, by their CASL rules (own = in their charge).
  act: (tenancy, action, caller) => !caller.provider || (caller.user != null && portalOf(caller.user.userType) === 'staff' && caslAllows(caller, action, 'tenancies', tenancy)),
  readers: tenancyEventReaders
})

/** A part of a tenancy (its moves, green operation records, contact links) with the copy of its tenancy's readers (migration 20261206170000). */
export interface TenancyPart {
  id: number
  region: string
  tenancyId: number
  tenancyManagedBy?: number | null
  tenancyCompanyId?: number | null
}

/** The tenancy of a part as its access rules see it: the copied columns, for a decision on the stored row alone. */
export const tenancyOfPart = (part: TenancyPart) => ({ id: part.tenancyId, region: part.region, managedBy: part.tenancyManagedBy ?? null, companyId: part.tenancyCompanyId ?? -1 })

/** Whether the caller opens the part's tenancy record as the tenancies service's `get` answers (`read` and `detail`, spec §6). */
export function opensTenancyOfPart(part: TenancyPart, caller: Params): boolean {
  if (!caller.provider) return true
  const tenancy = tenancyOfPart(part)
  const ability = (caller as any).ability
  if (!tenanciesAccess.read(tenancy, caller) || !ability?.can('detail', 'tenancies')) return false
  return portalOf(caller.user!.userType) !== 'staff' || caslAllows(caller, 'detail', 'tenancies', tenancy)
}

/** A part's row without the copy of its tenancy's readers: the API shows the part as before. */
export function withoutTenancyReaders<T extends Record<string, any>>(row: T): T {
  if (!row || typeof row !== 'object') return row
  const { tenancyManagedBy: _managedBy, tenancyCompanyId: _companyId, ...rest } = row
  return rest as T
}

/** The after hook of a part's service whose contract acts on the copy: what the caller is sent has none; internal callers (the edit lock) keep it. */
export const hideTenancyReaders = async (context: HookContext) => {
  const result = context.dispatch ?? context.result
  context.dispatch = Array.isArray(result)
    ? result.map(withoutTenancyReaders)
    : result && Array.isArray(result.data)
      ? { ...result, data: result.data.map(withoutTenancyReaders) }
      : withoutTenancyReaders(result)
}
