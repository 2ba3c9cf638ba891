import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../../test/server.js'
import { createTenancy, dayFromToday, tenantCompany, uniqueName } from '../seeds/factories.js'
import { createGreenOperation } from '../seeds/green-factories.js'

/*
 * Green operation records (the sustainability initiatives tab) over real HTTP on real PostgreSQL:
 * each call (list, get, create, edit, remove; documents upload, list, download, remove), the rules
 * (validity period required, expiry and status, floor of the building) and the denials: staff
 * without a grant, a tenant writing or reading another tenancy's, vendors, a region with green
 * operation off, another region.
 */

let server: TestServer
const tokens: Record<string, string> = {}
const ids: Record<string, number> = {}

const api = (user: string, method: string, path: string, body?: unknown) => server.api(tokens[user], method, path, body)

async function upload(user: string, greenOperationId: number, docType: string, name = 'bill.pdf', prefix = '/hk') {
  const form = new FormData()
  form.append('greenOperationId', String(greenOperationId))
  form.append('docType', docType)
  form.append('files', new Blob([new Uint8Array(Buffer.from('%PDF-1.4 green'))], { type: 'application/pdf' }), name)
  const response = await fetch(`${server.url}${prefix}/v1/green-operation-documents`, { method: 'POST', headers: { authorization: `Bearer ${tokens[user]}` }, body: form })
  return { status: response.status, body: (await response.json()) as any }
}

beforeAll(async () => {
  server = await startTestServer()
  for (const name of ['admin', 'pm.hk', 'accounting.hk', 'tenant.acme', 'vendor.alpha']) tokens[name] = (await server.login(name)).accessToken
  ids.own = (await server.knex('users').where({ username: 'tenant.acme' }).first('tenancyId')).tenancyId
  ids.other = (await createTenancy(server.knex, { companyId: await tenantCompany(server.knex, uniqueName('Green other')), tradeName: uniqueName('Green') })).id
})
afterAll(async () => {
  await server?.stop()
})

describe('green operation records', () => {
  it('records a start and validity period, answering its expiry and status; lists a tenancy’s newest first', async () => {
    const created = await api('admin', 'POST', '/hk/v1/green-operations', {
      tenancyId: ids.other,
      startDate: '2026-01-01',
      validityMonths: 12,
      floor: '10/F',
      month: '2026-03',
      reading: 1234.5,
      assessment: ['LIGHTING', 'NO_BOTTLED_WATER'],
      recognitionCount: 2
    })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ expiryDate: '2026-12-31', reading: 1234.5, assessment: ['LIGHTING', 'NO_BOTTLED_WATER'], recognitionCount: 2 })
    expect(created.body.status).toBe(dayFromToday(0) <= '2026-12-31' ? 'VALID' : 'EXPIRED')
    await createGreenOperation(server.knex, { tenancyId: ids.other, startDate: '2024-01-01', validityMonths: 12 })
    const listed = await api('admin', 'GET', `/hk/v1/green-operations?tenancyId=${ids.other}`)
    expect(listed.body.data.map((row: any) => row.startDate)).toEqual(['2026-01-01', '2024-01-01'])
    expect(listed.body.data[1]).toMatchObject({ expiryDate: '2024-12-31', status: 'EXPIRED' })
  })

  it('requires the validity period (400) and a floor of the building', async () => {
    const missing = await api('admin', 'POST', '/hk/v1/green-operations', { tenancyId: ids.other, startDate: '2026-01-01' })
    expect(missing.status).toBe(400)
    const zero = await api('admin', 'POST', '/hk/v1/green-operations', { tenancyId: ids.other, startDate: '2026-01-01', validityMonths: 0 })
    expect(zero.status).toBe(400)
    expect((await api('admin', 'POST', '/hk/v1/green-operations', { tenancyId: ids.other, startDate: '2026-01-01', validityMonths: 6, floor: '99/F' })).body.data.code).toBe('MOVE_FLOOR_INVALID')
  })

  it('edits with the version read (428, 410) and moves the expiry with the period; removes a record with its documents', async () => {
    const record = await createGreenOperation(server.knex, { tenancyId: ids.other, startDate: '2026-03-15', validityMonths: 1 })
    expect((await api('admin', 'PATCH', `/hk/v1/green-operations/${record.id}`, { validityMonths: 2 })).status).toBe(428)
    const edited = await api('admin', 'PATCH', `/hk/v1/green-operations/${record.id}`, { validityMonths: 2, updatedAt: await server.version('green-operations', record.id) })
    expect(edited.status).toBe(200)
    expect(edited.body.expiryDate).toBe('2026-05-14')
    const uploaded = await upload('admin', record.id, 'GREEN_CERT')
    expect(uploaded.status).toBe(201)
    expect((await api('admin', 'DELETE', `/hk/v1/green-operations/${record.id}`)).status).toBe(200)
    expect(await server.knex('files').where({ id: uploaded.body[0].fileId }).first()).toBeUndefined()
  })
})

