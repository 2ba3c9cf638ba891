import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../../test/server.js'
import { createProject, projectParties, uniqueNumber, type ProjectParties } from '../seeds/factories.js'

/*
 * Payment claims (project submissions) over real HTTP on real PostgreSQL (spec §3 Submission, §4,
 * §5; issue 12 item 5): the project's vendor prepares a claim, edits it while it is a draft, and
 * its figures come back computed; whoever does not read the project is refused first (another
 * vendor, staff outside the purchase site, a tenant); bad input is a 4xx in the caller's language.
 */

let server: TestServer
let parties: ProjectParties
const tokens: Record<string, string> = {}
const users: Record<string, number> = {}
const api = (user: string, method: string, path: string, body?: unknown, headers?: Record<string, string>) => server.api(tokens[user], method, path, body, headers)
const version = async (id: string) => (await server.version('project-submissions', id))!
const claim = (projectId: string, extra: Record<string, unknown> = {}) => ({
  projectId,
  completionType: 'PARTIAL',
  invoiceNumber: uniqueNumber('INV'),
  invoiceAmountCents: 1_000_000,
  invoiceDate: '2026-11-20',
  completionAmountCents: 1_000_000,
  ...extra
})

beforeAll(async () => {
  server = await startTestServer()
  parties = await projectParties(server.knex)
  for (const name of ['admin', 'pm.hk', 'vendor.alpha', 'alpha.site', 'alpha.office', 'vendor.beta', 'tenant.acme']) {
    const login = await server.login(name)
    tokens[name] = login.accessToken
    users[name] = login.user.id
  }
  // A project manager whose department keeps them to a site of their own (outside the purchase site).
  const [site] = await server.knex('sites').insert({ region: 'HK', name: 'Outside site', shortName: uniqueNumber('OS').slice(0, 30), buildingIds: [] }, ['id'])
  const pmGroup = await server.knex('security_groups').where({ name: 'Project Manager' }).first('id')
  const pm = await server.knex('users').where({ username: 'pm.hk' }).first()
  const { id: _id, ...person } = pm
  const [outsider] = await server.knex('users').insert({ ...person, username: 'pm.outside', email: 'pm.outside@example.com' }, ['id'])
  await server.knex('user_groups').insert({ userId: outsider.id, region: 'HK', groupId: pmGroup.id })
  await server.knex('departments').insert({ region: 'HK', name: 'Outside department', shortName: 'OSD', siteIds: [site.id], userIds: [outsider.id] })
  tokens['pm.outside'] = (await server.login('pm.outside')).accessToken
  users['pm.outside'] = outsider.id
  users.outsideSite = site.id
})
afterAll(async () => {
  await server?.stop()
})

