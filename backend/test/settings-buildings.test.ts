import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './server.js'

let server: TestServer
let admin: string
let pm: string
beforeAll(async () => {
  server = await startTestServer()
  admin = (await server.login('admin')).accessToken
  pm = (await server.login('pm.hk')).accessToken
})
afterAll(async () => {
  await server?.stop()
})

const newBuilding = (code: string, extra: Record<string, unknown> = {}) => ({
  code,
  name: `Building ${code}`,
  shortName: code,
  floors: ['B1', 'G/F', '1/F', '2/F'],
  commonFloor: 'G/F',
  zones: ['ES'],
  hotline: '+852 1234 5678',
  ...extra
})

describe('buildings: lists', () => {
  it("lists the region's buildings, paged, sorted and filtered", async () => {
    const { status, body } = await server.api(admin, 'GET', '/hk/v1/buildings?$sort[code]=-1&$limit=2')
    expect(status).toBe(200)
    expect(body.total).toBe(3)
    expect(body.limit).toBe(2)
    expect(body.data.map((b: any) => b.code)).toEqual(['ES3', 'ES2'])
    const byName = await server.api(admin, 'GET', '/hk/v1/buildings?name[$ilike]=%25two%25')
    expect(byName.body.data.map((b: any) => b.code)).toEqual(['ES2'])
    const byCode = await server.api(admin, 'GET', '/hk/v1/buildings?code=ES1')
    expect(byCode.body.data).toHaveLength(1)
    expect(byCode.body.data[0].floors.slice(0, 4)).toEqual(['B2', 'B1', 'G/F', 'M/F'])
  })

  it('gives the total as it is right after each write, though a total still true is not counted again', async () => {
    const total = async (token: string, query = '') => (await server.api(token, 'GET', `/hk/v1/buildings?$limit=1${query}`)).body.total as number
    const before = await total(admin)
    expect(await total(admin)).toBe(before)
    const created = await server.api(admin, 'POST', '/hk/v1/buildings', newBuilding('CNT1'))
    expect(created.status).toBe(201)
    expect(await total(admin)).toBe(before + 1)
    // Another reader, another filter: counted for themselves.
    expect(await total(pm, '&code=CNT1')).toBe(1)
    // A write of the server's own that is no request (a job, a seed) counts too.
    await server.knex('buildings').insert({ region: 'HK', code: 'CNT2', name: 'Counted too', floors: JSON.stringify(['G/F']), commonFloor: 'G/F' })
    expect(await total(admin)).toBe(before + 2)
    expect((await server.api(admin, 'DELETE', `/hk/v1/buildings/${created.body.id}`)).status).toBe(200)
    expect(await total(admin)).toBe(before + 1)
    expect(await total(pm, '&code=CNT1')).toBe(0)
  })

  it('refuses filters on fields outside the query schema', async () => {
    expect((await server.api(admin, 'GET', '/hk/v1/buildings?managementOffice=x')).status).toBe(400)
    expect((await server.api(admin, 'GET', '/hk/v1/buildings?$sort[floors]=1')).status).toBe(400)
  })

  it('keeps regions apart: a Hong Kong building is not found from Singapore', async () => {
    const es1 = (await server.api(admin, 'GET', '/hk/v1/buildings?code=ES1')).body.data[0]
    const sg = await server.api(admin, 'GET', '/sg/v1/buildings')
    expect(sg.body.data.map((b: any) => b.code)).toEqual(['MBFC1'])
    expect((await server.api(admin, 'GET', `/sg/v1/buildings/${es1.id}`)).status).toBe(404)
    const patch = await server.api(admin, 'PATCH', `/sg/v1/buildings/${es1.id}`, { name: 'Moved', updatedAt: es1.updatedAt })
    expect(patch.status).toBe(404)
  })
})

