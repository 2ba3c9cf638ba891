import type { Knex } from 'knex'

let counter = 0
/** A suffix no other call of this run (nor a run before it) gives. */
export const uniqueSuffix = () => `${Date.now().toString(36)}${(counter++).toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`

/** A company of its own (HK unless named), unique by name. */
export async function createTestCompanyRow(db: Knex, overrides: { region?: string; type?: string } = {}): Promise<{ id: number; name: string }> {
  const [row] = await db('companies').insert({ region: overrides.region ?? 'HK', name: `Vendor Co ${uniqueSuffix()}`, type: overrides.type ?? 'C' }, ['id', 'name'])
  return row
}

/*
 * Test factories of vendor accounts: a fresh vendor company with its master account (Vendor Admin
 * in HK, the demo password), so a spec or test reaches the sub-account cap of its own company
 * without touching the demo vendors or the cap setting that other specs read.
 */

export interface TestVendor {
  companyId: number
  companyName: string
  id: number
  username: string
}

/** The demo password's hash, as the seed stored it for every demo user. */
export const demoPasswordHash = async (db: Knex) => (await db('users').where({ username: 'vendor.alpha' }).first('password')).password as string

export async function createTestVendor(db: Knex): Promise<TestVendor> {
  const suffix = uniqueSuffix()
  const company = await createTestCompanyRow(db)
  const username = `vendor.${suffix}`
  const [{ id }] = await db('users').insert(
    {
      username,
      email: `${username}@example.com`,
      displayName: `Victor ${suffix} (master)`,
      password: await demoPasswordHash(db),
      source: 'EXT',
      domain: 'CMS',
      userType: 401,
      roleName: 'Contractor Admin',
      companyId: company.id,
      regions: ['HK'],
      defaultRegion: 'HK',
      passwordChangedAt: new Date()
    },
    ['id']
  )
  const group = await db('security_groups').where({ name: 'Vendor Admin' }).first('id')
  await db('user_groups').insert({ userId: id, groupId: group.id, region: 'HK' })
  return { companyId: company.id, companyName: company.name, id, username }
}

/** A sub-account of the vendor's company with these toggles, signed in with the demo password. */
export async function createTestSubAccount(db: Knex, vendor: TestVendor, vendorPerms: string[]): Promise<{ id: number; username: string }> {
  const username = `sub.${uniqueSuffix()}`
  const [{ id }] = await db('users').insert(
    {
      username,
      email: `${username}@example.com`,
      displayName: `Sub ${username}`,
      password: await demoPasswordHash(db),
      source: 'EXT',
      domain: 'CMS',
      userType: 421,
      roleName: 'Contractor Sub',
      companyId: vendor.companyId,
      vendorPerms,
      regions: ['HK'],
      defaultRegion: 'HK',
      passwordChangedAt: new Date()
    },
    ['id']
  )
  return { id, username }
}
