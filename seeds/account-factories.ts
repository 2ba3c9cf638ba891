import type { Knex } from 'knex'
import type { Permission } from '../backend/src/abilities/permissions.shared.js'
import { demoPasswordHash, uniqueSuffix } from './vendor-factories.js'

/*
 * Test factories of accounts and security groups copied from the demo's: a spec that locks an
 * account, resets its password, remembers a region or a language on its profile or changes its
 * group's grants does it to a copy of its own, so the demo accounts and groups every other spec
 * signs in with stay as the seed left them, and the specs may run on parallel workers.
 */

export interface TestGroup {
  id: number
  name: string
  /** The demo group it copies. */
  like: string
}

/**
 * A security group with the grants of a demo group (and `grants` beside them), under a name of
 * its own. Its name and description do not contain the demo group's name: a spec that finds the
 * demo group by its text finds one row.
 */
export async function createTestGroup(db: Knex, { like, grants = [] }: { like: string; grants?: Permission[] }): Promise<TestGroup> {
  const source = await db('security_groups').where({ name: like }).first('domain', 'permissions')
  if (!source) throw new Error(`no security group ${like}`)
  const name = `Test group ${uniqueSuffix()}`
  const permissions = [...(source.permissions as Permission[]), ...grants]
  const [{ id }] = await db('security_groups').insert({ name, description: 'Grants copied for a test', domain: source.domain, permissions: JSON.stringify(permissions) }, ['id'])
  return { id, name, like }
}

export interface TestAccount {
  id: number
  username: string
  displayName: string
}

/** What a copy does not take from the demo account: who it is, and what its use left behind. */
const ownFields = [
  'id',
  'username',
  'email',
  'displayName',
  'password',
  'externalId',
  'language',
  'failedLogins',
  'lockedAt',
  'lastLoginAt',
  'invitedAt',
  'permissionVersion',
  'createdAt',
  'updatedAt'
] as const

/**
 * An account like a demo one (staff, vendor or tenant): its type, role, source, company, tenancy
 * and its rights there, regions and default region, and its group in each region, with the demo
 * password, active, in English. Each group of `groups` takes the place of the demo group it
 * copies. Neither username nor name contains the demo account's: a spec that picks the demo
 * account from a list by its text finds one.
 */
export async function createTestAccount(db: Knex, { like, groups = [] }: { like: string; groups?: TestGroup[] }): Promise<TestAccount> {
  const source = await db('users').where({ username: like }).first()
  if (!source) throw new Error(`no account ${like}`)
  const copied = Object.fromEntries(Object.entries(source).filter(([field]) => !(ownFields as readonly string[]).includes(field)))
  const suffix = uniqueSuffix()
  const username = `user.${suffix}`
  const displayName = `Test ${suffix} (${source.roleName ?? 'user'})`
  const [{ id }] = await db('users').insert(
    {
      ...copied,
      // jsonb: a list goes as JSON text (knex would send a Postgres array).
      tenancyPerms: JSON.stringify(source.tenancyPerms ?? []),
      username,
      email: `${username}@example.com`,
      displayName,
      password: await demoPasswordHash(db),
      passwordChangedAt: new Date()
    },
    ['id']
  )
  const memberships: Array<{ groupId: number; region: string }> = await db('user_groups').where({ userId: source.id }).select('groupId', 'region')
  if (memberships.length) {
    const demoGroups: Array<{ id: number; name: string }> = await db('security_groups')
      .whereIn('id', [...new Set(memberships.map((m) => m.groupId))])
      .select('id', 'name')
    const instead = (groupId: number) => groups.find((group) => group.like === demoGroups.find((g) => g.id === groupId)?.name)?.id ?? groupId
    await db('user_groups').insert(memberships.map(({ groupId, region }) => ({ userId: id, groupId: instead(groupId), region })))
  }
  return { id, username, displayName }
}
