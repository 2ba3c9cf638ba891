import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './server.js'

let server: TestServer
let admin: string
beforeAll(async () => {
  server = await startTestServer()
  admin = (await server.login('admin')).accessToken
})
afterAll(async () => {
  await server?.stop()
})

describe('companies', () => {
  it("lists the region's companies, filtered by type and name", async () => {
    const contractors = await server.api(admin, 'GET', '/hk/v1/companies?type=C&$sort[name]=1')
    expect(contractors.status).toBe(200)
    expect(contractors.body.data.map((c: any) => c.name)).toEqual(['Alpha Engineering Ltd', 'Beta Builders Ltd'])
    expect((await server.api(admin, 'GET', '/hk/v1/companies?name[$ilike]=acme%25')).body.data[0].type).toBe('T')
    expect((await server.api(admin, 'GET', '/sg/v1/companies')).body.total).toBe(0)
  })

  it('creates a company; 409 DUPLICATE for a name the region has, in any case', async () => {
    const created = await server.api(admin, 'POST', '/hk/v1/companies', { name: 'Gamma Facilities', type: 'PC', email: 'hello@gamma.example.com', mailingName: 'Gamma' })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ region: 'HK', status: 'ACTIVE', type: 'PC' })
    const duplicate = await server.api(admin, 'POST', '/hk/v1/companies', { name: 'gamma facilities', type: 'O' })
    expect(duplicate.status).toBe(409)
    expect(duplicate.body.data).toMatchObject({ code: 'DUPLICATE', field: 'name' })
    expect((await server.api(admin, 'POST', '/sg/v1/companies', { name: 'Gamma Facilities', type: 'O' })).status).toBe(201)
  })

  it('checks the type, status and e-mail', async () => {
    expect((await server.api(admin, 'POST', '/hk/v1/companies', { name: 'X', type: 'Z' })).status).toBe(400)
    expect((await server.api(admin, 'POST', '/hk/v1/companies', { name: 'X', type: 'O', status: 'GONE' })).status).toBe(400)
    expect((await server.api(admin, 'POST', '/hk/v1/companies', { name: 'X', type: 'O', email: 'not-an-email' })).status).toBe(400)
  })

  it('patches with the version read (410 when stale); removes only companies without users or tenancies', async () => {
    const created = (await server.api(admin, 'POST', '/hk/v1/companies', { name: 'Delta Cleaning', type: 'C' })).body
    const inactive = await server.api(admin, 'PATCH', `/hk/v1/companies/${created.id}`, { status: 'INACTIVE', updatedAt: created.updatedAt })
    expect(inactive.status).toBe(200)
    expect(inactive.body.status).toBe('INACTIVE')
    expect((await server.api(admin, 'PATCH', `/hk/v1/companies/${created.id}`, { phone: '1', updatedAt: created.updatedAt })).status).toBe(410)
    expect((await server.api(admin, 'DELETE', `/hk/v1/companies/${created.id}`)).status).toBe(200)
    const alpha = (await server.api(admin, 'GET', '/hk/v1/companies?name=Alpha Engineering Ltd')).body.data[0]
    const inUse = await server.api(admin, 'DELETE', `/hk/v1/companies/${alpha.id}`)
    expect(inUse.status).toBe(409)
    expect(inUse.body.data).toMatchObject({ code: 'IN_USE', by: 'users' })
    expect((await server.api(admin, 'GET', `/sg/v1/companies/${alpha.id}`)).status).toBe(404)
  })

  it('lets a project manager read only; vendors and tenants read their own company, write none', async () => {
    const pm = (await server.login('pm.hk')).accessToken
    expect((await server.api(pm, 'GET', '/hk/v1/companies')).status).toBe(200)
    expect((await server.api(pm, 'POST', '/hk/v1/companies', { name: 'PM Co', type: 'O' })).status).toBe(403)
    for (const username of ['vendor.alpha', 'tenant.acme']) {
      const { accessToken, user } = await server.login(username)
      const list = await server.api(accessToken, 'GET', '/hk/v1/companies')
      expect(list.status).toBe(200)
      expect(list.body.data.map((company: any) => company.id)).toEqual([user.companyId])
      expect((await server.api(accessToken, 'POST', '/hk/v1/companies', { name: 'Mine Co', type: 'C' })).status).toBe(403)
    }
  })
})
