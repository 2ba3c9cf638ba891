import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import ExcelJS from 'exceljs'
import { startTestServer, type TestServer } from '../../../../test/server.js'
import { createLease, createTenancy, dayFromToday, tenantCompany, uniqueName } from '../seeds/factories.js'

/*
 * Tenancy records over real HTTP on real PostgreSQL: every call and its denials (a tenant asking
 * for another tenancy, staff of another region, no permission, stale write 410, duplicate 409,
 * confirmation 428), occupancy on a day, leases by tenant number, link/unlink, import.
 */

let server: TestServer
const tokens: Record<string, string> = {}
const ids: Record<string, number> = {}

const api = (user: string, method: string, path: string, body?: unknown, headers?: Record<string, string>) => server.api(tokens[user], method, path, body, headers)
const act = async (user: string, method: string, id: number, body: Record<string, unknown> = {}) =>
  api(user, 'POST', '/hk/v1/tenancies', { id, updatedAt: await server.version('tenancies', id), ...body }, { 'x-service-method': method })
const patch = async (user: string, id: number, body: Record<string, unknown>) => api(user, 'PATCH', `/hk/v1/tenancies/${id}`, { updatedAt: await server.version('tenancies', id), ...body })

beforeAll(async () => {
  server = await startTestServer()
  for (const name of ['admin', 'pm.hk', 'accounting.hk', 'tenant.acme', 'vendor.alpha']) tokens[name] = (await server.login(name)).accessToken
  for (const name of ['admin', 'pm.hk']) ids[name] = (await server.knex('users').where({ username: name }).first('id')).id
  ids.es1 = (await server.knex('buildings').where({ code: 'ES1', region: 'HK' }).first('id')).id
  ids.es2 = (await server.knex('buildings').where({ code: 'ES2', region: 'HK' }).first('id')).id
  ids.acme = (await server.knex('companies').where({ name: 'ACME Trading', region: 'HK' }).first('id')).id
})
afterAll(async () => {
  await server?.stop()
})

