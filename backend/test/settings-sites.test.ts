import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './server.js'

let server: TestServer
let admin: string
let buildingIds: Record<string, number>
beforeAll(async () => {
  server = await startTestServer()
  admin = (await server.login('admin')).accessToken
  const rows = await server.knex('buildings').select('id', 'code')
  buildingIds = Object.fromEntries(rows.map((row: any) => [row.code, row.id]))
})
afterAll(async () => {
  await server?.stop()
})

const createBuilding = async (code: string) => (await server.api(admin, 'POST', '/hk/v1/buildings', { code, name: `Building ${code}` })).body.id as number

describe('sites: lists', () => {
  it("lists the region's sites, filtered by type and by building", async () => {
    const all = await server.api(admin, 'GET', '/hk/v1/sites?$sort[shortName]=1')
    expect(all.status).toBe(200)
    expect(all.body.data.map((s: any) => s.shortName)).toEqual(['CP', 'ES'])
    const physical = await server.api(admin, 'GET', '/hk/v1/sites?type=PHYSICAL')
    expect(physical.body.data.map((s: any) => s.shortName)).toEqual(['ES'])
    // The physical site of a building: exactly one.
    const ofEs3 = await server.api(admin, 'GET', `/hk/v1/sites?type=PHYSICAL&buildingId=${buildingIds.ES3}`)
    expect(ofEs3.body.total).toBe(1)
    expect(ofEs3.body.data[0].buildingIds).toContain(buildingIds.ES3)
    const ofEs1 = await server.api(admin, 'GET', `/hk/v1/sites?buildingId=${buildingIds.ES1}`)
    expect(ofEs1.body.total).toBe(2)
    expect((await server.api(admin, 'GET', '/sg/v1/sites')).body.data.map((s: any) => s.shortName)).toEqual(['MB'])
  })

  it('lets every signed-in user read sites (reference data)', async () => {
    const { accessToken } = await server.login('vendor.alpha')
    expect((await server.api(accessToken, 'GET', '/hk/v1/sites')).status).toBe(200)
  })
})

describe('sites: the physical site rule', () => {
  it('answers 409 PHYSICAL_SITE_TAKEN when a building already has a physical site', async () => {
    const { status, body } = await server.api(admin, 'POST', '/hk/v1/sites', { name: 'Second', shortName: 'S2', type: 'PHYSICAL', buildingIds: [buildingIds.ES1] })
    expect(status).toBe(409)
    expect(body.data).toMatchObject({ code: 'PHYSICAL_SITE_TAKEN', building: 'ES1' })
    expect(body.message).toBe('Building ES1 already belongs to a physical site.')
  })

  it('lets virtual sites share buildings, and a new building get its one physical site', async () => {
    const virtual = await server.api(admin, 'POST', '/hk/v1/sites', { name: 'Harbour Portfolio', shortName: 'HP', type: 'VIRTUAL', buildingIds: [buildingIds.ES1, buildingIds.ES3] })
    expect(virtual.status).toBe(201)
    expect(virtual.body.region).toBe('HK')
    const es9 = await createBuilding('ES9')
    const physical = await server.api(admin, 'POST', '/hk/v1/sites', { name: 'Ninth', shortName: 'N9', type: 'PHYSICAL', buildingIds: [es9] })
    expect(physical.status).toBe(201)
    // A virtual site that becomes physical must not take a building of another physical site.
    const toPhysical = await server.api(admin, 'PATCH', `/hk/v1/sites/${virtual.body.id}`, { type: 'PHYSICAL', updatedAt: virtual.body.updatedAt })
    expect(toPhysical.status).toBe(409)
    expect(toPhysical.body.data.code).toBe('PHYSICAL_SITE_TAKEN')
    // A physical site keeps its own buildings when saved again.
    const again = await server.api(admin, 'PATCH', `/hk/v1/sites/${physical.body.id}`, { name: 'Ninth Site', updatedAt: physical.body.updatedAt })
    expect(again.status).toBe(200)
    expect(again.body.buildingIds).toEqual([es9])
  })

  it('keeps the rule within a region: Singapore has its own buildings', async () => {
    const foreign = await server.api(admin, 'POST', '/sg/v1/sites', { name: 'Borrowed', shortName: 'BR', type: 'VIRTUAL', buildingIds: [buildingIds.ES2] })
    expect(foreign.status).toBe(400)
    expect(foreign.body.data.code).toBe('REFERENCE_INVALID')
  })
})

describe('sites: duplicates, versions, removal, permissions', () => {
  it('answers 409 DUPLICATE for a name or short name the region has', async () => {
    const byName = await server.api(admin, 'POST', '/hk/v1/sites', { name: 'exchange square', shortName: 'XX', type: 'VIRTUAL' })
    expect(byName.status).toBe(409)
    expect(byName.body.data).toMatchObject({ code: 'DUPLICATE', field: 'name' })
    const byShortName = await server.api(admin, 'POST', '/hk/v1/sites', { name: 'Other', shortName: 'cp', type: 'VIRTUAL' })
    expect(byShortName.status).toBe(409)
    expect(byShortName.body.data.field).toBe('shortName')
    expect((await server.api(admin, 'POST', '/sg/v1/sites', { name: 'Exchange Square', shortName: 'ES', type: 'VIRTUAL' })).status).toBe(201)
  })

  it('answers 410 for a stale save', async () => {
    const site = (await server.api(admin, 'GET', '/hk/v1/sites?shortName=CP')).body.data[0]
    expect((await server.api(admin, 'PATCH', `/hk/v1/sites/${site.id}`, { name: 'Central', updatedAt: site.updatedAt })).status).toBe(200)
    expect((await server.api(admin, 'PATCH', `/hk/v1/sites/${site.id}`, { name: 'Central 2', updatedAt: site.updatedAt })).status).toBe(410)
  })

  it('removes a site no department uses; 409 IN_USE otherwise', async () => {
    const es = (await server.api(admin, 'GET', '/hk/v1/sites?shortName=ES')).body.data[0]
    const inUse = await server.api(admin, 'DELETE', `/hk/v1/sites/${es.id}`)
    expect(inUse.status).toBe(409)
    expect(inUse.body.data).toMatchObject({ code: 'IN_USE', by: 'departments' })
    const spare = (await server.api(admin, 'POST', '/hk/v1/sites', { name: 'Spare', shortName: 'SP', type: 'VIRTUAL' })).body
    expect((await server.api(admin, 'DELETE', `/hk/v1/sites/${spare.id}`)).status).toBe(200)
  })

  it('lets a project manager read but not write', async () => {
    const { accessToken } = await server.login('pm.hk')
    const site = (await server.api(accessToken, 'GET', '/hk/v1/sites?shortName=ES')).body.data[0]
    expect(site.shortName).toBe('ES')
    expect((await server.api(accessToken, 'POST', '/hk/v1/sites', { name: 'PM', shortName: 'PM', type: 'VIRTUAL' })).status).toBe(403)
    expect((await server.api(accessToken, 'PATCH', `/hk/v1/sites/${site.id}`, { name: 'PM', updatedAt: site.updatedAt })).status).toBe(403)
  })
})
