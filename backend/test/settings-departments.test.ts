import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './server.js'

let server: TestServer
let admin: string
let ids: { es1: number; es2: number; esSite: number; mbSite: number; pm: number }
beforeAll(async () => {
  server = await startTestServer()
  admin = (await server.login('admin')).accessToken
  const id = (table: string, where: Record<string, unknown>) =>
    server
      .knex(table)
      .where(where)
      .first('id')
      .then((row: any) => row.id)
  ids = {
    es1: await id('buildings', { code: 'ES1' }),
    es2: await id('buildings', { code: 'ES2' }),
    esSite: await id('sites', { shortName: 'ES' }),
    mbSite: await id('sites', { shortName: 'MB' }),
    pm: await id('users', { username: 'pm.hk' })
  }
})
afterAll(async () => {
  await server?.stop()
})

const category = (shortname: string, order: number, id?: number) => ({ ...(id ? { id } : {}), shortname, name: `${shortname} works`, status: 'ACTIVE', type: 'TENDER', order })

describe('departments', () => {
  it("lists the region's departments with their categories, sites, buildings and threshold", async () => {
    const { status, body } = await server.api(admin, 'GET', '/hk/v1/departments?$sort[name]=1')
    expect(status).toBe(200)
    expect(body.data.map((d: any) => d.shortName)).toEqual(['PMD', 'TSD'])
    const pmd = body.data[0]
    expect(pmd.itqThreshold).toBe(500000)
    expect(pmd.categories[0]).toMatchObject({ id: 1, shortname: 'MEP', status: 'ACTIVE', type: 'TENDER', order: 1 })
    expect(pmd.siteIds).toEqual([ids.esSite])
    expect((await server.api(admin, 'GET', '/hk/v1/departments?shortName[$ilike]=ts%25')).body.total).toBe(1)
  })

  it('creates a department, numbering new categories after the given ones', async () => {
    const { status, body } = await server.api(admin, 'POST', '/hk/v1/departments', {
      name: 'Leasing',
      shortName: 'LSD',
      description: 'Leasing and marketing',
      itqThreshold: 250000.5,
      categories: [category('MKT', 1, 4), category('ADV', 2), category('EVT', 3)],
      siteIds: [ids.esSite],
      buildingIds: [ids.es1, ids.es2],
      userIds: [ids.pm]
    })
    expect(status).toBe(201)
    expect(body.region).toBe('HK')
    expect(body.itqThreshold).toBe(250000.5)
    expect(body.categories.map((c: any) => [c.id, c.shortname])).toEqual([
      [4, 'MKT'],
      [5, 'ADV'],
      [6, 'EVT']
    ])
    expect(body.userIds).toEqual([ids.pm])
  })

  it('answers 409 DUPLICATE for a name the region has', async () => {
    const { status, body } = await server.api(admin, 'POST', '/hk/v1/departments', { name: 'property management', shortName: 'PM2' })
    expect(status).toBe(409)
    expect(body.data).toMatchObject({ code: 'DUPLICATE', field: 'name' })
  })

  it('checks the threshold (0 or more, 2 decimals) and that sites and users belong to the region', async () => {
    const post = (extra: Record<string, unknown>) => server.api(admin, 'POST', '/hk/v1/departments', { name: 'Checks', shortName: 'CHK', ...extra })
    expect((await post({ itqThreshold: 10.555 })).status).toBe(400)
    expect((await post({ itqThreshold: -1 })).status).toBe(400)
    expect((await post({ siteIds: [ids.mbSite] })).status).toBe(400)
    const vendorUser = await server.knex('users').where({ username: 'vendor.alpha' }).first('id')
    const sgOnly = await server.knex('users').insert({ username: 'sg.only', email: 'sg.only@example.com', displayName: 'SG', userType: 521, regions: ['SG'] }, ['id'])
    expect((await post({ userIds: [sgOnly[0].id] })).status).toBe(400)
    expect((await post({ userIds: [vendorUser.id] })).status).toBe(201)
    expect((await post({ name: 'Checks 2', categories: [category('A', 1), category('a', 2)] })).status).toBe(400)
  })

  it('patches with the version read (410 when stale), and removes only what no location uses', async () => {
    const created = (await server.api(admin, 'POST', '/hk/v1/departments', { name: 'Security', shortName: 'SEC' })).body
    const first = await server.api(admin, 'PATCH', `/hk/v1/departments/${created.id}`, { itqThreshold: 1000, categories: [category('GRD', 1)], updatedAt: created.updatedAt })
    expect(first.status).toBe(200)
    expect(first.body.categories).toEqual([{ id: 1, shortname: 'GRD', name: 'GRD works', status: 'ACTIVE', type: 'TENDER', order: 1 }])
    expect((await server.api(admin, 'PATCH', `/hk/v1/departments/${created.id}`, { itqThreshold: 2000, updatedAt: created.updatedAt })).status).toBe(410)
    expect((await server.api(admin, 'DELETE', `/hk/v1/departments/${created.id}`)).status).toBe(200)
    const pmd = (await server.api(admin, 'GET', '/hk/v1/departments?shortName=PMD')).body.data[0]
    const inUse = await server.api(admin, 'DELETE', `/hk/v1/departments/${pmd.id}`)
    expect(inUse.status).toBe(409)
    expect(inUse.body.data).toMatchObject({ code: 'IN_USE', by: 'locations' })
    expect((await server.api(admin, 'GET', `/sg/v1/departments/${pmd.id}`)).status).toBe(404)
  })

  it('lets a project manager read only, and keeps vendors and tenants out', async () => {
    const pm = (await server.login('pm.hk')).accessToken
    expect((await server.api(pm, 'GET', '/hk/v1/departments')).status).toBe(200)
    expect((await server.api(pm, 'POST', '/hk/v1/departments', { name: 'PM', shortName: 'PM' })).status).toBe(403)
    for (const username of ['vendor.alpha', 'tenant.acme']) {
      const { accessToken } = await server.login(username)
      expect((await server.api(accessToken, 'GET', '/hk/v1/departments')).status).toBe(403)
    }
  })
})