describe('tenancy list', () => {
  it('lists the demo tenancies to staff reading any, with paging, sorting, filters and premises', async () => {
    const { status, body } = await api('admin', 'GET', '/hk/v1/tenancies?$limit=5&$sort[companyName]=1')
    expect(status).toBe(200)
    expect(body.total).toBeGreaterThanOrEqual(12)
    expect(body.data).toHaveLength(5)
    const names = body.data.map((row: any) => row.companyName)
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' })))
    const retail = await api('admin', 'GET', `/hk/v1/tenancies?type=R&buildingId=${ids.es1}`)
    expect(retail.body.data.length).toBeGreaterThan(0)
    expect(retail.body.data.every((row: any) => row.type === 'R' && row.buildingId === ids.es1)).toBe(true)
    const found = await api('admin', 'GET', '/hk/v1/tenancies?tradeName[$ilike]=%25jade%25')
    expect(found.body.data.map((row: any) => row.tradeName)).toEqual(['Jade Law'])
    expect(found.body.data[0].premises[0]).toMatchObject({ floor: '45/F', endDate: dayFromToday(10) })
  })

  it('answers each later page as the slice of the whole sorted list, premises and all (they are read for the page only)', async () => {
    const whole = await api('admin', 'GET', '/hk/v1/tenancies?$limit=100&$sort[buildingId]=-1&$sort[id]=1')
    expect(whole.body.data.length).toBeGreaterThanOrEqual(12)
    expect(whole.body.data.some((row: any) => row.premises.length > 0)).toBe(true)
    for (const skip of [3, 7, 10]) {
      const page = await api('admin', 'GET', `/hk/v1/tenancies?$limit=3&$skip=${skip}&$sort[buildingId]=-1&$sort[id]=1`)
      expect(page.status).toBe(200)
      expect(page.body).toMatchObject({ total: whole.body.total, skip, limit: 3 })
      expect(page.body.data).toEqual(whole.body.data.slice(skip, skip + 3))
    }
    // Some fields only, and a sort by a field left out of them: the same rows, with their premises.
    const chosen = await api('admin', 'GET', '/hk/v1/tenancies?$limit=3&$skip=3&$sort[buildingId]=-1&$sort[id]=1&$select[]=companyName')
    expect(chosen.status).toBe(200)
    expect(chosen.body.data.map((row: any) => [row.id, row.companyName, row.premises])).toEqual(whole.body.data.slice(3, 6).map((row: any) => [row.id, row.companyName, row.premises]))
  })

  it('exports the list as the caller sees it', async () => {
    const response = await fetch(`${server.url}/hk/v1/exports/tenancies?type=O`, { headers: { authorization: `Bearer ${tokens.admin}` } })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('spreadsheet')
  })

  it('refuses staff without a tenancies grant (403), vendors (403) and a region the user may not use', async () => {
    expect((await api('accounting.hk', 'GET', '/hk/v1/tenancies')).status).toBe(403)
    expect((await api('vendor.alpha', 'GET', '/hk/v1/tenancies')).status).toBe(403)
    expect((await api('pm.hk', 'GET', '/bj/v1/tenancies')).status).toBe(403)
    // SG has tenancy records switched off.
    expect((await api('admin', 'GET', '/sg/v1/tenancies')).status).toBe(404)
  })

  it("answers 404 for a tenancy of another region (staff of BJ asking for HK's)", async () => {
    const hk = (await api('admin', 'GET', '/hk/v1/tenancies?$limit=1')).body.data[0]
    expect((await api('admin', 'GET', `/bj/v1/tenancies/${hk.id}`)).status).toBe(404)
    expect((await api('admin', 'GET', `/hk/v1/tenancies/${hk.id}`)).status).toBe(200)
  })

  it('finds tenancies through the global search by company or trade name', async () => {
    const { status, body } = await api('admin', 'GET', '/hk/v1/search?q=Peak')
    expect(status).toBe(200)
    expect(JSON.stringify(body)).toContain('Peak Coffee')
  })

  it("answers premises in the building's floor order, floors it no longer lists last, then by effective date, and follows an edit of the floor list", async () => {
    const code = uniqueName('FL')
      .replace(/[^A-Za-z0-9]/g, '')
      .slice(0, 30)
    const building = await api('admin', 'POST', '/hk/v1/buildings', { code, name: `Floors ${code}`, floors: ['B1', 'G/F', '2/F', '10/F'] })
    expect(building.status).toBe(201)
    const company = await tenantCompany(server.knex, uniqueName('Floors'))
    const tenancy = await createTenancy(server.knex, {
      companyId: company,
      building: code,
      premises: [
        { floor: '2/F', effectiveDate: '2026-03-01' },
        { floor: 'Closed Deck', effectiveDate: '2026-01-01' },
        { floor: '10/F', effectiveDate: '2026-05-01' },
        { floor: '2/F', effectiveDate: '2026-01-01', endDate: '2026-02-28' },
        { floor: 'B1', effectiveDate: '2026-02-01' }
      ]
    })
    const order = (body: any) => body.premises.map((line: any) => [line.floor, line.effectiveDate, line.endDate])
    const listed = async () => (await api('admin', 'GET', `/hk/v1/tenancies?companyId=${company}`)).body.data.map(order)
    const expected = [
      ['B1', '2026-02-01', null],
      ['2/F', '2026-01-01', '2026-02-28'],
      ['2/F', '2026-03-01', null],
      ['10/F', '2026-05-01', null],
      ['Closed Deck', '2026-01-01', null]
    ]
    expect(order((await api('admin', 'GET', `/hk/v1/tenancies/${tenancy.id}`)).body)).toEqual(expected)
    expect(await listed()).toEqual([expected])

    const edited = await api('admin', 'PATCH', `/hk/v1/buildings/${building.body.id}`, { updatedAt: building.body.updatedAt, floors: ['10/F', '2/F', 'G/F'] })
    expect(edited.status).toBe(200)
    // B1 is not listed any more: it goes last with the floors never listed, by effective date.
    expect(await listed()).toEqual([[expected[3], expected[1], expected[2], expected[4], expected[0]]])
  })
})