describe('green operation documents', () => {
  it('uploads documents by type, lists, downloads and removes them', async () => {
    const record = await createGreenOperation(server.knex, { tenancyId: ids.own, startDate: '2026-01-01', validityMonths: 12 })
    const bill = await upload('admin', record.id, 'ELECTRICITY_BILL', 'March bill.pdf')
    expect(bill.status).toBe(201)
    expect(bill.body[0]).toMatchObject({ docType: 'ELECTRICITY_BILL', name: 'March bill.pdf', mimeType: 'application/pdf' })
    expect((await upload('admin', record.id, 'NOT_A_TYPE')).status).toBe(400)
    await upload('admin', record.id, 'RECYCLING_BIN', 'bins.pdf')
    const listed = await api('admin', 'GET', `/hk/v1/green-operation-documents?greenOperationId=${record.id}`)
    expect(listed.body.data.map((row: any) => row.docType)).toEqual(['ELECTRICITY_BILL', 'RECYCLING_BIN'])
    const bills = await api('admin', 'GET', `/hk/v1/green-operation-documents?greenOperationId=${record.id}&docType=ELECTRICITY_BILL`)
    expect(bills.body.data).toHaveLength(1)
    const content = await fetch(`${server.url}/hk/v1/green-operation-documents/${bill.body[0].id}/content`, { headers: { authorization: `Bearer ${tokens.admin}` } })
    expect(content.status).toBe(200)
    expect(Buffer.from(await content.arrayBuffer()).toString()).toBe('%PDF-1.4 green')
    // The tenant reads its own tenancy's documents too, and removes only those it uploaded.
    expect((await fetch(`${server.url}/hk/v1/green-operation-documents/${bill.body[0].id}/content`, { headers: { authorization: `Bearer ${tokens['tenant.acme']}` } })).status).toBe(200)
    expect((await api('tenant.acme', 'DELETE', `/hk/v1/green-operation-documents/${bill.body[0].id}`)).status).toBe(403)
    const theirs = await upload('tenant.acme', record.id, 'NO_BOTTLED_WATER', 'dispenser.pdf')
    expect(theirs.status, JSON.stringify(theirs.body)).toBe(201)
    expect((await api('tenant.acme', 'DELETE', `/hk/v1/green-operation-documents/${theirs.body[0].id}`)).status).toBe(200)
    expect((await api('admin', 'DELETE', `/hk/v1/green-operation-documents/${bill.body[0].id}`)).status).toBe(200)
    expect((await api('admin', 'GET', `/hk/v1/green-operation-documents?greenOperationId=${record.id}`)).body.data).toHaveLength(1)
  })
})

describe('green operation denials', () => {
  it('lets a tenant read its own tenancy’s records only, and create or remove none; refuses vendors and staff without a grant', async () => {
    const own = await createGreenOperation(server.knex, { tenancyId: ids.own, startDate: '2026-01-01', validityMonths: 12 })
    const other = await createGreenOperation(server.knex, { tenancyId: ids.other, startDate: '2026-01-01', validityMonths: 12 })
    expect((await api('tenant.acme', 'GET', `/hk/v1/green-operations?tenancyId=${ids.own}`)).body.data.map((row: any) => row.id)).toContain(own.id)
    expect((await api('tenant.acme', 'GET', `/hk/v1/green-operations/${own.id}`)).status).toBe(200)
    expect((await api('tenant.acme', 'GET', `/hk/v1/green-operations?tenancyId=${ids.other}`)).status).toBe(404)
    expect((await api('tenant.acme', 'GET', `/hk/v1/green-operations/${other.id}`)).status).toBe(404)
    expect((await api('tenant.acme', 'GET', `/hk/v1/green-operation-documents?greenOperationId=${other.id}`)).status).toBe(404)
    expect((await api('tenant.acme', 'POST', '/hk/v1/green-operations', { tenancyId: ids.own, startDate: '2026-01-01', validityMonths: 12 })).status).toBe(403)
    expect((await api('tenant.acme', 'DELETE', `/hk/v1/green-operations/${own.id}`)).status).toBe(403)
    expect((await api('tenant.acme', 'PATCH', `/hk/v1/green-operations/${other.id}`, { reading: 1, updatedAt: await server.version('green-operations', other.id) })).status).toBe(404)
    expect((await upload('tenant.acme', other.id, 'OTHERS')).status).toBe(404)
    for (const user of ['vendor.alpha', 'accounting.hk']) {
      expect((await api(user, 'GET', `/hk/v1/green-operations?tenancyId=${ids.own}`)).status).toBe(403)
      expect((await api(user, 'GET', `/hk/v1/green-operations/${own.id}`)).status).toBe(403)
      expect((await api(user, 'POST', '/hk/v1/green-operations', { tenancyId: ids.own, startDate: '2026-01-01', validityMonths: 12 })).status).toBe(403)
      expect((await api(user, 'DELETE', `/hk/v1/green-operations/${own.id}`)).status).toBe(403)
      expect((await upload(user, own.id, 'OTHERS')).status).toBe(403)
    }
    expect(await server.knex('green_operations').where({ id: own.id }).first()).toBeTruthy()
  })

  it('answers 404 where green operation is off (SG) and for a record of another region', async () => {
    const record = await createGreenOperation(server.knex, { tenancyId: ids.other, startDate: '2026-01-01', validityMonths: 12 })
    expect((await api('admin', 'GET', `/sg/v1/green-operations?tenancyId=${ids.other}`)).status).toBe(404)
    expect((await api('admin', 'GET', `/bj/v1/green-operations/${record.id}`)).status).toBe(404)
    expect((await api('admin', 'GET', `/bj/v1/green-operations?tenancyId=${ids.other}`)).status).toBe(404)
  })
})
