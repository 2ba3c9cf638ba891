import { subject } from '@casl/ability'
import type { Params } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import type { HookContext } from '../../../../declarations.js'
import { portalOf } from '../../../../abilities/permissions.shared.js'
import { appError } from '../../../../errors.js'
import { assertMayOnTenancy } from '../tenancies/tenancies.access.js'
import { mayManageAccount, tenancyAccountsPath, tenancyAccountTypes } from './tenancy-accounts.shared.js'
import { caslAllows, defineAccess } from '../../../../kit/access.js'
import { readersOf } from '../../../../kit/channels.js'

/*
 * Who reaches a tenancy's accounts, in one place (list, one account, every write, live events):
 * - the `tenancy-accounts` rights: staff's `any` (System Admin) on every tenancy of the region they
 *   may read; a tenant's `own` (the master account's Tenant Admin group, a sub-account's SubAdmin
 *   perm, `tenancyPermGrants`) on its own tenancy only (the rule's condition `tenancyId`);
 * - vendors never (403), nor a tenant without the right (403); another tenancy's account is not
 *   found (404), its list too;
 * - once reached, which account the caller may change and which perms it may give:
 *   `mayManageAccount` and `mayGrant` (tenancy-accounts.shared.ts).
 */

/** The CASL action of a method. */
export const actionOf = (method: string) => (method === 'find' || method === 'get' ? 'read' : method === 'patch' ? 'update' : method)

export interface TenancyRow {
  id: number
  region: string
  companyId: number
  managedBy: number | null
}

/** Before every external call: vendors and callers without the method's right at all are refused (403). */
export const authorizeTenancyAccounts = async (context: HookContext) => {
  const { params, method } = context
  if (!params.provider) return context
  const user = params.user
  if (!user || portalOf(user.userType) === 'vendors') throw appError(403, 'FORBIDDEN')
  if (!params.ability?.can(actionOf(method), 'tenancy-accounts')) throw appError(403, 'FORBIDDEN')
  return context
}

/**
 * The tenancy a call is about: a tenant's own (naming another answers 404), the one staff name
 * (400 without it; 404 when it is not of the region; 403 when their tenancy rights do not reach it).
 */
export async function tenancyOfCall(db: Knex, params: Params, named: number | undefined): Promise<TenancyRow> {
  const user = params.user
  const tenant = params.provider && user && portalOf(user.userType) === 'tenants'
  if (tenant && named !== undefined && named !== user.tenancyId) throw appError(404, 'NOT_FOUND')
  const id = tenant ? user.tenancyId : named
  if (id == null) throw appError(400, 'VALIDATION_FAILED', { details: 'tenancyId' })
  const tenancy = await db('tenancies').where({ id }).first('id', 'region', 'companyId', 'managedBy')
  if (!tenancy || (params.region && tenancy.region !== params.region)) throw appError(404, 'NOT_FOUND')
  if (params.provider && !tenant) assertMayOnTenancy(params, 'read', tenancy)
  return tenancy
}

/** The tenancy whose accounts a list shows, as a query condition (external calls only). */
export async function listScope(db: Knex, params: Params): Promise<number | undefined> {
  if (!params.provider) return undefined
  const named = params.query?.tenancyId
  return (await tenancyOfCall(db, params, named === undefined ? undefined : Number(named))).id
}

/** 404 for an account outside the caller's `tenancy-accounts` rule for this action, 403 for one it may not change. */
export function assertMayOnAccount(params: Params, action: string, account: { id: number; userType: number; tenancyId: number; tenancyPerms?: string[] | null }) {
  if (!params.provider) return
  if (!params.ability?.can(action, subject('tenancy-accounts', { ...account }) as any)) throw appError(404, 'NOT_FOUND')
  if (action !== 'read' && !mayManageAccount(params.user!, account)) throw appError(403, 'FORBIDDEN')
}

/** An account of a tenancy in the caller's region: the rows of the users table this service shows. */
const isTenancyAccount = (account: { userType: number; tenancyId?: number | null; regions?: readonly string[] | null }, caller: Params) =>
  tenancyAccountTypes.includes(account.userType) && account.tenancyId != null && (!caller.region || (account.regions ?? []).includes(caller.region))

/**
 * The tenancy accounts' access contract (kit/access.ts): the rules above on a stored account,
 * listed per tenancy (`tenancyOfCall`); no `narrow`, since a list names its tenancy and a tenant's
 * is its own. Live events go to the CASL readers of the account's regions, and only for an account
 * of a tenancy (a contractor's account of the same table is not this service's to announce).
 */
export const tenancyAccountsAccess = defineAccess<{ id: number; userType: number; tenancyId: number; regions?: string[] | null; tenancyPerms?: string[] | null }>({
  subject: tenancyAccountsPath,
  listedBy: 'tenancyId',
  read(account, caller) {
    if (!caller.provider) return true
    const user = caller.user
    if (!user || portalOf(user.userType) === 'vendors' || !isTenancyAccount(account, caller)) return false
    return caslAllows(caller, 'read', tenancyAccountsPath, account)
  },
  act(account, action, caller) {
    if (!caller.provider) return true
    const user = caller.user
    if (!user || portalOf(user.userType) === 'vendors' || !isTenancyAccount(account, caller)) return false
    return caslAllows(caller, action, tenancyAccountsPath, account) && mayManageAccount(user, account)
  },
  readers: (app, account, context) => (tenancyAccountTypes.includes(account.userType) && account.tenancyId != null ? readersOf(app, account, context) : [])
})