describe('tenancy create and edit', () => {
  const premises = [{ floor: '10/F', zone: 'ES1', effectiveDate: dayFromToday(-5), endDate: null, detail: 'Units 1001-1003' }]

  it('creates a tenancy with premises and opening hours; the same company, trade name, building and type again is 409 whatever the case', async () => {
    const tradeName = uniqueName('Acme Kiosk')
    const created = await api('admin', 'POST', '/hk/v1/tenancies', {
      companyId: ids.acme,
      tradeName,
      type: 'R',
      buildingId: ids.es1,
      openingHours: { MON: { start: '09:00', end: '23:59' }, SUN: { start: 'Anytime' }, PH: null },
      premises
    })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ companyName: 'ACME Trading', tradeName, type: 'R', status: 'ACTIVE', managedBy: ids.admin })
    expect(created.body.premises).toEqual([{ id: expect.any(Number), ...premises[0] }])
    const again = await api('admin', 'POST', '/hk/v1/tenancies', { companyId: ids.acme, companyName: 'acme trading', tradeName: tradeName.toUpperCase(), type: 'R', buildingId: ids.es1 })
    expect(again.status).toBe(409)
    expect(again.body.data.code).toBe('TENANCY_DUPLICATE')
    // Another type is another record.
    expect((await api('admin', 'POST', '/hk/v1/tenancies', { companyId: ids.acme, tradeName, type: 'O', buildingId: ids.es1 })).status).toBe(201)
    // The audit log has the write.
    expect(
      await server
        .knex('audit_log')
        .where({ resource: 'tenancies', recordId: String(created.body.id), action: 'tenancies.create' })
        .first()
    ).toBeTruthy()
  })

  it("refuses a company that is no tenant's (a vendor's) with 400, naming its type, and writes nothing", async () => {
    const alpha = (await server.knex('companies').where({ name: 'Alpha Engineering Ltd', region: 'HK' }).first('id')).id
    const tradeName = uniqueName('Vendor kiosk')
    const refused = await api('admin', 'POST', '/hk/v1/tenancies', { companyId: alpha, tradeName, type: 'R', buildingId: ids.es1 })
    expect(refused.status).toBe(400)
    expect(refused.body.data).toMatchObject({ code: 'TENANCY_COMPANY_TYPE', type: 'C', allowed: 'T' })
    expect(refused.body.message).toBe('A tenancy record is of a tenant company (type T); this company is of type C.')
    expect(await server.knex('tenancies').where({ tradeName }).first()).toBeUndefined()
  })

  it('refuses a floor the building does not have, bad opening hours, no building', async () => {
    const base = { companyId: ids.acme, tradeName: uniqueName('x'), buildingId: ids.es1 }
    expect((await api('admin', 'POST', '/hk/v1/tenancies', { ...base, premises: [{ floor: '99/F', effectiveDate: dayFromToday(0) }] })).body.data.code).toBe('PREMISES_INVALID')
    expect((await api('admin', 'POST', '/hk/v1/tenancies', { ...base, openingHours: { MON: { start: '18:00', end: '09:00' } } })).body.data.code).toBe('OPENING_HOURS_INVALID')
    expect((await api('admin', 'POST', '/hk/v1/tenancies', { companyId: ids.acme, tradeName: 'no building' })).status).toBe(400)
  })

  it('asks for the version read (428), refuses a stale one (410), and asks to confirm a new company name (428)', async () => {
    const tenancy = await createTenancy(server.knex, { companyId: ids.acme, tradeName: uniqueName('Edit') })
    expect((await api('admin', 'PATCH', `/hk/v1/tenancies/${tenancy.id}`, { remarks: 'no version' })).status).toBe(428)
    expect((await api('admin', 'PATCH', `/hk/v1/tenancies/${tenancy.id}`, { remarks: 'stale', updatedAt: '2020-01-01T00:00:00.000Z' })).status).toBe(410)
    const edited = await patch('admin', tenancy.id, { remarks: 'Key holder: reception', premises })
    expect(edited.status).toBe(200)
    expect(edited.body.premises).toHaveLength(1)
    const unconfirmed = await patch('admin', tenancy.id, { companyName: 'ACME Trading (Asia)' })
    expect(unconfirmed.status).toBe(428)
    expect(unconfirmed.body.data).toMatchObject({ code: 'COMPANY_NAME_CONFIRM', from: 'ACME Trading', to: 'ACME Trading (Asia)' })
    const confirmed = await patch('admin', tenancy.id, { companyName: 'ACME Trading (Asia)', confirmCompanyName: true })
    expect(confirmed.status).toBe(200)
    expect(confirmed.body.companyName).toBe('ACME Trading (Asia)')
    // The histories of the record: its writes, newest first; only of a record the caller reads.
    const histories = await api('admin', 'GET', `/hk/v1/tenancies/${tenancy.id}/histories`)
    expect(histories.status).toBe(200)
    expect(histories.body.map((row: any) => row.action)).toEqual(['tenancies.patch', 'tenancies.patch'])
    expect((await api('pm.hk', 'GET', `/hk/v1/tenancies/${tenancy.id}/histories`)).status).toBe(404)
  })

  it('shows the tenant master the histories of its own tenancies, and another company’s as none (404) (issue 27 item 10)', async () => {
    const own = await createTenancy(server.knex, { companyId: ids.acme, tradeName: uniqueName('Own') })
    expect((await patch('admin', own.id, { remarks: 'Loading bay B' })).status).toBe(200)
    const read = await api('tenant.acme', 'GET', `/hk/v1/tenancies/${own.id}/histories`)
    expect(read.status).toBe(200)
    expect(read.body.map((row: any) => row.action)).toEqual(['tenancies.patch'])
    const theirs = await createTenancy(server.knex, { companyId: await tenantCompany(server.knex, uniqueName('Other tenant')), tradeName: uniqueName('Theirs') })
    expect((await patch('admin', theirs.id, { remarks: 'Not yours' })).status).toBe(200)
    expect((await api('tenant.acme', 'GET', `/hk/v1/tenancies/${theirs.id}/histories`)).status).toBe(404)
    expect((await api('tenant.acme', 'GET', '/hk/v1/tenancies/999999999/histories')).status).toBe(404)
    // A vendor reads no tenancy at all: refused before any record is looked at, whichever it names.
    expect((await api('vendor.alpha', 'GET', `/hk/v1/tenancies/${own.id}/histories`)).status).toBe(403)
    expect((await api('vendor.alpha', 'GET', '/hk/v1/tenancies/999999999/histories')).status).toBe(403)
  })

  it('keeps staff with own rights to the tenancies in their charge, and without changeCompanyName or changeStatus', async () => {
    const mine = await api('pm.hk', 'POST', '/hk/v1/tenancies', { companyId: ids.acme, tradeName: uniqueName('PM'), buildingId: ids.es2, premises })
    expect(mine.status).toBe(201)
    expect(mine.body.managedBy).toBe(ids['pm.hk'])
    const listed = await api('pm.hk', 'GET', '/hk/v1/tenancies?$limit=100')
    expect(listed.body.data.map((row: any) => row.id)).toEqual([mine.body.id])
    const others = await createTenancy(server.knex, { companyId: ids.acme, tradeName: uniqueName('Other'), managedBy: ids.admin })
    expect((await api('pm.hk', 'GET', `/hk/v1/tenancies/${others.id}`)).status).toBe(404)
    expect((await patch('pm.hk', others.id, { remarks: 'not mine' })).status).toBe(404)
    expect((await patch('pm.hk', mine.body.id, { remarks: 'mine' })).status).toBe(200)
    expect((await patch('pm.hk', mine.body.id, { companyName: 'Renamed', confirmCompanyName: true })).status).toBe(403)
    expect((await act('pm.hk', 'changeStatus', mine.body.id, { status: 'inactive' })).status).toBe(403)
  })

  it('changes the status through the status call (lower-cased), ACTIVE ⇄ INACTIVE', async () => {
    const tenancy = await createTenancy(server.knex, { companyId: ids.acme, tradeName: uniqueName('Status') })
    const off = await act('admin', 'changeStatus', tenancy.id, { status: 'inactive' })
    expect(off.status).toBe(200)
    expect(off.body.status).toBe('INACTIVE')
    expect((await act('admin', 'changeStatus', tenancy.id, { status: 'inactive' })).status).toBe(409)
    expect((await act('admin', 'changeStatus', tenancy.id, { status: 'active' })).body.status).toBe('ACTIVE')
    expect((await api('admin', 'POST', '/hk/v1/tenancies', { id: tenancy.id, status: 'active' }, { 'x-service-method': 'changeStatus' })).status).toBe(428)
  })
})

