import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../../test/server.js'
import { liveSockets } from '../../../../test/live.js'
import { createContractor, createProject, projectParties, type ProjectParties } from '../seeds/factories.js'

/*
 * A project's contractors over real HTTP on real PostgreSQL (spec §3 Contractor, §6, §9): the
 * vendor keeps them (one MAIN, OTHER listed last, the row's rules again on the server) and
 * invites the primary contact by mail; staff read them through the project; another vendor, a
 * tenant and staff writes are refused; live events reach the project's readers only.
 */

let server: TestServer
let parties: ProjectParties
const tokens: Record<string, string> = {}
const api = (user: string, method: string, path: string, body?: unknown, headers?: Record<string, string>) => server.api(tokens[user], method, path, body, headers)
const row = (projectId: string, extra: Record<string, unknown> = {}) => ({
  projectId,
  contractorType: 'AC',
  companyName: 'Cool Air Ltd',
  firstName: 'Ken',
  lastName: 'Ho',
  phone: '+852 9000 1111',
  ...extra
})
const live = liveSockets()

beforeAll(async () => {
  server = await startTestServer()
  parties = await projectParties(server.knex)
  for (const name of ['admin', 'pm.hk', 'vendor.alpha', 'alpha.office', 'vendor.beta', 'tenant.acme']) tokens[name] = (await server.login(name)).accessToken
})
afterAll(async () => {
  live.close()
  await server?.stop()
})

