import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../../test/server.js'
import { createTestAccount } from '../../../../../seeds/account-factories.js'

/*
 * The tenancies a handover/takeback can be created for (hotb-tenancies): every tenancy of the
 * region, by company or trade name, to staff who create records (pm.hk reads only the tenancy
 * records it is in charge of); nobody else.
 */

let server: TestServer
const tokens: Record<string, string> = {}
const api = (user: string, path: string) => server.api(tokens[user], 'GET', path)

beforeAll(async () => {
  server = await startTestServer()
  for (const name of ['pm.hk', 'approver.hk', 'tenant.acme', 'vendor.alpha']) tokens[name] = (await server.login(name)).accessToken
  const sg = await createTestAccount(server.knex, { like: 'pm.hk' })
  await server
    .knex('users')
    .where({ id: sg.id })
    .update({ regions: ['SG'], defaultRegion: 'SG' })
  await server.knex('user_groups').where({ userId: sg.id }).update({ region: 'SG' })
  tokens.staffSg = (await server.login(sg.username)).accessToken
})
afterAll(async () => {
  await server?.stop()
})

describe('the tenancies a record can be created for', () => {
  it('lists the region’s tenancies by company or trade name, and those asked for by id, to staff who create records', async () => {
    const acme = await server.knex('tenancies').where({ region: 'HK', tradeName: 'ACME' }).first('id', 'companyName')
    const found = await api('pm.hk', `/hk/v1/hotb-tenancies?companyName[$ilike]=${encodeURIComponent('%acme%')}`)
    expect(found.status).toBe(200)
    expect(found.body.data.map((row: any) => row.id)).toContain(acme.id)
    expect(Object.keys(found.body.data[0]).sort()).toEqual(['buildingId', 'companyName', 'id', 'tradeName'])
    // pm.hk does not read ACME's tenancy record itself.
    const own = await api('pm.hk', `/hk/v1/tenancies?id=${acme.id}`)
    expect(own.body.data ?? []).toHaveLength(0)
    const byId = await api('pm.hk', `/hk/v1/hotb-tenancies?id[$in][]=${acme.id}`)
    expect(byId.body.data).toEqual([expect.objectContaining({ id: acme.id, companyName: acme.companyName })])
    // A text with LIKE's wildcards finds what holds them, nothing more.
    expect((await api('pm.hk', `/hk/v1/hotb-tenancies?companyName[$ilike]=${encodeURIComponent('%\\%%')}`)).body.data).toEqual([])
    // Staff of another region (Singapore, where the module is off) list nothing of Hong Kong's.
    const sg = await api('staffSg', `/sg/v1/hotb-tenancies?id[$in][]=${acme.id}`)
    expect(sg.status).not.toBe(200)
  })

  it('refuses whoever does not create records', async () => {
    for (const user of ['approver.hk', 'tenant.acme', 'vendor.alpha']) expect((await api(user, '/hk/v1/hotb-tenancies')).status, user).toBe(403)
  })
})