describe('a payment claim', () => {
  it('is prepared by the project’s vendor as a DRAFT with the next order and its figures, and edited while a draft', async () => {
    const { project } = await createProject(server.knex, { status: 'ACTIVE', amount: 100_000, retentionPercent: 5 }, parties)
    const created = await api('vendor.alpha', 'POST', '/hk/v1/project-submissions', claim(project.id, { invoiceNumber: ' inv-001 ' }))
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({
      projectId: project.id,
      companyId: parties.alpha,
      order: 1,
      status: 'DRAFT',
      version: 0,
      invoiceNumber: 'inv-001',
      invoiceDate: '2026-11-20',
      completionAmountCents: 1_000_000,
      previousAmountCents: 0,
      remainingBalanceCents: 9_000_000,
      retentionAmountCents: 500_000,
      decision: null,
      actions: ['submit'],
      ledger: null,
      versions: []
    })
    expect(created.body.figures).toMatchObject({ revisedAmountCents: 10_000_000, balanceBeforeCents: 10_000_000, fullCompletion: false })
    expect(created.body.invoiceKey).toBeUndefined()
    const second = await api('vendor.alpha', 'POST', '/hk/v1/project-submissions', claim(project.id))
    expect(second.body.order).toBe(2)
    const edited = await api('vendor.alpha', 'PATCH', `/hk/v1/project-submissions/${created.body.id}`, { completionAmountCents: 9_600_000, updatedAt: created.body.updatedAt })
    expect(edited.status).toBe(200)
    expect(edited.body).toMatchObject({ completionAmountCents: 9_600_000, remainingBalanceCents: 400_000 })
    expect(edited.body.figures.fullCompletion).toBe(true)
    const listed = await api('pm.hk', 'GET', `/hk/v1/project-submissions?projectId=${project.id}&$sort[order]=-1`)
    expect(listed.status).toBe(200)
    expect(listed.body.data.map((row: any) => row.order)).toEqual([2, 1])
    expect(listed.body.total).toBe(2)
    // A stale write: the version read before the edit.
    const stale = await api('vendor.alpha', 'PATCH', `/hk/v1/project-submissions/${created.body.id}`, { completionAmountCents: 1, updatedAt: created.body.updatedAt })
    expect(stale.status).toBe(410)
    const removed = await api('vendor.alpha', 'DELETE', `/hk/v1/project-submissions/${second.body.id}`)
    expect(removed.status).toBe(200)
    expect((await api('vendor.alpha', 'GET', `/hk/v1/project-submissions/${second.body.id}`)).status).toBe(404)
  })

  it('is refused first to whoever does not read the project: another vendor, staff outside the purchase site, a tenant', async () => {
    const { project } = await createProject(server.knex, { status: 'ACTIVE' }, parties)
    const created = await api('vendor.alpha', 'POST', '/hk/v1/project-submissions', claim(project.id))
    const id = created.body.id
    expect((await api('vendor.beta', 'GET', `/hk/v1/project-submissions/${id}`)).status).toBe(404)
    expect((await api('vendor.beta', 'GET', `/hk/v1/project-submissions?projectId=${project.id}`)).body.data).toEqual([])
    expect((await api('vendor.beta', 'POST', '/hk/v1/project-submissions', claim(project.id))).status).toBe(400)
    expect((await api('vendor.beta', 'PATCH', `/hk/v1/project-submissions/${id}`, { completionAmountCents: 1, updatedAt: 'x' })).status).toBe(404)
    // A project of a site whose department lists only pm.outside: pm.hk's location does not reach it.
    const { project: away } = await createProject(server.knex, { status: 'ACTIVE', siteId: users.outsideSite, managedBy: users['pm.outside'] }, parties)
    const awayClaim = await api('vendor.alpha', 'POST', '/hk/v1/project-submissions', claim(away.id))
    expect(awayClaim.status).toBe(201)
    expect((await api('pm.outside', 'GET', `/hk/v1/project-submissions/${awayClaim.body.id}`)).status).toBe(200)
    expect((await api('pm.hk', 'GET', `/hk/v1/project-submissions/${awayClaim.body.id}`)).status).toBe(404)
    expect((await api('pm.hk', 'GET', `/hk/v1/project-submissions?projectId=${away.id}`)).body.data).toEqual([])
    expect((await api('pm.hk', 'PATCH', `/hk/v1/project-submissions/${awayClaim.body.id}`, { action: 'accept', updatedAt: 'x' })).status).toBe(404)
    expect((await api('tenant.acme', 'GET', `/hk/v1/project-submissions`)).status).toBe(403)
    expect((await api('tenant.acme', 'POST', '/hk/v1/project-submissions', claim(project.id))).status).toBe(403)
    // Staff read it but do not write the vendor's claim.
    expect((await api('pm.hk', 'GET', `/hk/v1/project-submissions/${id}`)).status).toBe(200)
    expect((await api('pm.hk', 'PATCH', `/hk/v1/project-submissions/${id}`, { completionAmountCents: 1, updatedAt: await version(id) })).status).toBe(403)
    expect((await api('pm.hk', 'POST', '/hk/v1/project-submissions', claim(project.id))).status).toBe(403)
  })

  it('refuses a claim over the remaining balance and bad input with a 4xx in the caller’s language, never a 5xx', async () => {
    const { project } = await createProject(server.knex, { status: 'ACTIVE', amount: 100_000 }, parties)
    const over = await api('vendor.alpha', 'POST', '/hk/v1/project-submissions', claim(project.id, { completionAmountCents: 10_000_001 }))
    expect(over.status).toBe(400)
    expect(over.body.data).toMatchObject({ code: 'CLAIM_COMPLETION_EXCEEDS_BALANCE', field: 'completionAmountCents', balance: '100,000.00' })
    expect(over.body.message).toBe('The completion amount cannot exceed the remaining balance of 100,000.00.')
    const zh = await api('vendor.alpha', 'POST', '/hk/v1/project-submissions', claim(project.id, { completionAmountCents: 10_000_001 }), { 'accept-language': 'zh-CN' })
    expect(zh.status).toBe(400)
    expect(zh.body.message).not.toBe(over.body.message)
    for (const bad of [
      { completionAmountCents: -1 },
      { completionAmountCents: 1.5 },
      { completionType: 'SOME' },
      { invoiceDate: '2026-13-45' },
      { projectId: 'x' },
      { lines: [{ item: '1' }] },
      { extra: 1 }
    ]) {
      const answer = await api('vendor.alpha', 'POST', '/hk/v1/project-submissions', claim(project.id, bad))
      expect(answer.status, JSON.stringify(bad)).toBeGreaterThanOrEqual(400)
      expect(answer.status, JSON.stringify(bad)).toBeLessThan(500)
    }
    const lines = await api('vendor.alpha', 'POST', '/hk/v1/project-submissions', claim(project.id, { lines: [{ item: '1', workThisPeriodCents: 1, materialsStoredCents: 0 }] }))
    expect(lines.status).toBe(400)
    expect(lines.body.data.code).toBe('CLAIM_LINES_WITHOUT_SCHEDULE')
    expect((await api('vendor.alpha', 'GET', '/hk/v1/project-submissions?$limit=-1')).status).toBe(400)
    expect((await api('vendor.alpha', 'GET', '/hk/v1/project-submissions?status=NOPE')).status).toBe(400)
  })
})
