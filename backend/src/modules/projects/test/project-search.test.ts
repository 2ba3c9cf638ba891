import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../../test/server.js'
import { createProject, projectParties, uniqueNumber, type ProjectParties } from '../seeds/factories.js'

/*
 * Finding projects (the quick find, Ctrl+K): `GET projects?$search=` by PO or contract number,
 * title (the tender's description), type, location or vendor name, and the platform's `GET search`
 * that asks it, over real HTTP on real PostgreSQL, always within the caller's read rules: a vendor
 * never finds another vendor's project, staff never a project outside their site, a tenant nothing.
 */

let server: TestServer
let parties: ProjectParties
const tokens: Record<string, string> = {}
const api = (user: string, path: string) => server.api(tokens[user], 'GET', path)
const search = async (user: string, words: string, more = '') => {
  const response = await api(user, `/hk/v1/projects?$search=${encodeURIComponent(words)}&$limit=50${more}`)
  expect(response.status, JSON.stringify(response.body)).toBe(200)
  return response.body.data as any[]
}
const quickFind = async (user: string, words: string) => {
  const response = await api(user, `/hk/v1/search?q=${encodeURIComponent(words)}`)
  expect(response.status).toBe(200)
  return (response.body.data as any[]).filter((hit) => hit.resource === 'projects')
}

let alphaProject: any
let betaProject: any
let awayProject: any
const marker = uniqueNumber('QF').replace(/[^A-Z0-9]/gi, '')

beforeAll(async () => {
  server = await startTestServer()
  parties = await projectParties(server.knex)
  for (const name of ['pm.hk', 'vendor.alpha', 'vendor.beta', 'tenant.acme']) tokens[name] = (await server.login(name)).accessToken
  alphaProject = (await createProject(server.knex, { status: 'ACTIVE', number: `PO-${marker}-A`, description: `Atrium skylight ${marker}`, type: 'Renovation' }, parties)).project
  betaProject = (await createProject(server.knex, { status: 'ACTIVE', companyId: parties.beta, number: `PO-${marker}-B`, description: `Atrium skylight ${marker} east` }, parties)).project
  // A site whose department lists another person only: pm.hk's location does not reach it.
  const [site] = await server.knex('sites').insert({ region: 'HK', name: 'Search outside site', shortName: uniqueNumber('SO').slice(0, 30), buildingIds: [] }, ['id'])
  const pm = await server.knex('users').where({ username: 'approver.hk' }).first('id')
  await server.knex('departments').insert({ region: 'HK', name: 'Search outside department', shortName: 'SODD', siteIds: [site.id], userIds: [pm.id] })
  awayProject = (await createProject(server.knex, { status: 'ACTIVE', number: `PO-${marker}-C`, siteId: site.id }, parties)).project
})
afterAll(async () => {
  await server?.stop()
})

describe('finding projects', () => {
  it('finds a project by part of its number, its title, its type or its vendor’s name, case-insensitively, naming vendor and title', async () => {
    expect((await search('pm.hk', marker.toLowerCase())).map((one) => one.number).sort()).toEqual([alphaProject.number, betaProject.number])
    const [byTitle] = await search('pm.hk', `skylight ${marker} east`)
    expect(byTitle).toMatchObject({ id: betaProject.id, vendorName: 'Beta Builders Ltd', title: `Atrium skylight ${marker} east` })
    const byVendor = await search('pm.hk', 'beta builders')
    expect(byVendor.length).toBeGreaterThan(0)
    expect(byVendor.every((one) => one.companyId === parties.beta)).toBe(true)
    expect((await search('pm.hk', 'beta builders', `&number=${betaProject.number}`)).map((one) => one.id)).toEqual([betaProject.id])
    expect((await search('pm.hk', `${marker}-A`)).map((one) => one.id)).toEqual([alphaProject.id])
    // ILIKE's wildcards stand for themselves.
    expect(await search('pm.hk', `${marker}_A`)).toEqual([])
    // The plain list names no vendor (it reads no more than its rows).
    const listed = await api('pm.hk', `/hk/v1/projects?number=${alphaProject.number}`)
    expect(listed.body.data[0].vendorName).toBeUndefined()
  })

  it('never gives a vendor another vendor’s project, by number, title or the other vendor’s name', async () => {
    // Its own projects, on whatever site (the third is alpha's too); never beta's.
    expect((await search('vendor.alpha', marker)).map((one) => one.id).sort()).toEqual([alphaProject.id, awayProject.id].sort())
    expect(await search('vendor.alpha', betaProject.number)).toEqual([])
    expect(await search('vendor.alpha', `${marker} east`)).toEqual([])
    expect(await search('vendor.alpha', 'Beta Builders')).toEqual([])
    expect((await search('vendor.beta', marker)).map((one) => one.id)).toEqual([betaProject.id])
    expect(await quickFind('vendor.beta', alphaProject.number)).toEqual([])
  })

  it('never gives staff a project outside their site, and a tenant nothing', async () => {
    expect(await search('pm.hk', awayProject.number)).toEqual([])
    expect(await quickFind('pm.hk', awayProject.number)).toEqual([])
    expect((await api('tenant.acme', `/hk/v1/projects?$search=${marker}`)).status).toBe(403)
    expect(await quickFind('tenant.acme', marker)).toEqual([])
  })

  it('is asked by the quick find, each hit named by its number and vendor', async () => {
    const hits = await quickFind('pm.hk', alphaProject.number)
    expect(hits).toEqual([{ resource: 'projects', id: alphaProject.id, title: alphaProject.number, detail: 'Alpha Engineering Ltd' }])
    expect((await quickFind('vendor.alpha', `skylight ${marker}`)).map((hit) => hit.id)).toEqual([alphaProject.id])
  })

  it('answers words too long with 400', async () => {
    const response = await api('pm.hk', `/hk/v1/projects?$search=${'x'.repeat(101)}`)
    expect(response.status).toBe(400)
  })
})