describe('tenant portal', () => {
  it("lists to tenant.acme only ACME Trading's tenancies, and none of another company's, ever", async () => {
    const { status, body } = await api('tenant.acme', 'GET', '/hk/v1/tenancies?$limit=100')
    expect(status).toBe(200)
    expect(body.data.length).toBeGreaterThanOrEqual(3)
    expect(body.data.every((row: any) => row.companyId === ids.acme)).toBe(true)
    const other = (await api('admin', 'GET', '/hk/v1/tenancies?tradeName=Peak%20Coffee')).body.data[0]
    expect((await api('tenant.acme', 'GET', `/hk/v1/tenancies/${other.id}`)).status).toBe(404)
    expect((await api('tenant.acme', 'GET', `/hk/v1/tenancies?id=${other.id}`)).body.data).toEqual([])
    expect((await api('tenant.acme', 'GET', `/hk/v1/tenancies/occupancy?building=ES2&floor=G/F`)).body.occupants).toEqual([])
    expect((await api('tenant.acme', 'GET', `/hk/v1/tenancies/${body.data[0].id}`)).status).toBe(200)
  })

  it('refuses a tenant leases, writes and status changes', async () => {
    const own = (await api('tenant.acme', 'GET', '/hk/v1/tenancies?$limit=1')).body.data[0]
    expect((await api('tenant.acme', 'GET', '/hk/v1/leases')).status).toBe(403)
    expect((await patch('tenant.acme', own.id, { remarks: 'mine' })).status).toBe(403)
    expect((await act('tenant.acme', 'changeStatus', own.id, { status: 'inactive' })).status).toBe(403)
    expect((await api('tenant.acme', 'POST', '/hk/v1/tenancies', { companyId: ids.acme, buildingId: ids.es1, tradeName: 'x' })).status).toBe(403)
  })
})

