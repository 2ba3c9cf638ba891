import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../../test/server.js'
import { liveSockets } from '../../../../test/live.js'
import { createTenancy, tenantCompany, uniqueName } from '../seeds/factories.js'
import { tenantReads } from '../services/tenancies/tenancies.access.js'

/*
 * Live events of tenancy records (tenancies.access.ts `tenancyEventReaders`): staff who read the
 * tenancy hear its changes; tenant.acme hears those of ACME Trading's tenancies only; staff
 * without the grant, vendors and another region hear nothing.
 */

let server: TestServer
const tokens: Record<string, string> = {}
const live = liveSockets()

beforeAll(async () => {
  server = await startTestServer()
  for (const name of ['admin', 'accounting.hk', 'tenant.acme', 'vendor.alpha']) tokens[name] = (await server.login(name)).accessToken
})
afterAll(async () => {
  live.close()
  await server?.stop()
})

const connect = (username: string, region: string) => live.connect(server, tokens[username], region, ['tenancies', 'buildings'])

const remarks = async (id: number, text: string) => server.api(tokens.admin, 'PATCH', `/hk/v1/tenancies/${id}`, { updatedAt: await server.version('tenancies', id), remarks: text })

describe('tenancy live events', () => {
  it("reaches staff and the tenant of the tenancy's company, and nobody else", async () => {
    const acme = (await server.knex('companies').where({ name: 'ACME Trading', region: 'HK' }).first('id')).id
    const acmeTenancy = await createTenancy(server.knex, { companyId: acme, tradeName: uniqueName('Live ACME') })
    const otherTenancy = await createTenancy(server.knex, { companyId: await tenantCompany(server.knex, uniqueName('Live other')), tradeName: 'Other' })
    const admin = await connect('admin', 'HK')
    const tenant = await connect('tenant.acme', 'HK')
    const denied = { accounting: await connect('accounting.hk', 'HK'), vendor: await connect('vendor.alpha', 'HK') }
    const otherRegion = await connect('admin', 'BJ')

    expect((await remarks(otherTenancy.id, 'other company')).status).toBe(200)
    expect((await remarks(acmeTenancy.id, 'acme')).status).toBe(200)
    const of = (id: number) => (event: { service: string; data: any }) => event.service === 'tenancies' && event.data.id === id
    await admin.until(of(acmeTenancy.id))
    await admin.until(of(otherTenancy.id))
    await tenant.until(of(acmeTenancy.id))
    // Events arrive in order on a connection: the other company's came first, and did not come.
    expect(tenant.events.filter(of(otherTenancy.id))).toEqual([])

    const stamp = Date.now().toString(36).toUpperCase()
    for (const [region, code] of [
      ['hk', `TH${stamp}`],
      ['bj', `TB${stamp}`]
    ]) {
      expect((await server.api(tokens.admin, 'POST', `/${region}/v1/buildings`, { code, name: `Live ${code}`, floors: ['G/F'], commonFloor: 'G/F' })).status).toBe(201)
    }
    for (const connection of Object.values(denied)) {
      await connection.until((event) => event.service === 'buildings' && event.data.code === `TH${stamp}`)
      expect(connection.events.filter((event) => event.service === 'tenancies')).toEqual([])
    }
    await otherRegion.until((event) => event.service === 'buildings' && event.data.code === `TB${stamp}`)
    expect(otherRegion.events.filter((event) => event.service === 'tenancies')).toEqual([])
  })

  it('decides who of the tenants reads a tenancy: its master account, the company master, a sub-account with TenancyRecord', () => {
    const tenancy = { id: 5, companyId: 3 }
    expect(tenantReads({ id: 1, userType: 601, companyId: 3, tenancyId: 9 }, tenancy)).toBe(true)
    expect(tenantReads({ id: 1, userType: 601, companyId: 4, tenancyId: 5 }, tenancy)).toBe(true)
    expect(tenantReads({ id: 1, userType: 621, companyId: 3, tenancyId: 5, tenancyPerms: ['TenancyRecord'] }, tenancy)).toBe(true)
    expect(tenantReads({ id: 1, userType: 621, companyId: 3, tenancyId: 5, tenancyPerms: ['TenantProject'] }, tenancy)).toBe(false)
    expect(tenantReads({ id: 1, userType: 621, companyId: 3, tenancyId: 6, tenancyPerms: ['TenancyRecord'] }, tenancy)).toBe(false)
    expect(tenantReads({ id: 1, userType: 601, companyId: 4, tenancyId: 6 }, tenancy)).toBe(false)
    expect(tenantReads({ id: 1, userType: 521, companyId: 3, tenancyId: 5 }, tenancy)).toBe(false)
  })
})
