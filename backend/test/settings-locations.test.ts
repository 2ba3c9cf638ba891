import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './server.js'

let server: TestServer
let admin: string
let ids: { es1: number; mbfc1: number; pmdHk: number; pmdSg: number }
beforeAll(async () => {
  server = await startTestServer()
  admin = (await server.login('admin')).accessToken
  const building = (code: string) =>
    server
      .knex('buildings')
      .where({ code })
      .first('id')
      .then((row: any) => row.id)
  const department = (region: string) =>
    server
      .knex('departments')
      .where({ region, shortName: 'PMD' })
      .first('id')
      .then((row: any) => row.id)
  ids = { es1: await building('ES1'), mbfc1: await building('MBFC1'), pmdHk: await department('HK'), pmdSg: await department('SG') }
})
afterAll(async () => {
  await server?.stop()
})

describe('locations', () => {
  it("lists the region's locations, filtered by building, department and code", async () => {
    const all = await server.api(admin, 'GET', '/hk/v1/locations?$sort[code]=1')
    expect(all.status).toBe(200)
    expect(all.body.data.map((l: any) => l.code)).toEqual(['ES1-G-MO', 'ES2-B1-PLANT'])
    const inEs1 = await server.api(admin, 'GET', `/hk/v1/locations?buildingId=${ids.es1}`)
    expect(inEs1.body.data.map((l: any) => l.code)).toEqual(['ES1-G-MO'])
    expect((await server.api(admin, 'GET', `/hk/v1/locations?departmentId=${ids.pmdHk}`)).body.total).toBe(1)
    expect((await server.api(admin, 'GET', '/hk/v1/locations?code[$ilike]=%25plant%25')).body.total).toBe(1)
    expect((await server.api(admin, 'GET', '/sg/v1/locations')).body.total).toBe(0)
  })

  it('creates a location in a building and department of the region', async () => {
    const { status, body } = await server.api(admin, 'POST', '/hk/v1/locations', { code: 'ES1-1-LOBBY', name: ' Lobby ', buildingId: ids.es1, departmentId: ids.pmdHk })
    expect(status).toBe(201)
    expect(body).toMatchObject({ region: 'HK', code: 'ES1-1-LOBBY', name: 'Lobby', buildingId: ids.es1, departmentId: ids.pmdHk })
  })

  it('answers 409 DUPLICATE for a code the region has', async () => {
    const { status, body } = await server.api(admin, 'POST', '/hk/v1/locations', { code: 'es1-g-mo' })
    expect(status).toBe(409)
    expect(body.data).toMatchObject({ code: 'DUPLICATE', field: 'code' })
  })

  it('refuses a building or department of another region', async () => {
    expect((await server.api(admin, 'POST', '/hk/v1/locations', { code: 'X-1', buildingId: ids.mbfc1 })).status).toBe(400)
    expect((await server.api(admin, 'POST', '/hk/v1/locations', { code: 'X-2', departmentId: ids.pmdSg })).status).toBe(400)
  })

  it('patches with the version read (410 when stale) and removes', async () => {
    const created = (await server.api(admin, 'POST', '/hk/v1/locations', { code: 'ES1-2-STORE' })).body
    const moved = await server.api(admin, 'PATCH', `/hk/v1/locations/${created.id}`, { buildingId: ids.es1, updatedAt: created.updatedAt })
    expect(moved.status).toBe(200)
    expect(moved.body.buildingId).toBe(ids.es1)
    expect((await server.api(admin, 'PATCH', `/hk/v1/locations/${created.id}`, { name: 'Old', updatedAt: created.updatedAt })).status).toBe(410)
    expect((await server.api(admin, 'GET', `/sg/v1/locations/${created.id}`)).status).toBe(404)
    expect((await server.api(admin, 'DELETE', `/hk/v1/locations/${created.id}`)).status).toBe(200)
  })

  it('lets a project manager read only, and keeps vendors and tenants out', async () => {
    const pm = (await server.login('pm.hk')).accessToken
    expect((await server.api(pm, 'GET', '/hk/v1/locations')).status).toBe(200)
    expect((await server.api(pm, 'POST', '/hk/v1/locations', { code: 'PM-1' })).status).toBe(403)
    for (const username of ['vendor.alpha', 'tenant.acme']) {
      const { accessToken } = await server.login(username)
      expect((await server.api(accessToken, 'GET', '/hk/v1/locations')).status).toBe(403)
    }
  })
})
