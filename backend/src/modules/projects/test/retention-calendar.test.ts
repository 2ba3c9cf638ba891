import type { ParsedMail } from 'mailparser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../../test/server.js'
import { startSmtpCapture, type SmtpCapture } from '../../../../test/smtp.js'
import { createProject, projectParties, uniqueNumber, type ProjectParties } from '../seeds/factories.js'
import { createRetentionClaim } from '../seeds/retention-factories.js'
import { remindRetentionDue } from '../services/project-retention-calendar/project-retention-calendar.js'

/*
 * Retention falling due (issue 12 item 7) over real HTTP on real PostgreSQL: the calendar by
 * month of the due day (the day after the defects liability date) and vendor, of the projects the
 * caller reads (staff by their location, a vendor its own, a tenant nobody's); and the daily
 * reminder to the person in charge 30 days before, through a real SMTP peer, once per project
 * and due day, in the recipient's language.
 */

let server: TestServer
let parties: ProjectParties
let smtp: SmtpCapture
const tokens: Record<string, string> = {}
const ids: Record<string, any> = {}
const api = (user: string, method: string, path: string) => server.api(tokens[user], method, path)

/** An accepted claim of the project holding `retentionCents`, or a release drawing `releasedCents`. */
const claim = (project: any, order: number, input: { retentionCents?: number; releasedCents?: number; status?: 'OPEN' | 'APPR' }) => createRetentionClaim(server.knex, project, { order, ...input })

const rowsOf = (body: any, projectIds: string[]) =>
  body.data.map((row: any) => ({ ...row, projects: row.projects.filter((project: any) => projectIds.includes(project.id)) })).filter((row: any) => row.projects.length)

beforeAll(async () => {
  smtp = await startSmtpCapture()
  server = await startTestServer()
  smtp.deliverFrom(server.app)
  parties = await projectParties(server.knex)
  for (const name of ['pm.hk', 'vendor.alpha', 'vendor.beta', 'tenant.acme']) tokens[name] = (await server.login(name)).accessToken
  // A person in charge who reads Chinese, and a project manager kept to a site of their own.
  const { id: _id, ...person } = await server.knex('users').where({ username: 'pm.hk' }).first()
  const [zh] = await server.knex('users').insert({ ...person, username: 'pm.zh.retention', email: 'pm.zh.retention@example.com', language: 'zh-CN' }, ['id', 'email'])
  ids.zh = zh
  const [site] = await server.knex('sites').insert({ region: 'HK', name: 'Outside site', shortName: uniqueNumber('OS').slice(0, 30), buildingIds: [] }, ['id'])
  const pmGroup = await server.knex('security_groups').where({ name: 'Project Manager' }).first('id')
  const [outsider] = await server.knex('users').insert({ ...person, username: 'pm.outside.retention', email: 'pm.outside.retention@example.com' }, ['id'])
  await server.knex('user_groups').insert({ userId: outsider.id, region: 'HK', groupId: pmGroup.id })
  await server.knex('departments').insert({ region: 'HK', name: 'Outside department', shortName: 'OSDR', siteIds: [site.id], userIds: [outsider.id] })

  // Held = the project's retention (5 % of its amount) once work is certified, less what release claims draw (claimFigures' reading).
  // Due 2026-12-21: 5,000.00 held.
  ids.a = (await createProject(server.knex, { status: 'ACTIVE', dlpDate: '2026-12-20', amount: 100_000 }, parties)).project
  await claim(ids.a, 1, { retentionCents: 200_000 })
  await claim(ids.a, 2, { retentionCents: 500_000 })
  // Due 2026-12-06: 3,000.00 less 1,000.00 released and 500.00 asked for; its person in charge reads Chinese.
  ids.b = (await createProject(server.knex, { status: 'COMPLETED', dlpDate: '2026-12-05', managedBy: zh.id, amount: 60_000 }, parties)).project
  await claim(ids.b, 1, { retentionCents: 300_000 })
  await claim(ids.b, 2, { releasedCents: 100_000 })
  await claim(ids.b, 3, { releasedCents: 50_000, status: 'OPEN' })
  // Beta's, due 2027-01-11.
  ids.c = (await createProject(server.knex, { status: 'ACTIVE', dlpDate: '2027-01-10', companyId: parties.beta, amount: 20_000 }, parties)).project
  await claim(ids.c, 1, { retentionCents: 100_000 })
  // Nothing accepted yet: nothing held.
  ids.d = (await createProject(server.knex, { status: 'ACTIVE', dlpDate: '2026-12-10' }, parties)).project
  await claim(ids.d, 1, { retentionCents: 900_000, status: 'OPEN' })
  // On the outside site: pm.hk's location does not reach it.
  ids.e = (await createProject(server.knex, { status: 'ACTIVE', dlpDate: '2026-12-15', siteId: site.id, managedBy: outsider.id, amount: 140_000 }, parties)).project
  await claim(ids.e, 1, { retentionCents: 700_000 })
  ids.all = [ids.a, ids.b, ids.c, ids.d, ids.e].map((project) => project.id)
})
afterAll(async () => {
  await server?.stop()
  await smtp?.close()
})

