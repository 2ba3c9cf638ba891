import type { Knex } from 'knex'
import { createAbility, defineRules, type AppAbility, type AppRule } from '../abilities/define-rules.js'
import { portalOf, type Permission, type UserPortal } from '../abilities/permissions.shared.js'

/** The signed-in user as every hook sees it: account, portal, and abilities per region. */
export interface PrincipalUser {
  id: number
  username: string
  displayName: string
  email: string
  userType: number
  domain: string
  source: string
  portal: UserPortal
  companyId: number | null
  tenancyId: number | null
  tenancyPerms: string[]
  vendorPerms: string[]
  defaultRegion: string | null
  regions: string[]
  language: string
  enabled: boolean
  lockedAt: string | null
  permissionVersion: number
}

export interface Principal {
  user: PrincipalUser
  /** Rules and ability for one region, built on first use. */
  forRegion(region: string): { rules: AppRule[]; ability: AppAbility }
}

const TTL_MS = 30_000

interface Entry {
  principal: Principal
  loadedAt: number
}

/**
 * Users with their groups, cached per process for a short while so a request costs no extra
 * query; a change to an account or a group drops the entry here and, through Postgres NOTIFY, in
 * every other process.
 */
export class PrincipalCache {
  private entries = new Map<number, Entry>()

  constructor(private db: Knex) {}

  async get(userId: number): Promise<Principal | undefined> {
    const entry = this.entries.get(userId)
    if (entry && Date.now() - entry.loadedAt < TTL_MS) return entry.principal
    const principal = await this.load(userId)
    if (principal) this.entries.set(userId, { principal, loadedAt: Date.now() })
    else this.entries.delete(userId)
    return principal
  }

  /** The cached principal, without loading: for real-time publishing, which cannot wait. */
  peek(userId: number): Principal | undefined {
    return this.entries.get(userId)?.principal
  }

  invalidate(userId?: number) {
    if (userId === undefined) this.entries.clear()
    else this.entries.delete(userId)
  }

  private async load(userId: number): Promise<Principal | undefined> {
    const row = await this.db('users').where({ id: userId }).first()
    if (!row) return undefined
    const groups = await this.db('user_groups')
      .join('security_groups', 'security_groups.id', 'user_groups.group_id')
      .where('user_groups.user_id', userId)
      .select('user_groups.region', 'security_groups.permissions')
    const permissionsByRegion = new Map<string, Permission[]>()
    for (const group of groups) {
      const list = permissionsByRegion.get(group.region) ?? []
      list.push(...(group.permissions as Permission[]))
      permissionsByRegion.set(group.region, list)
    }
    const user = toPrincipalUser(row)
    const built = new Map<string, { rules: AppRule[]; ability: AppAbility }>()
    return {
      user,
      forRegion(region: string) {
        let result = built.get(region)
        if (!result) {
          const rules = defineRules(user, permissionsByRegion.get(region) ?? [])
          result = { rules, ability: createAbility(rules) }
          built.set(region, result)
        }
        return result
      }
    }
  }
}

export function toPrincipalUser(row: any): PrincipalUser {
  return {
    id: row.id,
    username: row.username,
    displayName: row.displayName,
    email: row.email,
    userType: row.userType,
    domain: row.domain,
    source: row.source,
    portal: portalOf(row.userType),
    companyId: row.companyId,
    tenancyId: row.tenancyId,
    tenancyPerms: row.tenancyPerms ?? [],
    vendorPerms: row.vendorPerms ?? [],
    defaultRegion: row.defaultRegion,
    regions: row.regions ?? [],
    language: row.language,
    enabled: row.enabled,
    lockedAt: row.lockedAt,
    permissionVersion: row.permissionVersion
  }
}