describe('occupancy on a day (spec §9)', () => {
  it('answers who occupies a floor and zone, counting the whole end day', async () => {
    const company = await tenantCompany(server.knex, uniqueName('Occupant'))
    const tenancy = await createTenancy(server.knex, { companyId: company, building: 'ES3', premises: [{ floor: '30/F', zone: 'ES3', effectiveDate: '2026-01-01', endDate: '2026-06-30' }] })
    const on = (at: string, zone = 'ES3') => api('admin', 'GET', `/hk/v1/tenancies/occupancy?building=ES3&floor=30/F&zone=${zone}&at=${encodeURIComponent(at)}`)
    expect((await on('2026-06-30')).body.occupants.map((o: any) => o.tenancyId)).toEqual([tenancy.id])
    expect((await on('2026-01-01')).body.occupants.map((o: any) => o.tenancyId)).toEqual([tenancy.id])
    expect((await on('2026-07-01')).body.occupants).toEqual([])
    expect((await on('2025-12-31')).body.occupants).toEqual([])
    expect((await on('2026-06-30', 'ES')).body.occupants).toEqual([])
    // An instant is read on Hong Kong's clock: 30 June 23:30 HKT is still the end day.
    expect((await on('2026-06-30T15:30:00Z')).body.occupants).toHaveLength(1)
    expect((await on('2026-06-30T16:30:00Z')).body.occupants).toEqual([])
    expect((await api('accounting.hk', 'GET', '/hk/v1/tenancies/occupancy?building=ES3&floor=30/F')).status).toBe(403)
  })

  it('finds the building by code or id within the region, and tells a building that is not there from a floor nobody occupies', async () => {
    const company = await tenantCompany(server.knex, uniqueName('Occupant'))
    const tenancy = await createTenancy(server.knex, { companyId: company, building: 'ES3', premises: [{ floor: '31/F', effectiveDate: '2026-01-01' }] })
    const es3 = await server.knex('buildings').where({ region: 'HK', code: 'ES3' }).first('id')
    const sg = await server.knex('buildings').where({ region: 'SG' }).first('id', 'code')
    const at = (building: string, floor = '31/F') => api('admin', 'GET', `/hk/v1/tenancies/occupancy?building=${building}&floor=${floor}&at=2026-03-01`)
    expect((await at(String(es3.id))).body.occupants.map((o: any) => o.tenancyId)).toEqual([tenancy.id])
    expect(await at('ES3', '32/F')).toMatchObject({ status: 200, body: { occupants: [] } })
    for (const elsewhere of ['NOPE', sg.code, String(sg.id)]) expect((await at(elsewhere)).status).toBe(400)
  })
})