describe('project contractors', () => {
  it('the vendor adds them, one MAIN only, listed by type with OTHER last; staff read them', async () => {
    const { project } = await createProject(server.knex, { status: 'ACTIVE' }, parties)
    for (const extra of [{ contractorType: 'OTHER', typeDesc: 'Scaffolding' }, { contractorType: 'SECURITY' }, { contractorType: 'MAIN' }, { contractorType: 'AC' }]) {
      expect((await api('vendor.alpha', 'POST', '/hk/v1/project-contractors', row(project.id, extra))).status).toBe(201)
    }
    const second = await api('vendor.alpha', 'POST', '/hk/v1/project-contractors', row(project.id, { contractorType: 'MAIN' }))
    expect(second.status).toBe(409)
    expect(second.body.data.code).toBe('MAIN_CONTRACTOR_EXISTS')
    const listed = await api('pm.hk', 'GET', `/hk/v1/project-contractors?projectId=${project.id}`)
    expect(listed.status).toBe(200)
    expect(listed.body.data.map((contractor: any) => contractor.contractorType)).toEqual(['MAIN', 'AC', 'SECURITY', 'OTHER'])
    expect(listed.body.data[0]).toMatchObject({ companyId: parties.alpha, projectId: project.id })
  })

  it('applies the row’s rules on the server (400 naming the fields) and refuses a project the vendor does not read', async () => {
    const { project } = await createProject(server.knex, { status: 'ACTIVE' }, parties)
    const bad = await api('vendor.alpha', 'POST', '/hk/v1/project-contractors', row(project.id, { phone: '12ab', contractorType: 'OTHER' }))
    expect(bad.status).toBe(400)
    expect(bad.body.data).toMatchObject({ code: 'CONTRACTOR_ROW_INVALID', fields: ['phone', 'typeDesc'] })
    const { project: beta } = await createProject(server.knex, { status: 'ACTIVE', companyId: parties.beta }, parties)
    const others = await api('vendor.alpha', 'POST', '/hk/v1/project-contractors', row(beta.id))
    expect(others.status).toBe(400)
    expect(others.body.data.code).toBe('REFERENCE_INVALID')
    const { project: draft } = await createProject(server.knex, { status: 'DRAFT' }, parties)
    expect((await api('vendor.alpha', 'POST', '/hk/v1/project-contractors', row(draft.id))).body.data.code).toBe('REFERENCE_INVALID')
  })

  it('invites the primary contact by mail and links their vendor account', async () => {
    const { project } = await createProject(server.knex, { status: 'ACTIVE' }, parties)
    const noMail = await createContractor(server.knex, project)
    const missing = await api(
      'vendor.alpha',
      'POST',
      '/hk/v1/project-contractors',
      { id: noMail.id, updatedAt: await server.version('project-contractors', noMail.id) },
      { 'x-service-method': 'invite' }
    )
    expect(missing.status).toBe(400)
    expect(missing.body.data.code).toBe('CONTRACTOR_EMAIL_MISSING')
    const contact = await createContractor(server.knex, project, { contractorType: 'MAIN', email: 'alpha.office@example.com' })
    const before = new Date()
    const invited = await api(
      'vendor.alpha',
      'POST',
      '/hk/v1/project-contractors',
      { id: contact.id, updatedAt: await server.version('project-contractors', contact.id) },
      { 'x-service-method': 'invite' }
    )
    expect(invited.status).toBe(200)
    expect(invited.body.invitedAt).toBeTruthy()
    const office = await server.knex('users').where({ username: 'alpha.office' }).first('id')
    expect(invited.body.primaryContactUserId).toBe(office.id)
    const mails = await server.knex('mail_messages').where({ template: 'project.primary-contact' }).where('createdAt', '>=', before)
    expect(mails.flatMap((mail: any) => mail.to)).toEqual(['alpha.office@example.com'])
    expect(mails[0].subject).toContain(project.number)
  })

  it('the main contractor’s invited user reads the project, of another company too, and hears of its changes', async () => {
    const { project } = await createProject(server.knex, { status: 'ACTIVE' }, parties)
    expect((await api('vendor.beta', 'GET', `/hk/v1/projects/${project.id}`)).status).toBe(404)
    const main = await createContractor(server.knex, project, { contractorType: 'MAIN', companyName: 'Beta Builders Ltd', email: 'vendor.beta@example.com' })
    const invited = await api('vendor.alpha', 'POST', '/hk/v1/project-contractors', { id: main.id, updatedAt: await server.version('project-contractors', main.id) }, { 'x-service-method': 'invite' })
    expect(invited.status).toBe(200)
    expect((await api('vendor.beta', 'GET', `/hk/v1/projects/${project.id}`)).status).toBe(200)
    expect((await api('vendor.beta', 'GET', '/hk/v1/projects?$limit=100')).body.data.some((one: any) => one.id === project.id)).toBe(true)
    // Reading is all: the project stays the vendor's and staff's to manage.
    expect((await api('vendor.beta', 'POST', '/hk/v1/project-contractors', row(project.id))).status).toBe(403)
    const beta = await live.connect(server, tokens['vendor.beta'], 'HK', ['projects'])
    await api('pm.hk', 'PATCH', `/hk/v1/projects/${project.id}`, { onHold: true, updatedAt: await server.version('projects', project.id) })
    await beta.until((event) => event.data.id === project.id && event.data.onHold === true)
  })

  it('refuses another vendor, a sub-account without the right, staff writes and tenants', async () => {
    const { project } = await createProject(server.knex, { status: 'ACTIVE' }, parties)
    const contractor = await createContractor(server.knex, project)
    const version = await server.version('project-contractors', contractor.id)
    expect((await api('vendor.beta', 'GET', `/hk/v1/project-contractors/${contractor.id}`)).status).toBe(404)
    expect((await api('vendor.beta', 'GET', `/hk/v1/project-contractors?projectId=${project.id}`)).body.data).toEqual([])
    expect((await api('vendor.beta', 'PATCH', `/hk/v1/project-contractors/${contractor.id}`, { firstName: 'Eve', updatedAt: version })).status).toBe(404)
    expect((await api('alpha.office', 'GET', '/hk/v1/project-contractors')).status).toBe(403)
    expect((await api('pm.hk', 'PATCH', `/hk/v1/project-contractors/${contractor.id}`, { firstName: 'Eve', updatedAt: version })).status).toBe(403)
    expect((await api('tenant.acme', 'GET', '/hk/v1/project-contractors')).status).toBe(403)
    const stale = await api('vendor.alpha', 'PATCH', `/hk/v1/project-contractors/${contractor.id}`, { firstName: 'Kenny', updatedAt: '2020-01-01T00:00:00.000Z' })
    expect(stale.status).toBe(410)
    const ok = await api('vendor.alpha', 'PATCH', `/hk/v1/project-contractors/${contractor.id}`, { firstName: 'Kenny', updatedAt: version })
    expect(ok.status).toBe(200)
    expect(ok.body.firstName).toBe('Kenny')
    expect((await api('vendor.alpha', 'DELETE', `/hk/v1/project-contractors/${contractor.id}`)).status).toBe(200)
  })

  it('sends live events to the project’s readers only', async () => {
    const { project } = await createProject(server.knex, { status: 'ACTIVE' }, parties)
    const alpha = await live.connect(server, tokens['vendor.alpha'], 'HK', ['project-contractors'])
    const pm = await live.connect(server, tokens['pm.hk'], 'HK', ['project-contractors'])
    const beta = await live.connect(server, tokens['vendor.beta'], 'HK', ['project-contractors'])
    const tenant = await live.connect(server, tokens['tenant.acme'], 'HK', ['project-contractors'])
    const created = await api('vendor.alpha', 'POST', '/hk/v1/project-contractors', row(project.id, { companyName: 'Live Air Ltd' }))
    expect(created.status).toBe(201)
    await alpha.until((event) => event.data.id === created.body.id)
    await pm.until((event) => event.data.id === created.body.id)
    expect({ beta: beta.events, tenant: tenant.events }).toEqual({ beta: [], tenant: [] })
  })
})
