import { createAliasResolver, createMongoAbility, type MongoAbility, type RawRuleOf } from '@casl/ability'
import { listedReaders, ownFieldLimits, ownScope, tenancyPermGrants, vendorPermGrants } from './permission-catalogue.shared.js'
import {
  accountProfileFields,
  ownCompanyProfileFields,
  portalOf,
  tenancyPermHolderTypes,
  tenancyPerms,
  tenantSubAccountTypes,
  vendorPerms,
  vendorSubAccountBaseline,
  vendorSubAccountTypes,
  type Permission,
  type TenancyPerm,
  type VendorPerm
} from './permissions.shared.js'

export type AppAbility = MongoAbility<[string, string]>
export type AppRule = RawRuleOf<AppAbility>

/** What the ability builder needs to know of a user. */
export interface RuleSubject {
  id: number
  userType: number
  companyId?: number | null
  tenancyId?: number | null
  /** A vendor sub-account's permission toggles: its rights (see `vendorPermGrants`). */
  vendorPerms?: readonly string[] | null
  /** A tenancy sub-account's perms: its rights (see `tenancyPermGrants`). */
  tenancyPerms?: readonly string[] | null
}

/**
 * "Own" means: the record is managed by the user (staff), belongs to the user's company
 * (vendors) or to the user's tenancy (tenants). For user accounts, a staff member's own record
 * is the account itself. A module may narrow a portal's "own" further on its resource (its
 * `ownScope`: a tenant's handovers once scheduled).
 */
export function ownConditions(resource: string, user: RuleSubject): Record<string, unknown> {
  const scope = ownScope()[resource]?.[portalOf(user.userType)]
  return scope ? { ...ownColumn(resource, user), ...scope } : ownColumn(resource, user)
}

function ownColumn(resource: string, user: RuleSubject): Record<string, unknown> {
  const portal = portalOf(user.userType)
  // A company record is its own: its id is the user's company.
  if (resource === 'companies' && portal !== 'staff') return { id: user.companyId ?? -1 }
  if (portal === 'vendors') return { companyId: user.companyId ?? -1 }
  if (portal === 'tenants') return { tenancyId: user.tenancyId ?? -1 }
  return resource === 'users' ? { id: user.id } : { managedBy: user.id }
}

/** What every signed-in user may do, whatever their groups: reference data of the region (its public holidays among them). */
function baselineRules(): AppRule[] {
  return [
    { action: 'read', subject: 'regions' },
    { action: 'read', subject: 'buildings' },
    { action: 'read', subject: 'sites' },
    // The days the working-day clocks skip: the due dates every portal shows count them.
    { action: 'read', subject: 'public-holidays' }
  ]
}

/**
 * Users create/update `own`, with the fields it may write. A vendor or tenant master account
 * manages the sub-accounts of its own company or tenancy: it creates only sub-account types there,
 * sets their vendor toggles or tenancy perms, and edits the profile of the other accounts there
 * (its own included). Groups, regions, user type, domain, source, company and tenancy are never
 * among the fields: only users create/update `any` (an administrator) sets them. The conditions
 * of the two update rules exclude each other, so one record matches one rule.
 */
function ownAccountRules(action: string, user: RuleSubject): AppRule[] {
  const portal = portalOf(user.userType)
  const profile = [...accountProfileFields]
  const master =
    portal === 'vendors'
      ? { scope: { companyId: user.companyId ?? -1 }, scopeField: 'companyId', subTypes: vendorSubAccountTypes, perms: 'vendorPerms' }
      : portal === 'tenants'
        ? { scope: { tenancyId: user.tenancyId ?? -1 }, scopeField: 'tenancyId', subTypes: tenantSubAccountTypes, perms: 'tenancyPerms' }
        : undefined
  if (!master) {
    // Staff: own is the account itself, which may change its profile and nothing more.
    const conditions = ownConditions('users', user)
    if (action === 'update') return [{ action, subject: 'users', conditions, fields: [...profile, 'updatedAt'] }]
    if (action === 'create') return []
    return [{ action, subject: 'users', conditions }]
  }
  const subAccounts = { ...master.scope, userType: { $in: [...master.subTypes] } }
  if (action === 'create') {
    return [{ action, subject: 'users', conditions: subAccounts, fields: ['username', 'userType', master.scopeField, ...profile, master.perms] }]
  }
  if (action === 'update') {
    return [
      { action, subject: 'users', conditions: subAccounts, fields: [...profile, master.perms, 'updatedAt'] },
      { action, subject: 'users', conditions: { ...master.scope, userType: { $nin: [...master.subTypes] } }, fields: [...profile, 'updatedAt'] }
    ]
  }
  return [{ action, subject: 'users', conditions: master.scope }]
}

