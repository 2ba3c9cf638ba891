import { createAliasResolver, createMongoAbility, type MongoAbility, type RawRuleOf } from '@casl/ability'
import { portalOf, type Permission } from './permissions.shared.js'

export type AppAbility = MongoAbility<[string, string]>
export type AppRule = RawRuleOf<AppAbility>

/** What the ability builder needs to know of a user. */
export interface RuleSubject {
  id: number
  userType: number
  companyId?: number | null
  tenancyId?: number | null
}

/**
 * "Own" means: the record is managed by the user (staff), belongs to the user's company
 * (vendors) or to the user's tenancy (tenants). For user accounts, a staff member's own record
 * is the account itself.
 */
export function ownConditions(resource: string, user: RuleSubject): Record<string, unknown> {
  const portal = portalOf(user.userType)
  // A company record is its own: its id is the user's company.
  if (resource === 'companies' && portal !== 'staff') return { id: user.companyId ?? -1 }
  if (portal === 'vendors') return { companyId: user.companyId ?? -1 }
  if (portal === 'tenants') return { tenancyId: user.tenancyId ?? -1 }
  return resource === 'users' ? { id: user.id } : { managedBy: user.id }
}

/** What every signed-in user may do, whatever their groups: reference data of the region. */
function baselineRules(): AppRule[] {
  return [
    { action: 'read', subject: 'regions' },
    { action: 'read', subject: 'buildings' },
    { action: 'read', subject: 'sites' }
  ]
}

/** The CASL rules of a user in one region, from the permission triples of their groups there. */
export function defineRules(user: RuleSubject, permissions: readonly Permission[]): AppRule[] {
  const rules = baselineRules()
  const seen = new Set<string>()
  for (const { resource, action, attribute } of permissions) {
    const key = `${resource}|${action}|${attribute}`
    if (seen.has(key)) continue
    seen.add(key)
    rules.push(attribute === 'any'
      ? { action, subject: resource }
      : { action, subject: resource, conditions: ownConditions(resource, user) })
  }
  return rules
}

// Feathers checks service methods; permissions speak of CRUD. One grants the other.
const resolveAction = createAliasResolver({ read: ['find', 'get'], update: ['patch'], delete: ['remove'] })

export function createAbility(rules: AppRule[]): AppAbility {
  return createMongoAbility<AppAbility>(rules, { resolveAction })
}
