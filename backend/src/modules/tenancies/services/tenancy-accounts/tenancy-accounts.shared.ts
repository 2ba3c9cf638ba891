// Browser-safe: the path, methods and the rules of who manages which tenancy account, shared by
// the service and the user management screens (which show only the buttons these allow).
import { portalOf, tenancyPerms, userTypes, type TenancyPerm } from '../../../../abilities/permissions.shared.js'
import { inviteValidityMs } from '../../../../services/users/users.shared.js'

export const tenancyAccountsPath = 'tenancy-accounts'
export const tenancyAccountsMethods = ['find', 'get', 'create', 'patch', 'invite', 'lock', 'unlock', 'enable', 'disable'] as const
export const tenancyAccountActions = ['invite', 'lock', 'unlock', 'enable', 'disable'] as const
export type TenancyAccountAction = (typeof tenancyAccountActions)[number]

/** The accounts of a tenancy this view shows: its master account and its sub-accounts (contractors have their own rows). */
export const tenancyAccountTypes: readonly number[] = [userTypes.tenants.Admin, userTypes.tenants.User, userTypes.tenants.ProjectUser, userTypes.tenants.Tmp]
export const masterAccountType = userTypes.tenants.Admin
export const subAccountType = userTypes.tenants.User

/** Who manages accounts, as the rules below need them. */
export interface AccountManager {
  id: number
  userType: number
  tenancyPerms?: readonly string[] | null
}

export interface ManagedAccount {
  id: number
  userType: number
  tenancyPerms?: readonly string[] | null
}

const holds = (account: { tenancyPerms?: readonly string[] | null }, perm: string) => (account.tenancyPerms ?? []).includes(perm)

/**
 * The perms a caller may give (spec §6): staff and the master account ("can do everything") any;
 * a SubAdmin those it holds itself except SubAdmin, so nobody hands on more than they have and
 * only the master makes new sub-admins; anyone else none.
 */
export function grantablePerms(actor: AccountManager): readonly TenancyPerm[] {
  if (portalOf(actor.userType) === 'staff' || actor.userType === masterAccountType) return tenancyPerms
  if (!holds(actor, 'SubAdmin')) return []
  return tenancyPerms.filter((perm) => perm !== 'SubAdmin' && holds(actor, perm))
}

export const mayGrant = (actor: AccountManager, perms: readonly string[]) => perms.every((perm) => (grantablePerms(actor) as readonly string[]).includes(perm))

/**
 * Whether the caller may change this account of its tenancy (edit, resend, lock, unlock, enable,
 * disable) once CASL let it reach the tenancy's accounts: staff any; a tenant never its own
 * account (nobody locks or re-grants themselves), never the master account (staff's), and only
 * an account whose perms it could have given (a SubAdmin leaves other sub-admins to the master).
 */
export function mayManageAccount(actor: AccountManager, account: ManagedAccount): boolean {
  if (portalOf(actor.userType) === 'staff') return true
  if (portalOf(actor.userType) !== 'tenants' || account.id === actor.id || account.userType === masterAccountType) return false
  return mayGrant(actor, account.tenancyPerms ?? [])
}

/** An invitation not yet taken up whose link has run out (links last `inviteValidityMs`, 7 days). */
export function invitationExpired(account: { status?: string; invitedAt?: unknown }, now = Date.now()): boolean {
  if (account.status !== 'INVITED' || account.invitedAt == null) return false
  return new Date(account.invitedAt as string).getTime() + inviteValidityMs < now
}