describe('leases', () => {
  it('looks leases up by tenant number, in the spec order', async () => {
    const tenantNo = uniqueName('TN').replace(' ', '-')
    for (const leaseType of ['SS', 'TO', 'LP', 'LO']) await createLease(server.knex, { tenantNo, leaseType })
    const { status, body } = await api('admin', 'GET', `/hk/v1/leases?tenantNo=${tenantNo}`)
    expect(status, JSON.stringify(body)).toBe(200)
    expect(body.data.map((lease: any) => lease.leaseType)).toEqual(['LO', 'LP', 'TO', 'SS'])
    expect((await api('accounting.hk', 'GET', `/hk/v1/leases?tenantNo=${tenantNo}`)).status).toBe(403)
  })

  it('links a matching lease at once, asks to confirm a lease of another type or building (428), unlinks', async () => {
    const tenancy = await createTenancy(server.knex, { companyId: ids.acme, tradeName: uniqueName('Leases'), building: 'ES1', type: 'O' })
    const office = await createLease(server.knex, { leaseType: 'LO', buildingCode: 'ES1' })
    const shop = await createLease(server.knex, { leaseType: 'TS', buildingCode: 'ES2' })
    expect((await act('admin', 'linkLeases', tenancy.id, { leaseIds: [office.id] })).status).toBe(200)
    const warned = await act('admin', 'linkLeases', tenancy.id, { leaseIds: [shop.id] })
    expect(warned.status).toBe(428)
    expect(warned.body.data.code).toBe('LEASE_MISMATCH')
    expect(warned.body.data.leases[0].reasons).toEqual(['type', 'building'])
    expect((await act('admin', 'linkLeases', tenancy.id, { leaseIds: [shop.id], confirm: true })).status).toBe(200)
    expect((await api('admin', 'GET', `/hk/v1/leases?tenancyId=${tenancy.id}`)).body.data.map((l: any) => l.id)).toEqual([office.id, shop.id])
    expect((await act('admin', 'unlinkLeases', tenancy.id, { leaseIds: [office.id] })).status).toBe(200)
    expect((await api('admin', 'GET', `/hk/v1/leases?tenancyId=${tenancy.id}`)).body.data.map((l: any) => l.id)).toEqual([shop.id])
    // Staff without the linkLeases right, even on their own tenancy.
    const mine = await createTenancy(server.knex, { companyId: ids.acme, tradeName: uniqueName('PM leases'), managedBy: ids['pm.hk'] })
    expect((await act('pm.hk', 'linkLeases', mine.id, { leaseIds: [office.id] })).status).toBe(403)
  })

  it('imports leases from a spreadsheet, adding new numbers and updating known ones', async () => {
    const workbook = new ExcelJS.Workbook()
    const sheet = workbook.addWorksheet('Leases')
    const number = uniqueName('IMP').replace(' ', '-')
    sheet.addRow(['Number', 'Tenant No', 'Lease Type', 'Label', 'Lease Start', 'Lease End', 'Premises', 'Building', 'Trade Name', 'Active'])
    sheet.addRow([number, 'TN-9001', 'LO', 'Office', new Date(Date.UTC(2026, 0, 1)), new Date(Date.UTC(2028, 11, 31)), '5/F', 'ES2', 'Imported', 'Y'])
    sheet.addRow(['LSE-01-1', 'TN-2001', 'LS', 'shop', '', '', 'G/F', 'ES1', 'ACME Retail renamed', 'Y'])
    sheet.addRow(['BAD-1', 'TN-9002', 'ZZ', '', '', '', '', '', '', ''])
    const content = Buffer.from(await workbook.xlsx.writeBuffer()).toString('base64')
    const { status, body } = await api('admin', 'POST', '/hk/v1/leases', { content }, { 'x-service-method': 'import' })
    expect(status).toBe(200)
    expect(body).toMatchObject({ created: 1, updated: 1, rejected: [{ row: 4, reason: 'leaseType' }] })
    const imported = (await api('admin', 'GET', `/hk/v1/leases?number=${number}`)).body.data[0]
    expect(imported).toMatchObject({ tenantNo: 'TN-9001', leaseType: 'LO', label: 'office', leaseStart: '2026-01-01', leaseEnd: '2028-12-31', buildingCode: 'ES2' })
    expect((await api('pm.hk', 'POST', '/hk/v1/leases', { content }, { 'x-service-method': 'import' })).status).toBe(403)
  })

  // Issue 27 item 15: a sheet sent inline as base64 met the 1 MB body limit at about 750 kB; the
  // screen uploads it as a file (the upload rules: 10 MB) and names it, so a 1.5 MB sheet imports.
  // A 1 MB workbook written, uploaded and parsed: seconds alone, much longer on a busy 2-core machine.
  it('imports a sheet over 1 MB uploaded as a file, and only a file the caller may read', async () => {
    const workbook = new ExcelJS.Workbook()
    const sheet = workbook.addWorksheet('Leases')
    const prefix = uniqueName('BIG').replace(' ', '-')
    sheet.addRow(['Number', 'Tenant No', 'Lease Type', 'Label', 'Lease Start', 'Lease End', 'Premises', 'Building', 'Trade Name', 'Active'])
    // Random trade names: a sheet that zips small would not test the size.
    for (let row = 1; row <= 22_000; row++) sheet.addRow([`${prefix}-${row}`, `TN-${row}`, 'LO', 'Office', '', '', `${row % 40}/F`, 'ES2', Math.random().toString(36).repeat(3), 'Y'])
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer())
    expect(bytes.length).toBeGreaterThan(1024 * 1024)
    const uploadSheet = async (user: string) => {
      const form = new FormData()
      form.append('ownerResource', 'leases')
      form.append('files', new Blob([new Uint8Array(bytes)], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }), 'leases.xlsx')
      const response = await fetch(`${server.url}/hk/v1/files`, { method: 'POST', headers: { authorization: `Bearer ${tokens[user]}` }, body: form })
      expect(response.status).toBe(201)
      const body = (await response.json()) as any
      return (Array.isArray(body) ? body[0] : body).id as number
    }
    const fileId = await uploadSheet('admin')
    const { status, body } = await api('admin', 'POST', '/hk/v1/leases', { fileId }, { 'x-service-method': 'import' })
    expect(status, JSON.stringify(body)).toBe(200)
    expect(body).toMatchObject({ created: 22_000, updated: 0, rejected: [] })
    expect(await server.knex('leases').where('number', 'like', `${prefix}-%`).count('* as n').first()).toEqual({ n: 22000 })
    // A file id the caller may not read is not a sheet it may import: refused as any unknown id is.
    const others = await server.knex('files').insert({ region: 'SG', name: 'other.xlsx', mimeType: 'application/octet-stream', size: 1, storageKey: 'nowhere', sha256: '0'.repeat(64) }, ['id'])
    const foreign = await api('admin', 'POST', '/hk/v1/leases', { fileId: others[0].id }, { 'x-service-method': 'import' })
    expect(foreign.status).toBe(400)
    expect(foreign.body.data.code).toBe('REFERENCE_INVALID')
    expect((await api('admin', 'POST', '/hk/v1/leases', { fileId, content: 'AA==' }, { 'x-service-method': 'import' })).status).toBe(400)
  }, 90_000)
})

