import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../../test/server.js'
import { createProject, projectParties, uniqueNumber, type ProjectParties } from '../seeds/factories.js'

/*
 * Issue 27 item 3 over real HTTP on real PostgreSQL: change orders as records of their own. The
 * project's vendor (or its staff) prepares one, the staff in charge approve it (never a vendor),
 * and from its approval on it changes the contract sum to date: G702 line 2 of a claim made after
 * it counts it, a claim submitted before keeps the sum it was made against; no change takes a line
 * below what was claimed on it; another vendor never hears of one; a stale write is 410 and two
 * approvals at once have one outcome.
 */

let server: TestServer
let parties: ProjectParties
const tokens: Record<string, string> = {}
const api = (user: string, method: string, path: string, body?: unknown, headers?: Record<string, string>) => server.api(tokens[user], method, path, body, headers)
const call = (user: string, name: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  api(user, 'POST', '/hk/v1/project-change-orders', body, { 'x-service-method': name, ...headers })
const claimMove = (user: string, id: string, body: Record<string, unknown>) => api(user, 'PATCH', `/hk/v1/project-submissions/${id}`, body)
const schedule = [
  { item: '1', description: 'Site works', originalValueCents: 6_000_000 },
  { item: '2', description: 'Electrical', originalValueCents: 4_000_000 }
]
const claim = (projectId: string, lines: { item: string; workThisPeriodCents: number; materialsStoredCents: number }[]) => ({
  projectId,
  completionType: 'PARTIAL',
  invoiceNumber: uniqueNumber('CO'),
  invoiceAmountCents: 1_000_000,
  invoiceDate: '2026-11-20',
  lines
})

/** A running project of vendor.alpha's company, managed by pm.hk, with a 100,000.00 schedule of values. */
async function projectWithSchedule() {
  const { project } = await createProject(server.knex, { status: 'ACTIVE', amount: 100_000, retentionPercent: 5 }, parties)
  const imported = await api('pm.hk', 'POST', '/hk/v1/project-schedule-lines', { projectId: project.id, lines: schedule })
  expect(imported.status).toBe(201)
  return project
}

async function submittedClaim(projectId: string, lines: Parameters<typeof claim>[1]) {
  const created = await api('vendor.alpha', 'POST', '/hk/v1/project-submissions', claim(projectId, lines))
  expect(created.status).toBe(201)
  const submitted = await claimMove('vendor.alpha', created.body.id, { action: 'submit', updatedAt: created.body.updatedAt })
  expect(submitted.status).toBe(200)
  return submitted.body
}

/** A change order created by `user`, then submitted. */
async function submittedChangeOrder(user: string, projectId: string, lines: unknown[], reason = 'Client asked for more lighting') {
  const created = await api(user, 'POST', '/hk/v1/project-change-orders', { projectId, date: '2026-11-25', reason, lines })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  const submitted = await call(user, 'submit', { id: created.body.id, updatedAt: created.body.updatedAt })
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(200)
  return submitted.body
}

beforeAll(async () => {
  server = await startTestServer()
  parties = await projectParties(server.knex)
  for (const name of ['pm.hk', 'vendor.alpha', 'vendor.beta']) tokens[name] = (await server.login(name)).accessToken
})
afterAll(async () => {
  await server?.stop()
})

describe('change orders', () => {
  it('are proposed by the vendor, approved by the staff in charge only, and change the schedule from then on', async () => {
    const project = await projectWithSchedule()
    const lines = [
      { type: 'REVISE', item: '2', amountCents: 500_000 },
      { type: 'ADD', item: '3', description: 'Extra lighting', amountCents: 250_000 }
    ]
    const created = await api('vendor.alpha', 'POST', '/hk/v1/project-change-orders', { projectId: project.id, date: '2026-11-25', reason: 'Client asked for more lighting', lines })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ number: 1, numberText: 'CO-001', status: 'DRAFT', netChangeCents: 750_000, date: '2026-11-25', actions: ['submit'], editable: true })
    // Another vendor: as for a change order that does not exist.
    expect((await api('vendor.beta', 'GET', `/hk/v1/project-change-orders/${created.body.id}`)).status).toBe(404)
    expect((await api('vendor.beta', 'GET', `/hk/v1/project-change-orders?projectId=${project.id}`)).body.data).toEqual([])
    const foreignPatch = await api('vendor.beta', 'PATCH', `/hk/v1/project-change-orders/${created.body.id}`, { reason: 'mine', updatedAt: created.body.updatedAt })
    expect(foreignPatch.status).toBe(404)
    const foreignApprove = await call('vendor.beta', 'approve', { id: created.body.id, updatedAt: created.body.updatedAt })
    expect(foreignApprove.status).toBe(404)
    // Stale: 410 by the version mechanism.
    const edited = await api('vendor.alpha', 'PATCH', `/hk/v1/project-change-orders/${created.body.id}`, { reason: 'Client asked for more lighting in the lobby', updatedAt: created.body.updatedAt })
    expect(edited.status).toBe(200)
    const stale = await api('vendor.alpha', 'PATCH', `/hk/v1/project-change-orders/${created.body.id}`, { reason: 'Again', updatedAt: created.body.updatedAt })
    expect(stale.status).toBe(410)
    const submitted = await call('vendor.alpha', 'submit', { id: created.body.id, updatedAt: edited.body.updatedAt })
    expect(submitted.status).toBe(200)
    expect(submitted.body).toMatchObject({ status: 'SUBMITTED', actions: [], editable: false })
    expect((await api('vendor.alpha', 'PATCH', `/hk/v1/project-change-orders/${created.body.id}`, { reason: 'Later', updatedAt: submitted.body.updatedAt })).body.data.code).toBe('CHANGE_ORDER_FROZEN')
    // A vendor never approves its own change order.
    const byVendor = await call('vendor.alpha', 'approve', { id: created.body.id, updatedAt: submitted.body.updatedAt })
    expect(byVendor.status).toBe(403)
    expect((await call('vendor.alpha', 'reject', { id: created.body.id, updatedAt: submitted.body.updatedAt, reason: 'no' })).status).toBe(403)
    const noReason = await call('pm.hk', 'reject', { id: created.body.id, updatedAt: submitted.body.updatedAt, reason: ' ' }, { 'accept-language': 'zh-CN' })
    expect(noReason.status).toBe(400)
    expect(noReason.body.message).toBe('请填写拒绝此变更单的原因（最多 500 个字符）。')
    const pmSees = await api('pm.hk', 'GET', `/hk/v1/project-change-orders/${created.body.id}`)
    expect(pmSees.body.actions).toEqual(['approve', 'reject'])
    const approved = await call('pm.hk', 'approve', { id: created.body.id, updatedAt: submitted.body.updatedAt })
    expect(approved.status).toBe(200)
    expect(approved.body).toMatchObject({ status: 'APPROVED', actions: [] })
    expect(approved.body.decidedAt).toBeTruthy()

    const listed = (await api('pm.hk', 'GET', `/hk/v1/project-schedule-lines?projectId=${project.id}`)).body.data
    expect(listed.map((line: any) => [line.item, line.originalValueCents, line.changeOrders.map((change: any) => [change.revision, change.amountCents, change.changeOrderId])])).toEqual([
      ['1', 6_000_000, []],
      ['2', 4_000_000, [[1, 500_000, created.body.id]]],
      ['3', 0, [[1, 250_000, created.body.id]]]
    ])
    expect(listed[1].changeOrders[0].approvedAt).toBe(approved.body.decidedAt)
    const audit = await server
      .knex('audit_log')
      .where({ resource: 'project-change-orders', recordId: String(created.body.id) })
      .orderBy('id')
      .select('action')
    expect(audit.map((row: any) => row.action)).toEqual(['project-change-orders.create', 'project-change-orders.patch', 'project-change-orders.submit', 'project-change-orders.approve'])
    // The schedule now changes by change orders only.
    const reimport = await api('pm.hk', 'POST', '/hk/v1/project-schedule-lines', { projectId: project.id, lines: schedule })
    expect(reimport.status).toBe(409)
    expect(reimport.body.data.code).toBe('SCHEDULE_CHANGED_BY_ORDERS')
    // The next one is CO-002, proposed by staff this time, and rejected with its reason.
    const second = await submittedChangeOrder('pm.hk', project.id, [{ type: 'REVISE', item: '3', amountCents: -50_000 }])
    expect(second.numberText).toBe('CO-002')
    const rejected = await call('pm.hk', 'reject', { id: second.id, updatedAt: second.updatedAt, reason: 'Not agreed with the client' })
    expect(rejected.body).toMatchObject({ status: 'REJECTED', rejectReason: 'Not agreed with the client' })
  })

  it('numbers after the revisions an imported schedule already names, and refuses bad lines in the caller’s language', async () => {
    const { project } = await createProject(server.knex, { status: 'ACTIVE', amount: 100_000 }, parties)
    const imported = await api('pm.hk', 'POST', '/hk/v1/project-schedule-lines', {
      projectId: project.id,
      lines: [...schedule, { item: '3', description: 'Revision 2 works', originalValueCents: 0, changeOrders: [{ revision: 2, amountCents: 100_000 }] }]
    })
    expect(imported.status).toBe(201)
    const base = { projectId: project.id, date: '2026-11-25', reason: 'More' }
    const unknown = await api('vendor.alpha', 'POST', '/hk/v1/project-change-orders', { ...base, lines: [{ type: 'REVISE', item: '9', amountCents: 100 }] })
    expect(unknown.status).toBe(400)
    expect(unknown.body.data).toMatchObject({ code: 'CO_UNKNOWN_ITEM', line: 1, item: '9' })
    const exists = await api(
      'vendor.alpha',
      'POST',
      '/hk/v1/project-change-orders',
      { ...base, lines: [{ type: 'ADD', item: '1', description: 'Again', amountCents: 100 }] },
      { 'accept-language': 'zh-CN' }
    )
    expect(exists.body.message).toBe('第 1 行：项目 1 已在工程量价值表中；如要更改其金额，请选择“修订项目”。')
    expect((await api('vendor.alpha', 'POST', '/hk/v1/project-change-orders', { ...base, lines: [] })).body.data.code).toBe('CO_LINES_EMPTY')
    const created = await api('vendor.alpha', 'POST', '/hk/v1/project-change-orders', { ...base, lines: [{ type: 'ADD', item: '4', description: 'Signage', amountCents: 100 }] })
    expect(created.body.numberText).toBe('CO-003')
    // No schedule, no change order.
    const { project: bare } = await createProject(server.knex, { status: 'ACTIVE' }, parties)
    expect(
      (await api('vendor.alpha', 'POST', '/hk/v1/project-change-orders', { ...base, projectId: bare.id, lines: [{ type: 'ADD', item: '1', description: 'x', amountCents: 1 }] })).body.data.code
    ).toBe('CO_NO_SCHEDULE')
  })

  it('counts in G702 line 2 of the claims made after its approval, never of one submitted before; a claim may then use the new value', async () => {
    const project = await projectWithSchedule()
    const first = await submittedClaim(project.id, [{ item: '1', workThisPeriodCents: 3_000_000, materialsStoredCents: 0 }])
    const changeOrder = await submittedChangeOrder('vendor.alpha', project.id, [
      { type: 'REVISE', item: '2', amountCents: 500_000 },
      { type: 'ADD', item: '3', description: 'Extra lighting', amountCents: 250_000 }
    ])
    expect((await call('pm.hk', 'approve', { id: changeOrder.id, updatedAt: changeOrder.updatedAt })).status).toBe(200)
    // The claim submitted before the approval keeps the contract sum it was made against, and is accepted as frozen.
    const accepted = await claimMove('pm.hk', first.id, { action: 'accept', updatedAt: await server.version('project-submissions', first.id) })
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200)
    expect(accepted.body.ledger).toMatchObject({ originalContractSumCents: 10_000_000, netChangeByChangeOrdersCents: 0, contractSumToDateCents: 10_000_000 })
    expect(accepted.body.ledger.lines.map((line: any) => line.item)).toEqual(['1', '2'])
    expect(accepted.body.ledgerFailures).toEqual([])
    // The next claim is made against 107,500.00: item 2 is worth 45,000.00 and item 3 is in the schedule.
    const second = await api(
      'vendor.alpha',
      'POST',
      '/hk/v1/project-submissions',
      claim(project.id, [
        { item: '2', workThisPeriodCents: 4_500_000, materialsStoredCents: 0 },
        { item: '3', workThisPeriodCents: 100_000, materialsStoredCents: 0 }
      ])
    )
    expect(second.status, JSON.stringify(second.body)).toBe(201)
    expect(second.body.ledger).toMatchObject({
      originalContractSumCents: 10_000_000,
      netChangeByChangeOrdersCents: 750_000,
      contractSumToDateCents: 10_750_000,
      totalCompletedAndStoredCents: 7_600_000
    })
    expect(second.body.ledger.lines.map((line: any) => [line.item, line.scheduledValueCents])).toEqual([
      ['1', 6_000_000],
      ['2', 4_500_000],
      ['3', 250_000]
    ])
    expect(second.body.ledgerFailures).toEqual([])
    const submitted = await claimMove('vendor.alpha', second.body.id, { action: 'submit', updatedAt: second.body.updatedAt })
    expect(submitted.status).toBe(200)
    const acceptedSecond = await claimMove('pm.hk', second.body.id, { action: 'accept', updatedAt: await server.version('project-submissions', second.body.id) })
    expect(acceptedSecond.status, JSON.stringify(acceptedSecond.body)).toBe(200)
    expect(acceptedSecond.body.ledger.netChangeByChangeOrdersCents).toBe(750_000)
  })

  it('never takes a line below what was claimed on it (409, in both languages), at saving and at approval', async () => {
    const project = await projectWithSchedule()
    // Drafted while nothing is claimed on item 1: 60,000.00 down to 50,000.00.
    const changeOrder = await submittedChangeOrder('vendor.alpha', project.id, [{ type: 'REVISE', item: '1', amountCents: -1_000_000 }])
    await submittedClaim(project.id, [{ item: '1', workThisPeriodCents: 5_500_000, materialsStoredCents: 0 }])
    const approved = await call('pm.hk', 'approve', { id: changeOrder.id, updatedAt: changeOrder.updatedAt })
    expect(approved.status).toBe(409)
    expect(approved.body.data).toMatchObject({ code: 'CO_BELOW_CLAIMED', line: 1, item: '1', claimedCents: 5_500_000, valueCents: 5_000_000 })
    expect(approved.body.message).toBe('Line 1: item 1 would be worth 50,000.00, less than the 55,000.00 already claimed on it. A change order cannot take a line below what has been claimed.')
    expect((await api('pm.hk', 'GET', `/hk/v1/project-change-orders/${changeOrder.id}`)).body.status).toBe('SUBMITTED')
    const saved = await api(
      'vendor.alpha',
      'POST',
      '/hk/v1/project-change-orders',
      { projectId: project.id, date: '2026-11-26', reason: 'Less', lines: [{ type: 'REVISE', item: '1', amountCents: -500_001 }] },
      { 'accept-language': 'zh-CN' }
    )
    expect(saved.status).toBe(409)
    expect(saved.body.message).toBe('第 1 行：项目 1 的金额将变为 54,999.99，低于已申请的 55,000.00。变更单不能使某行低于已申请的金额。')
    // Down to exactly what was claimed is allowed.
    const exact = await submittedChangeOrder('vendor.alpha', project.id, [{ type: 'REVISE', item: '1', amountCents: -500_000 }])
    expect((await call('pm.hk', 'approve', { id: exact.id, updatedAt: exact.updatedAt })).status).toBe(200)
  })

  it('a draft is deleted by its preparers only, and its number is taken by the next draft; a submitted one stays (409)', async () => {
    const project = await projectWithSchedule()
    const lines = [{ type: 'REVISE', item: '2', amountCents: 50_000 }]
    const draft = await api('vendor.alpha', 'POST', '/hk/v1/project-change-orders', { projectId: project.id, date: '2026-11-25', reason: 'Extra sockets', lines })
    expect(draft.status).toBe(201)
    // Another vendor does not learn it exists.
    expect((await api('vendor.beta', 'DELETE', `/hk/v1/project-change-orders/${draft.body.id}`)).status).toBe(404)
    const removed = await api('vendor.alpha', 'DELETE', `/hk/v1/project-change-orders/${draft.body.id}`)
    expect(removed.status).toBe(200)
    expect(removed.body.numberText).toBe(draft.body.numberText)
    expect((await api('pm.hk', 'GET', `/hk/v1/project-change-orders/${draft.body.id}`)).status).toBe(404)
    // The deletion is audited: the draft as it was, nothing after.
    const audit = await server
      .knex('audit_log')
      .where({ resource: 'project-change-orders', recordId: String(draft.body.id) })
      .whereNull('after')
    expect(audit).toHaveLength(1)
    expect(audit[0].before).toMatchObject({ reason: 'Extra sockets', status: 'DRAFT' })
    const submitted = await submittedChangeOrder('vendor.alpha', project.id, lines)
    expect(submitted.numberText).toBe(draft.body.numberText)
    const refused = await api('vendor.alpha', 'DELETE', `/hk/v1/project-change-orders/${submitted.id}`, undefined, { 'accept-language': 'zh-CN' })
    expect(refused.status).toBe(409)
    expect(refused.body.data.code).toBe('CHANGE_ORDER_FROZEN')
    expect(refused.body.message).toMatch(/[\u4e00-\u9fff]/)
    expect((await api('pm.hk', 'GET', `/hk/v1/project-change-orders/${submitted.id}`)).body.status).toBe('SUBMITTED')
  })

  it('two approvals at once have one outcome', async () => {
    const project = await projectWithSchedule()
    const changeOrder = await submittedChangeOrder('vendor.alpha', project.id, [{ type: 'REVISE', item: '2', amountCents: 100_000 }])
    const answers = await Promise.all([1, 2, 3].map(() => call('pm.hk', 'approve', { id: changeOrder.id, updatedAt: changeOrder.updatedAt })))
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 410, 410])
    const line = await server.knex('project_schedule_lines').where({ projectId: project.id, item: '2' }).first('changeOrders')
    expect(line.changeOrders.map((change: any) => change.amountCents)).toEqual([100_000])
    // An approved change order is final in the database too.
    await expect(server.knex('project_change_orders').where({ id: changeOrder.id }).update({ netChangeCents: 1 })).rejects.toThrow(/final/)
  })

  it('answers malformed requests as a client’s mistake, never a server error', async () => {
    const project = await projectWithSchedule()
    const probes = await Promise.all([
      api('pm.hk', 'GET', '/hk/v1/project-change-orders/abc'),
      api('pm.hk', 'GET', '/hk/v1/project-change-orders/99999999999'),
      api('pm.hk', 'PATCH', '/hk/v1/project-change-orders/abc', { reason: 'x', updatedAt: new Date().toISOString() }),
      api('pm.hk', 'GET', `/hk/v1/project-change-orders?projectId=${project.id}&$sort[lines]=1`),
      api('pm.hk', 'GET', '/hk/v1/project-change-orders?projectId=nope'),
      call('pm.hk', 'approve', { id: 'abc', updatedAt: new Date().toISOString() }),
      call('pm.hk', 'approve', { id: 2_147_483_647, updatedAt: new Date().toISOString() }),
      api('pm.hk', 'POST', '/hk/v1/project-change-orders', { projectId: project.id, date: '2026-13-45', reason: 'x', lines: [{ type: 'ADD', item: '9', description: 'x', amountCents: 1 }] }),
      api('pm.hk', 'POST', '/hk/v1/project-change-orders', { projectId: project.id, date: '2026-11-25', reason: 'x', lines: [{ type: 'MOVE', item: '9', amountCents: 1 }] })
    ])
    for (const probe of probes) expect(probe.status, JSON.stringify(probe.body)).toBeGreaterThanOrEqual(400)
    for (const probe of probes) expect(probe.status, JSON.stringify(probe.body)).toBeLessThan(500)
  })
})