describe('the retention calendar', () => {
  it('shows staff the retention held by month due and vendor, of the projects their location reaches', async () => {
    const { status, body } = await api('pm.hk', 'GET', '/hk/v1/project-retention-calendar?$limit=100')
    expect(status).toBe(200)
    const rows = rowsOf(body, ids.all)
    expect(rows).toEqual([
      {
        projectIds: expect.any(Array),
        month: '2026-12',
        vendorId: parties.alpha,
        vendorName: 'Alpha Engineering Ltd',
        currency: 'HKD',
        heldCents: expect.any(Number),
        projects: [
          { id: ids.b.id, number: ids.b.number, dlpDate: '2026-12-05', dueDay: '2026-12-06', heldCents: 150_000, currency: 'HKD' },
          { id: ids.a.id, number: ids.a.number, dlpDate: '2026-12-20', dueDay: '2026-12-21', heldCents: 500_000, currency: 'HKD' }
        ]
      },
      {
        projectIds: expect.any(Array),
        month: '2027-01',
        vendorId: parties.beta,
        vendorName: 'Beta Builders Ltd',
        currency: 'HKD',
        heldCents: expect.any(Number),
        projects: [{ id: ids.c.id, number: ids.c.number, dlpDate: '2027-01-10', dueDay: '2027-01-11', heldCents: 100_000, currency: 'HKD' }]
      }
    ])
    // Filtered by month and vendor; paged.
    const december = await api('pm.hk', 'GET', `/hk/v1/project-retention-calendar?from=2026-12&to=2026-12&companyId=${parties.alpha}`)
    expect(december.body.data.every((row: any) => row.month === '2026-12' && row.vendorId === parties.alpha)).toBe(true)
    const page = await api('pm.hk', 'GET', '/hk/v1/project-retention-calendar?$limit=1&$sort[heldCents]=-1')
    expect(page.body.data).toHaveLength(1)
    expect(page.body.total).toBeGreaterThanOrEqual(2)
  })

  it('shows a vendor its own only, and refuses a tenant and bad input', async () => {
    const alpha = await api('vendor.alpha', 'GET', '/hk/v1/project-retention-calendar')
    expect(alpha.status).toBe(200)
    expect(alpha.body.data.every((row: any) => row.vendorId === parties.alpha)).toBe(true)
    expect(rowsOf(alpha.body, ids.all).flatMap((row: any) => row.projects.map((project: any) => project.id))).toEqual([ids.b.id, ids.e.id, ids.a.id])
    const beta = await api('vendor.beta', 'GET', '/hk/v1/project-retention-calendar')
    expect(beta.body.data.every((row: any) => row.vendorId === parties.beta)).toBe(true)
    expect(rowsOf(beta.body, ids.all).flatMap((row: any) => row.projects.map((project: any) => project.id))).toEqual([ids.c.id])
    expect((await api('tenant.acme', 'GET', '/hk/v1/project-retention-calendar')).status).toBe(403)
    expect((await server.api(null, 'GET', '/hk/v1/project-retention-calendar')).status).toBe(401)
    const bad = await server.api(tokens['pm.hk'], 'GET', '/hk/v1/project-retention-calendar?from=2026-13', undefined, { 'accept-language': 'zh-CN' })
    expect(bad.status).toBe(400)
    expect((await api('pm.hk', 'GET', '/hk/v1/project-retention-calendar?secret=1')).status).toBe(400)
  })
})

describe('the reminder of retention falling due', () => {
  const about = (project: any) => (mail: ParsedMail) => String(mail.subject).includes(project.number)

  it('mails the person in charge (and the vendor) 30 days before the due day, in their language, once per project and due day', async () => {
    const to = (project: any, address: string) => (mail: ParsedMail) => about(project)(mail) && smtp.captured.some((entry) => entry.mail === mail && entry.rcptTo.includes(address))
    const remindedOf = async () => (await server.knex('project_retention_reminders').whereIn('projectId', ids.all)).length
    // 26 Nov 2026, 10:00 in Hong Kong: A (due 21 Dec), B (due 6 Dec) and E are within 30 days; C (11 Jan) is not yet.
    const now = new Date('2026-11-26T02:00:00Z')
    expect(await remindRetentionDue(server.app, now)).toBeGreaterThanOrEqual(2)
    const [a] = await smtp.received(to(ids.a, 'pm.hk@example.com'), 1)
    expect(a.mail.subject).toBe(`Retention of project ${ids.a.number} falls due on 2026-12-21`)
    expect(a.mail.text).toContain('HKD 5,000.00')
    expect(a.mail.text).toContain(`/projects/${ids.a.id}`)
    expect(await smtp.received(to(ids.a, 'vendor.alpha@example.com'), 1)).toHaveLength(1)
    const [b] = await smtp.received(to(ids.b, ids.zh.email), 1)
    expect(b.mail.subject).toBe(`项目 ${ids.b.number} 的保留金将于 2026-12-06 到期`)
    expect(b.mail.text).toContain('HKD 1,500.00')
    // Not yet due for a reminder, nothing held, and nobody reminded twice.
    expect(smtp.captured.some((entry) => [ids.c, ids.d].some((project) => about(project)(entry.mail)))).toBe(false)
    // A, B and E (on the outside site, due 16 Dec, to its own person in charge).
    expect(await remindedOf()).toBe(3)
    await remindRetentionDue(server.app, now)
    await remindRetentionDue(server.app, new Date('2026-11-27T02:00:00Z'))
    expect(await remindedOf()).toBe(3)
    // A moved defects liability date is a new due day: reminded again.
    await server.knex('projects').where({ id: ids.a.id }).update({ dlpDate: '2026-12-22' })
    await remindRetentionDue(server.app, now)
    expect(await smtp.received(to(ids.a, 'pm.hk@example.com'), 2)).toHaveLength(2)
    // C from 12 Dec, 30 days before 11 Jan; B's due day has passed by then.
    await remindRetentionDue(server.app, new Date('2026-12-12T02:00:00Z'))
    expect(await smtp.received(about(ids.c), 1)).not.toHaveLength(0)
    expect(await remindedOf()).toBe(5)
  })
})
