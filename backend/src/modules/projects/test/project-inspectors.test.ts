import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../../test/server.js'
import { createProject, projectParties, uniqueNumber, type ProjectParties } from '../seeds/factories.js'
import { claimCalls } from './claim-calls.js'

/*
 * Who may be a claim's inspector (spec §8 GET projects/{id}/inspector, the picker of the claim
 * drawer), over real HTTP on real PostgreSQL: the region's enabled staff accounts, read through the
 * users service, for staff with `update` on a project they read; vendors and staff outside the
 * project's site are refused, and the assignment itself refuses the same callers and non-staff.
 */

let server: TestServer
let parties: ProjectParties
const tokens: Record<string, string> = {}
const users: Record<string, number> = {}
const { api, version } = claimCalls(() => server, tokens)

beforeAll(async () => {
  server = await startTestServer()
  parties = await projectParties(server.knex)
  for (const name of ['pm.hk', 'approver.hk', 'vendor.alpha', 'vendor.beta']) {
    const login = await server.login(name)
    tokens[name] = login.accessToken
    users[name] = login.user.id
  }
  // A project manager whose department keeps them to a site of their own.
  const [site] = await server.knex('sites').insert({ region: 'HK', name: 'Inspector test site', shortName: uniqueNumber('IS').slice(0, 30), buildingIds: [] }, ['id'])
  const pmGroup = await server.knex('security_groups').where({ name: 'Project Manager' }).first('id')
  const { id: _id, ...person } = await server.knex('users').where({ username: 'pm.hk' }).first()
  const [elsewhere] = await server.knex('users').insert({ ...person, username: 'pm.elsewhere', displayName: 'PM Elsewhere', email: 'pm.elsewhere@example.com' }, ['id'])
  await server.knex('user_groups').insert({ userId: elsewhere.id, region: 'HK', groupId: pmGroup.id })
  await server.knex('departments').insert({ region: 'HK', name: 'Elsewhere department', shortName: 'ELS', siteIds: [site.id], userIds: [elsewhere.id] })
  tokens['pm.elsewhere'] = (await server.login('pm.elsewhere')).accessToken
  users['pm.elsewhere'] = elsewhere.id
  users.elsewhereSite = site.id
})
afterAll(async () => {
  await server?.stop()
})

describe('GET projects/{id}/inspector', () => {
  it('lists the region’s enabled staff accounts for staff who may update the project, searchable and paged', async () => {
    const { project } = await createProject(server.knex, { status: 'ACTIVE' }, parties)
    const listed = await api('pm.hk', 'GET', `/hk/v1/projects/${project.id}/inspector?$limit=50`)
    expect(listed.status).toBe(200)
    const ids = listed.body.data.map((user: any) => user.id)
    expect(ids).toContain(users['approver.hk'])
    expect(ids).not.toContain(users['vendor.alpha'])
    expect(Object.keys(listed.body.data[0]).sort()).toEqual(['displayName', 'id', 'username'])
    const disabled = await server.knex('users').whereBetween('userType', [500, 599]).where({ enabled: false }).pluck('id')
    expect(ids.some((id: number) => disabled.includes(id))).toBe(false)

    const found = await api('pm.hk', 'GET', `/hk/v1/project-inspectors?projectId=${project.id}&search=approver`)
    expect(found.status).toBe(200)
    expect(found.body.data.map((user: any) => user.username)).toContain('approver.hk')
    expect(found.body.data.every((user: any) => `${user.username} ${user.displayName}`.toLowerCase().includes('approver'))).toBe(true)
  })

  it('refuses a vendor (even the project’s), staff outside the project’s site, and an unknown project', async () => {
    const { project } = await createProject(server.knex, { status: 'ACTIVE' }, parties)
    expect((await api('vendor.alpha', 'GET', `/hk/v1/projects/${project.id}/inspector`)).status).toBe(403)
    expect([403, 404]).toContain((await api('vendor.beta', 'GET', `/hk/v1/projects/${project.id}/inspector`)).status)
    // Staff whose location does not reach the project's site do not read it: 404, as for no project.
    const { project: away } = await createProject(server.knex, { status: 'ACTIVE', siteId: users.elsewhereSite, managedBy: users['pm.elsewhere'] }, parties)
    expect((await api('pm.hk', 'GET', `/hk/v1/projects/${away.id}/inspector`)).status).toBe(404)
    expect((await api('pm.elsewhere', 'GET', `/hk/v1/projects/${away.id}/inspector`)).status).toBe(200)
    // Staff who read the project without `update` on it (not in charge, no update-any): 403.
    expect((await api('pm.elsewhere', 'GET', `/hk/v1/projects/${project.id}/inspector`)).status).toBe(403)
    expect((await api('pm.hk', 'GET', `/hk/v1/projects/${'z'.repeat(24)}/inspector`)).status).toBe(404)
    const bad = await api('pm.hk', 'GET', `/hk/v1/project-inspectors?projectId=nope`)
    expect(bad.status).toBe(400)
  })
})

describe('PUT project-submissions/{id}/inspector', () => {
  it('is refused to staff outside the project’s site and for an inspector who is not staff; the one assigned reads back', async () => {
    const { project } = await createProject(server.knex, { status: 'ACTIVE', siteId: users.elsewhereSite, managedBy: users['pm.elsewhere'] }, parties)
    const created = await api('vendor.alpha', 'POST', '/hk/v1/project-submissions', {
      projectId: project.id,
      completionType: 'PARTIAL',
      invoiceNumber: uniqueNumber('IN'),
      invoiceAmountCents: 100_000,
      invoiceDate: '2026-11-20',
      completionAmountCents: 100_000
    })
    expect(created.status).toBe(201)
    const id = created.body.id
    expect((await api('pm.hk', 'PUT', `/hk/v1/project-submissions/${id}/inspector`, { inspectorId: users['approver.hk'], updatedAt: await version(id) })).status).toBe(404)
    expect((await api('vendor.alpha', 'PUT', `/hk/v1/project-submissions/${id}/inspector`, { inspectorId: users['approver.hk'], updatedAt: await version(id) })).status).toBe(403)
    const vendorInspector = await api('pm.elsewhere', 'PUT', `/hk/v1/project-submissions/${id}/inspector`, { inspectorId: users['vendor.alpha'], updatedAt: await version(id) })
    expect(vendorInspector.status).toBe(400)
    expect(vendorInspector.body.data).toMatchObject({ code: 'REFERENCE_INVALID', field: 'inspectorId' })
    const assigned = await api('pm.elsewhere', 'PUT', `/hk/v1/project-submissions/${id}/inspector`, { inspectorId: users['approver.hk'], updatedAt: await version(id) })
    expect(assigned.status).toBe(200)
    const read = await api('vendor.alpha', 'GET', `/hk/v1/project-submissions/${id}`)
    const approver = await server.knex('users').where({ id: users['approver.hk'] }).first('displayName')
    expect(read.body).toMatchObject({ inspectorId: users['approver.hk'], inspectorName: approver.displayName })
    const shown = await api('pm.elsewhere', 'GET', `/hk/v1/project-inspectors?projectId=${project.id}&id=${users['approver.hk']}`)
    expect(shown.body.data).toEqual([expect.objectContaining({ id: users['approver.hk'], username: 'approver.hk' })])
  })
})