describe("the spec's own calls", () => {
  it('answers GET tenancies/all, PUT tenancies/{id}/status, PUT and DELETE tenancies/{id}/leases through the services', async () => {
    const all = await api('admin', 'GET', '/hk/v1/tenancies/all?$limit=2')
    expect(all.status).toBe(200)
    expect(all.body.count).toBe(all.body.total)
    const tenancy = await createTenancy(server.knex, { companyId: ids.acme, tradeName: uniqueName('Spec') })
    const status = await api('admin', 'PUT', `/hk/v1/tenancies/${tenancy.id}/status`, { status: 'INACTIVE', updatedAt: await server.version('tenancies', tenancy.id) })
    expect(status.status, JSON.stringify(status.body)).toBe(200)
    expect(status.body.status).toBe('INACTIVE')
    const lease = await createLease(server.knex, { leaseType: 'LO' })
    expect((await api('admin', 'PUT', `/hk/v1/tenancies/${tenancy.id}/leases`, { leaseIds: [lease.id], updatedAt: await server.version('tenancies', tenancy.id) })).status).toBe(200)
    expect((await server.knex('leases').where({ id: lease.id }).first()).tenancyId).toBe(tenancy.id)
    const version = encodeURIComponent(String(await server.version('tenancies', tenancy.id)))
    expect((await api('admin', 'DELETE', `/hk/v1/tenancies/${tenancy.id}/leases?leaseIds=${lease.id}&updatedAt=${version}`)).status).toBe(200)
    expect((await server.knex('leases').where({ id: lease.id }).first()).tenancyId).toBeNull()
    const renamed = await api('admin', 'PUT', `/hk/v1/tenancies/${tenancy.id}`, { remarks: 'via PUT', updatedAt: await server.version('tenancies', tenancy.id) })
    expect(renamed.status).toBe(200)
    expect(renamed.body.remarks).toBe('via PUT')
  })
})
