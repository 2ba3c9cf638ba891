import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../../test/server.js'
import { createTestAccount } from '../../../../../seeds/account-factories.js'
import { dayFromToday, uniqueName } from '../../tenancies/module.js'
import { createSubmissionBatch, createTenantProject } from '../module.js'
import { benchTenantProjects, inMyCourtQuery } from '../seeds/bench.js'

/*
 * What the reviewers' dashboard asks of the batches (issue 29 item 2), over real HTTP: "My court"
 * (a batch in a review step whose reviewer column names the caller, the nearest due first, with
 * its clock), the counts per step with `$limit: 0`, the overdue among them by due day, and the
 * bench's call answering as the dashboard does.
 */

let server: TestServer
let token: string
let reviewer: number
const batches: Record<string, number> = {}

const find = async (query: string) => {
  const answer = await server.api(token, 'GET', `/hk/v1/tenant-submissions?${query}`)
  expect(answer.status).toBe(200)
  return answer.body
}

beforeAll(async () => {
  server = await startTestServer()
  const account = await createTestAccount(server.knex, { like: 'approver.hk' })
  reviewer = account.id
  token = (await server.login(account.username)).accessToken
  const admin = (await server.knex('users').where({ username: 'admin' }).first('id')).id
  const tenancyId = (await server.knex('users').where({ username: 'tenant.acme' }).first('tenancyId')).tenancyId
  const batch = async (name: string, status: string, more: Record<string, unknown>) => {
    const project = await createTenantProject(server.knex, { tenancyId, projectName: uniqueName(name), status: 'IN_PROGRESS' })
    batches[name] = (await createSubmissionBatch(server.knex, { projectId: project.id, order: 0, status, ...more })).id
  }
  await batch('overdue design', 'DESIGN_REVIEW', { designManagerId: reviewer, dueDate: dayFromToday(-20) })
  await batch('technical later', 'TECH_REVIEW', { designManagerId: reviewer, techManagerId: reviewer, dueDate: dayFromToday(30) })
  await batch('cp of another', 'CP_REVIEW', { designManagerId: reviewer, cpReviewerId: admin, techManagerId: reviewer, dueDate: dayFromToday(-20) })
  await batch('tenant updating', 'UPDATE_PENDING', { designManagerId: reviewer, cpReviewerId: reviewer, techManagerId: reviewer })
  await batch('decided', 'COMPLETED', { designManagerId: reviewer, techManagerId: reviewer })
})

afterAll(async () => {
  await server?.stop()
})

describe('the review dashboard', () => {
  it("lists the caller's court only, the nearest due first, with the clock", async () => {
    const page = await find(`${inMyCourtQuery(reviewer)}&$sort[dueDate]=1&$sort[id]=1&$limit=10`)
    expect(page.total).toBe(2)
    expect(page.data.map((row: any) => row.id)).toEqual([batches['overdue design'], batches['technical later']])
    expect(page.data[0].clock).toMatchObject({ overdue: true })
    expect(page.data[0].clock.daysLeft).toBeLessThan(0)
    expect(page.data[0].ball).toEqual({ side: 'reviewer', step: 'design', reviewerId: reviewer })
    expect(page.data[1].clock).toMatchObject({ overdue: false })
  })

  it('counts a step without loading its rows, and its overdue by due day', async () => {
    const today = dayFromToday(0)
    const all = await find('status=CP_REVIEW&$limit=0')
    expect(all.data).toEqual([])
    const overdue = await find(`status=CP_REVIEW&dueDate[$lt]=${today}&$limit=0`)
    expect(overdue.data).toEqual([])
    expect(overdue.total).toBeGreaterThanOrEqual(1)
    expect(all.total).toBeGreaterThanOrEqual(overdue.total)
    const later = await find(`status=TECH_REVIEW&dueDate[$gte]=${today}&techManagerId=${reviewer}&$limit=0`)
    expect(later.total).toBe(1)
  })

  // Last: the bench's bulk data joins this file's database.
  it("answers the bench's calls on its bulk data: my court as approver.hk, All Tenant Projects, the batch PDF of 200 entries, the project control's ledger, inspections and statement", async () => {
    const calls = await benchTenantProjects(server.knex)
    const court = calls.find((call) => call.as === 'approver.hk')!
    const approver = (await server.login('approver.hk')).accessToken
    const page = await server.api(approver, 'GET', court.path)
    expect(page.status).toBe(200)
    expect(page.body.data).toHaveLength(10)
    // approver.hk holds design and technical of every third bench batch (half of those in a review step with its clock).
    expect(page.body.total).toBeGreaterThanOrEqual(300)
    expect(page.body.data.every((row: any) => row.ball.side === 'reviewer')).toBe(true)
    const admin = (await server.login('admin')).accessToken
    const list = calls.find((call) => call.path.startsWith('/hk/v1/tenant-projects?'))!
    expect((await server.api(admin, 'GET', list.path)).body.total).toBeGreaterThanOrEqual(2_000)
    const pdf = calls.find((call) => call.path.includes('/documents/'))!
    const response = await fetch(server.url + pdf.path, { headers: { authorization: `Bearer ${admin}` } })
    expect(response.status).toBe(200)
    expect(
      Buffer.from(await response.arrayBuffer())
        .subarray(0, 5)
        .toString()
    ).toBe('%PDF-')
    // The project control: a page of 50 of the 200 deductions, the 50 inspections, the statement of them all.
    const ledger = (await server.api(admin, 'GET', calls.find((call) => call.path.includes('tenant-project-deductions'))!.path)).body
    expect([ledger.data.length, ledger.total]).toEqual([50, 200])
    const inspections = (await server.api(admin, 'GET', calls.find((call) => call.path.includes('tenant-project-inspections'))!.path)).body
    expect([inspections.data.length, inspections.total]).toEqual([50, 50])
    const statement = await fetch(server.url + calls.find((call) => call.path.includes('tenant-deposit-statement'))!.path, { headers: { authorization: `Bearer ${admin}` } })
    expect(statement.status).toBe(200)
    expect(statement.headers.get('content-type')).toContain('application/pdf')
  })
})
