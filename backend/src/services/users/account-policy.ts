import { subject } from '@casl/ability'
import type { Params } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import { managesAnyAccount, type AppAbility } from '../../abilities/define-rules.js'
import { forbiddenField } from '../../abilities/field-rules.js'
import { portalOf, vendorSubAccountTypes } from '../../abilities/permissions.shared.js'
import type { PrincipalUser } from '../../auth/principals.js'
import { appError } from '../../errors.js'
import { getSetting } from '../../settings-values.js'

/*
 * Who may write what of an account, checked again inside the users service whoever calls it, so
 * an internal call on behalf of a user cannot do what the authorize hook refuses over REST.
 *
 * - Groups, regions, user type, domain, source, company and tenancy: only an administrator
 *   (users create/update `any`; see `ownAccountRules` in abilities/define-rules.ts).
 * - A vendor master account creates sub-accounts (421, 441, 461) of its own company, with their
 *   toggles, up to the setting `vendor.maxSubAccounts` per company; a tenant master account
 *   creates sub-accounts of its own tenancy with their tenancy perms.
 * - Such a sub-account cannot be given groups by its master account: it lives in the master's
 *   regions (a vendor company's regions are those of its master account), and its rights come
 *   from its toggles (`vendorPermGrants`) or tenancy perms; an administrator may still add groups.
 */

export interface AccountActor {
  user: PrincipalUser
  ability: AppAbility
}

/** The user a call acts for, with their ability in the call's region; none for the system itself. */
export function accountActor(params: Params): AccountActor | undefined {
  const user = params.user
  if (!user) return undefined
  const ability = params.ability ?? params.principal?.forRegion(params.region ?? user.defaultRegion ?? 'GLOBAL').ability
  // Acting for a user without knowing what they may do: refuse rather than trust.
  if (!ability) throw appError(403, 'FORBIDDEN')
  return { user, ability }
}

const fieldForbidden = (field: string) => appError(403, 'FIELD_FORBIDDEN', { field })

/** A master account's new account belongs to its own company or tenancy unless it names one. */
export function withOwnScope(actor: AccountActor, data: Record<string, any>): Record<string, any> {
  if (managesAnyAccount(actor.ability, 'create')) return data
  if (actor.user.portal === 'vendors' && data.companyId === undefined) return { ...data, companyId: actor.user.companyId }
  if (actor.user.portal === 'tenants' && data.tenancyId === undefined) return { ...data, tenancyId: actor.user.tenancyId }
  return data
}

/** The account a create may store: refused fields answer 403, a master's sub-account gets its regions. */
export function accountToCreate(actor: AccountActor, data: Record<string, any>, region: string): Record<string, any> {
  const account = withOwnScope(actor, data)
  const field = forbiddenField(actor.ability, 'create', 'users', account, Object.keys(account))
  if (field) throw fieldForbidden(field)
  if (!actor.ability.can('create', subject('users', { ...account }) as any)) throw appError(403, 'FORBIDDEN')
  if (managesAnyAccount(actor.ability, 'create')) return account
  const regions = [...actor.user.regions]
  if (account.defaultRegion !== undefined && !regions.includes(account.defaultRegion)) throw fieldForbidden('defaultRegion')
  return {
    ...account,
    regions,
    defaultRegion: account.defaultRegion ?? (regions.includes(region) ? region : (actor.user.defaultRegion ?? regions[0] ?? null)),
    // A tenancy's accounts belong to the tenancy's company.
    ...(actor.user.portal === 'tenants' ? { companyId: actor.user.companyId } : {})
  }
}

/** Refuses a patch that writes a field the actor may not write on this account. */
export function checkPatch(actor: AccountActor, stored: Record<string, any>, data: Record<string, any>) {
  if (!actor.ability.can('patch', subject('users', { ...stored }) as any)) throw appError(403, 'FORBIDDEN')
  const result = { ...stored, ...data }
  const field = forbiddenField(actor.ability, 'patch', 'users', result, Object.keys(data))
  if (field) throw fieldForbidden(field)
  if (data.defaultRegion != null && !managesAnyAccount(actor.ability, 'update')) {
    const regions: string[] = result.regions ?? []
    if (!regions.includes(data.defaultRegion) || !actor.user.regions.includes(data.defaultRegion)) throw fieldForbidden('defaultRegion')
  }
}

