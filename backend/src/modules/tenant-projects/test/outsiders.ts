import type { TestServer } from '../../../../test/server.js'
import { createTestAccount } from '../../../../../seeds/account-factories.js'
import { createTenancy, dayFromToday, tenantCompany, uniqueName } from '../../tenancies/module.js'

/**
 * The callers each service test of the module must turn away, signed in: a tenant of another
 * tenancy, an ACME sub-account without TenantProject, and a copy of a Hong Kong staff account
 * (`staffLike`) moved to Singapore. All are copies, so the demo accounts stay as seeded.
 */
export async function outsiders(server: TestServer, staffLike: string, label: string) {
  const tenancy = await createTenancy(server.knex, {
    companyId: await tenantCompany(server.knex, uniqueName(`${label} other`)),
    tradeName: uniqueName('Other'),
    premises: [{ floor: '10/F', effectiveDate: dayFromToday(-30) }]
  })
  const otherTenant = await createTestAccount(server.knex, { like: 'tenant.acme' })
  await server.knex('users').where({ id: otherTenant.id }).update({ tenancyId: tenancy.id })
  const sub = await createTestAccount(server.knex, { like: 'tenant.acme' })
  await server
    .knex('users')
    .where({ id: sub.id })
    .update({ userType: 621, tenancyPerms: JSON.stringify([]) })
  await server.knex('user_groups').where({ userId: sub.id }).delete()
  const sg = await createTestAccount(server.knex, { like: staffLike })
  await server
    .knex('users')
    .where({ id: sg.id })
    .update({ regions: ['SG'], defaultRegion: 'SG' })
  await server.knex('user_groups').where({ userId: sg.id }).update({ region: 'SG' })
  const token = async (username: string) => (await server.login(username)).accessToken
  return { other: await token(otherTenant.username), subWithout: await token(sub.username), staffSg: await token(sg.username), otherTenancy: tenancy }
}
