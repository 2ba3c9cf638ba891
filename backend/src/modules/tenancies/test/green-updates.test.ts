import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../../test/server.js'
import { liveSockets } from '../../../../test/live.js'
import { createTenancy, createTenancyAccount, tenantCompany, uniqueName } from '../seeds/factories.js'
import { createGreenOperation } from '../seeds/green-factories.js'

/*
 * Who changes green operation records beyond the administrators, over real HTTP on real
 * PostgreSQL: a tenancy's master account and its sub-accounts holding TenancyRecord update their
 * own tenancy's records, only the fields a tenant reports (floor, month, reading), at the version
 * they read; a sub-account without the perm, another tenancy's account and a vendor are refused.
 * A Project Manager records green operation on the tenancies in their charge only, its live
 * events included.
 */

let server: TestServer
const tokens: Record<string, string> = {}
const ids: Record<string, number> = {}
const live = liveSockets()

const api = (user: string, method: string, path: string, body?: unknown) => server.api(tokens[user], method, `/hk/v1/${path}`, body)
const patch = async (user: string, id: number, changes: Record<string, unknown>) =>
  api(user, 'PATCH', `green-operations/${id}`, { ...changes, updatedAt: await server.version('green-operations', id) })

/** A signed-in sub-account of tenant.acme's tenancy with these perms. */
async function subAccount(name: string, tenancyPerms: string[]) {
  const passwordHash = (await server.knex('users').where({ username: 'tenant.acme' }).first('password')).password
  const created = await createTenancyAccount(server.knex, { tenancyId: ids.own, username: `${name}.${Date.now()}`, tenancyPerms, passwordHash })
  tokens[name] = (await server.login(created.username)).accessToken
}

beforeAll(async () => {
  server = await startTestServer()
  for (const name of ['admin', 'pm.hk', 'tenant.acme', 'vendor.alpha']) tokens[name] = (await server.login(name)).accessToken
  ids.own = (await server.knex('users').where({ username: 'tenant.acme' }).first('tenancyId')).tenancyId
  ids.other = (await createTenancy(server.knex, { companyId: await tenantCompany(server.knex, uniqueName('Green other')), tradeName: uniqueName('Green') })).id
  ids.pm = (await server.knex('users').where({ username: 'pm.hk' }).first('id')).id
  ids.pmTenancy = (await createTenancy(server.knex, { companyId: await tenantCompany(server.knex, uniqueName('Green PM')), tradeName: uniqueName('Green'), managedBy: ids.pm })).id
  await subAccount('records', ['TenancyRecord'])
  await subAccount('projects', ['TenantProject'])
})
afterAll(async () => {
  live.close()
  await server?.stop()
})