const MAX_ID = 2_147_483_647

/**
 * Groups given to an account must exist and be of the account's domain (CMS or TMS), and the
 * account must hold the region they are given in; otherwise 400 GROUP_INVALID. The groups are
 * locked until the commit, so one removed meanwhile cannot leave a dangling row.
 */
export async function checkGroups(db: Knex, groupIds: number[], account: { domain: string; regions: string[] }, region: string) {
  if (!groupIds.length) return
  const invalid = (groupId: number) => appError(400, 'GROUP_INVALID', { groupId, region })
  for (const id of groupIds) if (!Number.isSafeInteger(id) || id < 1 || id > MAX_ID) throw invalid(id)
  const rows = await db('security_groups').whereIn('id', groupIds).forShare().select('id', 'domain')
  for (const id of groupIds) {
    const group = rows.find((row: any) => row.id === id)
    if (!group || group.domain !== account.domain) throw invalid(id)
  }
  if (!account.regions.includes(region)) throw invalid(groupIds[0])
}

/**
 * A vendor company has at most `vendor.maxSubAccounts` sub-accounts (setting of the company's
 * region, 6 by default; spec §9). The company row stays locked until the commit, so concurrent
 * creates count one after the other: the count always sees the accounts committed before it.
 * Must run inside the transaction that inserts the account.
 */
export async function checkSubAccountCap(trx: Knex.Transaction, account: { companyId?: number | null; userType: number }) {
  if (account.companyId == null || !vendorSubAccountTypes.includes(account.userType)) return
  const company = await trx('companies').where({ id: account.companyId }).forUpdate().first('id', 'region')
  if (!company) throw appError(400, 'VALIDATION_FAILED', { details: 'companyId' })
  const limit = Number(await getSetting(trx, company.region, 'vendor.maxSubAccounts'))
  const [{ count }] = await trx('users').where({ companyId: company.id }).whereIn('userType', vendorSubAccountTypes).count('* as count')
  if (Number(count) >= limit) throw appError(409, 'SUB_ACCOUNT_LIMIT', { limit })
}

/** Whether a username or e-mail is of one of the staff's domains (or a subdomain of one). */
export function isInternalName(name: string, domains: readonly string[]): boolean {
  const at = name.lastIndexOf('@')
  if (at < 0) return false
  const host = name.slice(at + 1).toLowerCase()
  return domains.some((domain) => {
    const own = domain.trim().toLowerCase().replace(/^@/, '')
    return own !== '' && (host === own || host.endsWith(`.${own}`))
  })
}

/**
 * Spec §7: internal usernames are not allowed for vendor accounts. A vendor account's username or
 * e-mail in a staff domain (setting `account.internalDomains` of the region) answers
 * 400 INTERNAL_USERNAME naming the field, whoever writes it: such a name is a staff sign-in.
 */
export async function checkExternalName(db: Knex, account: { userType: number; username?: string; email?: string }, region: string) {
  if (portalOf(account.userType) !== 'vendors') return
  const domains = (await getSetting(db, region, 'account.internalDomains')) as readonly string[]
  for (const field of ['username', 'email'] as const) {
    const value = account[field]
    if (value && isInternalName(value, domains)) throw appError(400, 'INTERNAL_USERNAME', { field })
  }
}

/**
 * How many sub-accounts a vendor company holds and may hold (`vendor.maxSubAccounts` of its
 * region): what the vendor settings screen shows as "n of 6".
 */
export async function subAccountQuota(db: Knex, companyId: number) {
  const company = await db('companies').where({ id: companyId }).first('id', 'region')
  if (!company) throw appError(404, 'NOT_FOUND')
  const limit = Number(await getSetting(db, company.region, 'vendor.maxSubAccounts'))
  const [{ count }] = await db('users').where({ companyId }).whereIn('userType', vendorSubAccountTypes).count('* as count')
  return { companyId, used: Number(count), limit }
}