describe('buildings: writes', () => {
  it("creates a building in the request's region with its ordered floors, and audits it", async () => {
    const { status, body } = await server.api(admin, 'POST', '/hk/v1/buildings', newBuilding('ES4', { region: 'SG' }), { 'x-cms-action': 'settings.building.create' })
    expect(status).toBe(201)
    expect(body.region).toBe('HK')
    expect(body.floors).toEqual(['B1', 'G/F', '1/F', '2/F'])
    expect(body.commonFloor).toBe('G/F')
    expect(body.zones).toEqual(['ES'])
    const audit = await server.knex('audit_log').where({ resource: 'buildings', recordId: String(body.id) })
    expect(audit).toHaveLength(1)
    expect(audit[0].action).toBe('settings.building.create')
    expect(audit[0].region).toBe('HK')
  })

  it('answers 409 DUPLICATE for a code the region has (in any case), but allows it in another region', async () => {
    const duplicate = await server.api(admin, 'POST', '/hk/v1/buildings', newBuilding('es1'))
    expect(duplicate.status).toBe(409)
    expect(duplicate.body.data).toMatchObject({ code: 'DUPLICATE', field: 'code' })
    expect((await server.api(admin, 'POST', '/sg/v1/buildings', newBuilding('ES1'))).status).toBe(201)
  })

  it('checks the floors: unique, non-blank, and the common floor among them', async () => {
    const twice = await server.api(admin, 'POST', '/hk/v1/buildings', newBuilding('ES5', { floors: ['G/F', '1/F', 'g/f'] }))
    expect(twice.status).toBe(400)
    expect(twice.body.data.code).toBe('VALIDATION_FAILED')
    expect((await server.api(admin, 'POST', '/hk/v1/buildings', newBuilding('ES5', { floors: ['G/F', '  '] }))).status).toBe(400)
    expect((await server.api(admin, 'POST', '/hk/v1/buildings', newBuilding('ES5', { commonFloor: '9/F' }))).status).toBe(400)
    expect((await server.api(admin, 'POST', '/hk/v1/buildings', { code: 'ES5' })).status).toBe(400)
  })

  it('patches with the version read: 428 without it, 410 when stale', async () => {
    const created = (await server.api(admin, 'POST', '/hk/v1/buildings', newBuilding('ES6'))).body
    expect((await server.api(admin, 'PATCH', `/hk/v1/buildings/${created.id}`, { name: 'No version' })).status).toBe(428)
    const first = await server.api(admin, 'PATCH', `/hk/v1/buildings/${created.id}`, { floors: ['G/F', '1/F', '2/F', '3/F'], updatedAt: created.updatedAt })
    expect(first.status).toBe(200)
    expect(first.body.floors).toEqual(['G/F', '1/F', '2/F', '3/F'])
    expect(new Date(first.body.updatedAt).getTime()).toBeGreaterThan(new Date(created.updatedAt).getTime())
    const stale = await server.api(admin, 'PATCH', `/hk/v1/buildings/${created.id}`, { name: 'Stale', updatedAt: created.updatedAt })
    expect(stale.status).toBe(410)
    expect(stale.body.data.code).toBe('STALE_WRITE')
    const dropsCommon = await server.api(admin, 'PATCH', `/hk/v1/buildings/${created.id}`, { floors: ['1/F'], updatedAt: first.body.updatedAt })
    expect(dropsCommon.status).toBe(400)
    const rename = await server.api(admin, 'PATCH', `/hk/v1/buildings/${created.id}`, { code: 'ES2', updatedAt: first.body.updatedAt })
    expect(rename.status).toBe(409)
  })

  it('removes a building nothing refers to, and answers 409 IN_USE for one a site uses', async () => {
    const created = (await server.api(admin, 'POST', '/hk/v1/buildings', newBuilding('ES7'))).body
    expect((await server.api(admin, 'DELETE', `/hk/v1/buildings/${created.id}`)).status).toBe(200)
    expect((await server.api(admin, 'GET', `/hk/v1/buildings/${created.id}`)).status).toBe(404)
    const es1 = (await server.api(admin, 'GET', '/hk/v1/buildings?code=ES1')).body.data[0]
    const inUse = await server.api(admin, 'DELETE', `/hk/v1/buildings/${es1.id}`)
    expect(inUse.status).toBe(409)
    expect(inUse.body.data).toMatchObject({ code: 'IN_USE', by: 'sites' })
  })
})

describe('buildings: permissions', () => {
  it('lets a project manager read but not create, change or remove', async () => {
    const es1 = (await server.api(pm, 'GET', '/hk/v1/buildings?code=ES1')).body.data[0]
    expect(es1.code).toBe('ES1')
    expect((await server.api(pm, 'POST', '/hk/v1/buildings', newBuilding('PM1'))).status).toBe(403)
    expect((await server.api(pm, 'PATCH', `/hk/v1/buildings/${es1.id}`, { name: 'PM', updatedAt: es1.updatedAt })).status).toBe(403)
    expect((await server.api(pm, 'DELETE', `/hk/v1/buildings/${es1.id}`)).status).toBe(403)
  })

  it('answers 401 without a session', async () => {
    expect((await server.api(null, 'GET', '/hk/v1/buildings')).status).toBe(401)
  })
})