/** A vendor sub-account's grants: the baseline and those of its toggles. */
function vendorSubAccountPermissions(user: RuleSubject): Permission[] {
  if (portalOf(user.userType) !== 'vendors' || !vendorSubAccountTypes.includes(user.userType)) return []
  const toggles = (user.vendorPerms ?? []).filter((perm): perm is VendorPerm => (vendorPerms as readonly string[]).includes(perm))
  return [...vendorSubAccountBaseline, ...toggles.flatMap((perm) => vendorPermGrants()[perm])]
}

/** A tenancy sub-account's grants: those of its tenancy perms, and nothing else. */
function tenancySubAccountPermissions(user: RuleSubject): Permission[] {
  if (!tenancyPermHolderTypes.includes(user.userType)) return []
  const perms = (user.tenancyPerms ?? []).filter((perm): perm is TenancyPerm => (tenancyPerms as readonly string[]).includes(perm))
  return perms.flatMap((perm) => tenancyPermGrants()[perm])
}

/**
 * The CASL rules of a user in one region, from the permission triples of their groups there and,
 * for a vendor sub-account, of its toggles, for a tenancy sub-account, of its tenancy perms.
 */
export function defineRules(user: RuleSubject, permissions: readonly Permission[]): AppRule[] {
  const rules = baselineRules()
  // A record that lists the user (a tenant project's accounts) is theirs to read, whatever their groups.
  for (const [resource, { field, portals }] of Object.entries(listedReaders())) {
    if (portals.includes(portalOf(user.userType))) rules.push({ action: 'read', subject: resource, conditions: { [field]: { $all: [user.id] } } })
  }
  const seen = new Set<string>()
  for (const { resource, action, attribute } of [...permissions, ...vendorSubAccountPermissions(user), ...tenancySubAccountPermissions(user)]) {
    const key = `${resource}|${action}|${attribute}`
    if (seen.has(key)) continue
    seen.add(key)
    if (attribute === 'any') rules.push({ action, subject: resource })
    else if (resource === 'users') rules.push(...ownAccountRules(action, user))
    else if (resource === 'companies' && action === 'update' && portalOf(user.userType) !== 'staff') {
      rules.push({ action, subject: resource, conditions: ownConditions(resource, user), fields: [...ownCompanyProfileFields, 'updatedAt'] })
    } else if (ownFieldLimits()[resource]?.[action] && portalOf(user.userType) !== 'staff') {
      rules.push({ action, subject: resource, conditions: ownConditions(resource, user), fields: [...ownFieldLimits()[resource][action], 'updatedAt'] })
    } else rules.push({ action, subject: resource, conditions: ownConditions(resource, user) })
  }
  return rules
}

/**
 * Whether the ability holds `action` on every account without field limits: the administrator's
 * permission (users create/update `any`), the only one that sets groups, regions and user types.
 */
export function managesAnyAccount(ability: AppAbility, action: 'create' | 'update'): boolean {
  return ability.rulesFor(action, 'users').some((rule) => !rule.inverted && !rule.conditions && !rule.fields)
}

// Feathers checks service methods; permissions speak of CRUD. One grants the other.
const resolveAction = createAliasResolver({ read: ['find', 'get'], update: ['patch'], delete: ['remove'] })

export function createAbility(rules: AppRule[]): AppAbility {
  return createMongoAbility<AppAbility>(rules, { resolveAction })
}