describe('a tenant updating its green operation records', () => {
  it('lets the master account change the floor, month and reading of its own tenancy’s record, nothing the landlord decides', async () => {
    const record = await createGreenOperation(server.knex, { tenancyId: ids.own, startDate: '2026-01-01', validityMonths: 12 })
    const changed = await patch('tenant.acme', record.id, { floor: '10/F', month: '2026-10', reading: 812.25 })
    expect(changed.status, JSON.stringify(changed.body)).toBe(200)
    expect(changed.body).toMatchObject({ floor: '10/F', month: '2026-10', reading: 812.25, validityMonths: 12, expiryDate: '2026-12-31' })
    for (const [field, value] of [
      ['validityMonths', 60],
      ['startDate', '2020-01-01'],
      ['assessment', ['LIGHTING']],
      ['recognitionCount', 9]
    ] as const) {
      const refused = await patch('tenant.acme', record.id, { reading: 1, [field]: value })
      expect(refused.status, field).toBe(403)
      expect(refused.body.data).toMatchObject({ code: 'FIELD_FORBIDDEN', field })
    }
    const stored = await server.knex('green_operations').where({ id: record.id }).first()
    expect(stored).toMatchObject({ validityMonths: 12, recognitionCount: 0 })
    expect(Number(stored.reading)).toBe(812.25)
    // The rules of the record hold for the tenant too; a stale write is gone.
    expect((await patch('tenant.acme', record.id, { month: '2026-13' })).status).toBe(400)
    expect((await patch('tenant.acme', record.id, { floor: 'no such floor' })).status).toBe(400)
    const stale = await api('tenant.acme', 'PATCH', `green-operations/${record.id}`, { reading: 2, updatedAt: '2020-01-01T00:00:00.000Z' })
    expect(stale.status).toBe(410)
  })

  it('lets a sub-account with TenancyRecord update its tenancy’s records, and refuses one without it', async () => {
    const record = await createGreenOperation(server.knex, { tenancyId: ids.own, startDate: '2026-01-01', validityMonths: 12 })
    expect((await api('records', 'GET', `green-operations?tenancyId=${ids.own}`)).status).toBe(200)
    const changed = await patch('records', record.id, { reading: 99 })
    expect(changed.status, JSON.stringify(changed.body)).toBe(200)
    expect((await patch('records', record.id, { validityMonths: 24 })).body.data).toMatchObject({ code: 'FIELD_FORBIDDEN', field: 'validityMonths' })
    expect((await api('records', 'POST', 'green-operations', { tenancyId: ids.own, startDate: '2026-01-01', validityMonths: 12 })).status).toBe(403)
    expect((await api('records', 'DELETE', `green-operations/${record.id}`)).status).toBe(403)

    expect((await api('projects', 'GET', `green-operations?tenancyId=${ids.own}`)).status).toBe(403)
    expect((await patch('projects', record.id, { reading: 5 })).status).toBe(403)
    expect(Number((await server.knex('green_operations').where({ id: record.id }).first()).reading)).toBe(99)
  })

  it('refuses another tenancy’s record (404) and vendors (403)', async () => {
    const other = await createGreenOperation(server.knex, { tenancyId: ids.other, startDate: '2026-01-01', validityMonths: 12 })
    for (const user of ['tenant.acme', 'records']) expect((await patch(user, other.id, { reading: 5 })).status, user).toBe(404)
    expect((await patch('vendor.alpha', other.id, { reading: 5 })).status).toBe(403)
    expect((await server.knex('green_operations').where({ id: other.id }).first()).reading).toBeNull()
  })
})

describe('a Project Manager’s green operation records', () => {
  it('records and updates those of the tenancies in their charge, removes none, and reaches no other tenancy’s', async () => {
    const created = await api('pm.hk', 'POST', 'green-operations', { tenancyId: ids.pmTenancy, startDate: '2026-02-01', validityMonths: 6, recognitionCount: 1 })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    expect((await patch('pm.hk', created.body.id, { validityMonths: 12, assessment: ['LIGHTING'] })).status).toBe(200)
    expect((await api('pm.hk', 'DELETE', `green-operations/${created.body.id}`)).status).toBe(403)
    const other = await createGreenOperation(server.knex, { tenancyId: ids.other, startDate: '2026-01-01', validityMonths: 12 })
    expect((await api('pm.hk', 'GET', `green-operations?tenancyId=${ids.other}`)).status).toBe(404)
    expect((await api('pm.hk', 'GET', `green-operations/${other.id}`)).status).toBe(404)
    expect((await patch('pm.hk', other.id, { reading: 1 })).status).toBe(404)
    expect((await api('pm.hk', 'POST', 'green-operations', { tenancyId: ids.other, startDate: '2026-01-01', validityMonths: 12 })).status).toBe(404)
  })

  it('hears the live events of the records in their charge, not of another tenancy’s', async () => {
    const admin = await live.connect(server, tokens.admin, 'HK', ['green-operations'])
    const pm = await live.connect(server, tokens['pm.hk'], 'HK', ['green-operations'])
    const tenant = await live.connect(server, tokens['tenant.acme'], 'HK', ['green-operations'])
    const others = await api('admin', 'POST', 'green-operations', { tenancyId: ids.other, startDate: '2026-01-01', validityMonths: 12 })
    const theirs = await api('admin', 'POST', 'green-operations', { tenancyId: ids.pmTenancy, startDate: '2026-01-01', validityMonths: 12 })
    await pm.until((event) => event.data.id === theirs.body.id)
    await admin.until((event) => event.data.id === theirs.body.id)
    // Sent after the other tenancy's: had it reached pm.hk, it would have arrived first.
    expect(pm.events.map((event) => event.data.id)).not.toContain(others.body.id)
    expect(tenant.events.map((event) => event.data.id)).not.toContain(others.body.id)
    expect(tenant.events.map((event) => event.data.id)).not.toContain(theirs.body.id)
  })
})
