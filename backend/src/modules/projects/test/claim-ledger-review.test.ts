import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../../test/server.js'
import { createProject, projectParties, uniqueNumber, type ProjectParties } from '../seeds/factories.js'
import { createSchedule, createSubmission } from '../seeds/submissions.js'
import { claimCalls } from './claim-calls.js'

/*
 * The claim ledger as an outside review bent it (issue 27 items 1 to 7), over real HTTP on real
 * PostgreSQL: each case as the review played it, refused or reconciled now.
 */

let server: TestServer
let parties: ProjectParties
const tokens: Record<string, string> = {}
const { api, version, move } = claimCalls(() => server, tokens)
const cents = (amount: string) => Math.round(Number(amount.replace(/,/g, '')) * 100)
const claim = (projectId: string, extra: Record<string, unknown> = {}) => ({
  projectId,
  completionType: 'PARTIAL',
  invoiceNumber: uniqueNumber('RV'),
  invoiceAmountCents: 1_000_000,
  invoiceDate: '2026-11-20',
  ...extra
})
/** The review's schedule: 100,000.00 on three lines, item 004 worth 12,864.00. */
const schedule = [
  { item: '001', description: 'Structure', originalValueCents: cents('80,000.00') },
  { item: '004', description: 'Glazing', originalValueCents: cents('12,864.00') },
  { item: '005', description: 'Doors', originalValueCents: cents('7,136.00') }
]

beforeAll(async () => {
  server = await startTestServer()
  parties = await projectParties(server.knex)
  for (const name of ['pm.hk', 'vendor.alpha', 'vendor.beta']) tokens[name] = (await server.login(name)).accessToken
})
afterAll(async () => {
  await server?.stop()
})

/** A completed project of 100,000.00 at 5 % retention past its defects liability date, with the review's schedule and a certified claim. */
async function reviewedProject() {
  const { project } = await createProject(server.knex, { status: 'COMPLETED', amount: 100_000, retentionPercent: 5, actualCommencementDate: '2026-01-05', dlpDate: '2026-10-31' }, parties)
  await createSchedule(server.knex, project, schedule)
  await createSubmission(server.knex, project, {
    status: 'APPR',
    lines: [
      { item: '001', workThisPeriodCents: cents('40,000.00'), materialsStoredCents: 0 },
      { item: '005', workThisPeriodCents: 0, materialsStoredCents: cents('2,934.93') }
    ]
  })
  return project
}

const bentLines = [
  { item: '004', workThisPeriodCents: cents('50,000.00'), materialsStoredCents: 0 },
  { item: '005', workThisPeriodCents: 0, materialsStoredCents: cents('2,934.93') },
  { item: 'ZZZ', workThisPeriodCents: cents('1.00'), materialsStoredCents: 0 }
]

describe('item 1: a retention release goes through the line rules', () => {
  it('refuses the review’s RETENTION claim of 0.01 carrying a line at 388 % and an unknown item (400 naming the lines), stores nothing', async () => {
    const project = await reviewedProject()
    const before = await server.knex('project_submissions').where({ projectId: project.id }).count({ n: '*' })
    const sent = await api('vendor.alpha', 'POST', '/hk/v1/project-submissions', claim(project.id, { completionType: 'RETENTION', completionAmountCents: 1, lines: bentLines }))
    expect(sent.status).toBe(400)
    expect(sent.body.data).toMatchObject({ code: 'SOV_LINE_OVER_SCHEDULED', line: 1, item: '004', remaining: '12,864.00' })
    expect(sent.body.data.failures).toEqual([
      { code: 'SOV_LINE_OVER_SCHEDULED', field: 'lines' },
      { code: 'SOV_UNKNOWN_ITEM', field: 'lines' }
    ])
    expect(sent.body.message).toBe('Line 1: item 004 would be claimed beyond its scheduled value: 12,864.00 of it remains to claim.')
    const zh = await api('vendor.alpha', 'POST', '/hk/v1/project-submissions', claim(project.id, { completionType: 'RETENTION', completionAmountCents: 1, lines: bentLines }), {
      'accept-language': 'zh-CN'
    })
    expect(zh.body.message).toBe('第 1 行：项目 004 的申请将超过其合同金额：尚可申请 12,864.00。')
    expect(await server.knex('project_submissions').where({ projectId: project.id }).count({ n: '*' })).toEqual(before)
    // A draft release edited into the same lines is refused alike.
    const draft = await api('vendor.alpha', 'POST', '/hk/v1/project-submissions', claim(project.id, { completionType: 'RETENTION_PAYMENT', completionAmountCents: 1 }))
    expect(draft.status, JSON.stringify(draft.body)).toBe(201)
    const edited = await move('vendor.alpha', draft.body.id, { lines: bentLines, updatedAt: draft.body.updatedAt })
    expect(edited.status).toBe(400)
    expect(edited.body.data.failures.map((failure: any) => failure.code)).toEqual(['SOV_LINE_OVER_SCHEDULED', 'SOV_UNKNOWN_ITEM'])
  })

  it('never certifies such a release stored before the fix: approval, even with an override, answers 409 naming the lines the ledger cannot explain', async () => {
    const project = await reviewedProject()
    const stored = await createSubmission(server.knex, project, { status: 'OPEN', completionType: 'RETENTION', completionAmountCents: 1, lines: bentLines })
    const shown = await api('pm.hk', 'GET', `/hk/v1/project-submissions/${stored.id}`)
    expect(shown.body.ledgerFailures.map((failure: any) => failure.code)).toEqual(expect.arrayContaining(['LEDGER_LINE_OVER_SCHEDULED', 'LEDGER_UNKNOWN_ITEM']))
    const refused = await move('pm.hk', stored.id, { action: 'accept', releaseOverrideReason: 'Reviewed', updatedAt: await version(stored.id) })
    expect(refused.status, JSON.stringify(refused.body)).toBe(409)
    expect(refused.body.data.code).toBe('LEDGER_OUT_OF_BALANCE')
    expect(refused.body.data.details).toEqual(
      expect.arrayContaining([
        { code: 'LEDGER_LINE_OVER_SCHEDULED', item: '004' },
        { code: 'LEDGER_UNKNOWN_ITEM', item: 'ZZZ' }
      ])
    )
    expect((await server.knex('project_submissions').where({ id: stored.id }).first('status')).status).toBe('OPEN')
  })

  it('refuses the approval of a work claim whose stated amount its lines do not explain', async () => {
    const project = await reviewedProject()
    const stored = await createSubmission(server.knex, project, {
      status: 'OPEN',
      lines: [
        { item: '004', workThisPeriodCents: 100_000, materialsStoredCents: 0 },
        { item: '005', workThisPeriodCents: 0, materialsStoredCents: cents('2,934.93') }
      ]
    })
    await server.knex('project_submissions').where({ id: stored.id }).update({ completionAmountCents: 4_750_001 })
    const refused = await move('pm.hk', stored.id, { action: 'accept', updatedAt: await version(stored.id) })
    expect(refused.status).toBe(409)
    expect(refused.body.data.details).toEqual(expect.arrayContaining([{ code: 'LEDGER_CLAIM_AMOUNT', figure: 'completionAmountCents' }]))
  })
})

describe('item 2: the schedule of values is tied to the contract and set by staff', () => {
  it('refuses a schedule not adding up to the contract amount (the review’s 10x schedule), a negative line, and any import by a vendor', async () => {
    const { project } = await createProject(server.knex, { status: 'ACTIVE', amount: 100_000, retentionPercent: 5 }, parties)
    const tenfold = [
      { item: '1', description: 'Structure', originalValueCents: cents('652,031.00') },
      { item: '2', description: 'Services', originalValueCents: cents('-2,031.00') }
    ]
    const byVendor = await api('vendor.alpha', 'POST', '/hk/v1/project-schedule-lines', { projectId: project.id, lines: schedule })
    expect(byVendor.status).toBe(403)
    expect(byVendor.body.data.code).toBe('SCHEDULE_STAFF_ONLY')
    expect(byVendor.body.message).toBe('Only the project’s staff in charge can set its schedule of values.')
    const negative = await api('pm.hk', 'POST', '/hk/v1/project-schedule-lines', { projectId: project.id, lines: tenfold })
    expect(negative.status).toBe(400)
    expect(negative.body.data).toMatchObject({ code: 'SOV_NEGATIVE_LINE', row: 2, value: '2' })
    const over = await api('pm.hk', 'POST', '/hk/v1/project-schedule-lines', { projectId: project.id, lines: [tenfold[0]] })
    expect(over.status).toBe(400)
    expect(over.body.data).toMatchObject({ code: 'SOV_CONTRACT_SUM_MISMATCH', scheduledCents: cents('652,031.00'), contractCents: cents('100,000.00') })
    expect(over.body.message).toBe(
      "The schedule's original values add up to 652,031.00, not to the project's contract amount of 100,000.00: the original schedule of values must add up to the contract."
    )
    const zh = await api('pm.hk', 'POST', '/hk/v1/project-schedule-lines', { projectId: project.id, lines: [tenfold[0]] }, { 'accept-language': 'zh-CN' })
    expect(zh.body.message).toBe('工程量价值表的原合同金额合计为 652,031.00，与项目合同金额 100,000.00 不符：原工程量价值表的合计必须等于合同金额。')
    expect(await server.knex('project_schedule_lines').where({ projectId: project.id })).toEqual([])
    // A schedule of the contract amount is kept; change orders may come on top of it.
    const good = await api('pm.hk', 'POST', '/hk/v1/project-schedule-lines', {
      projectId: project.id,
      lines: [...schedule, { item: '006', description: 'Extra lighting', originalValueCents: 0, changeOrders: [{ revision: 1, amountCents: 425_050 }] }]
    })
    expect(good.status, JSON.stringify(good.body)).toBe(201)
    expect(good.body).toMatchObject({ originalContractSumCents: cents('100,000.00'), contractSumToDateCents: cents('104,250.50') })
  })
})

/** A claim through the service: created and submitted by the vendor, accepted by pm.hk unless `open`. */
async function claimed(projectId: string, body: Record<string, unknown>, open = false) {
  const created = await api('vendor.alpha', 'POST', '/hk/v1/project-submissions', claim(projectId, body))
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  const submitted = await move('vendor.alpha', created.body.id, { action: 'submit', updatedAt: created.body.updatedAt })
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(200)
  if (open) return submitted.body
  const accepted = await move('pm.hk', created.body.id, { action: 'accept', updatedAt: submitted.body.updatedAt })
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200)
  return accepted.body
}

describe('item 4: one "retention held"', () => {
  it('the form offers the release approval accepts (the G702 figure), and after the full release the calendar shows nothing due and sends no reminder', async () => {
    const { remindRetentionDue } = await import('../services/project-retention-calendar/project-retention-calendar.js')
    // Due 2026-12-21: reminded from 2026-11-21; accepted releases before the dlp need an override.
    const { project } = await createProject(server.knex, { status: 'ACTIVE', amount: 100_000, retentionPercent: 5, actualCommencementDate: '2026-01-05', dlpDate: '2026-12-20' }, parties)
    await api('pm.hk', 'POST', '/hk/v1/project-schedule-lines', { projectId: project.id, lines: schedule })
    // 13,602.37 of work (5 % = 680.1185 → 680.12) and 2,934.93 stored (146.7465 → 146.75): 826.87 held, not the contract's 5,000.00.
    await claimed(project.id, {
      lines: [
        { item: '001', workThisPeriodCents: cents('13,602.37'), materialsStoredCents: 0 },
        { item: '005', workThisPeriodCents: 0, materialsStoredCents: cents('2,934.93') }
      ]
    })
    const draft = await api('vendor.alpha', 'POST', '/hk/v1/project-submissions', claim(project.id, { completionType: 'RETENTION', completionAmountCents: 100 }))
    expect(draft.status, JSON.stringify(draft.body)).toBe(201)
    const shown = await api('vendor.alpha', 'GET', `/hk/v1/project-submissions/${draft.body.id}`)
    expect(shown.body.figures.retentionHeldCents).toBe(68_012 + 14_675)
    const more = await move('vendor.alpha', draft.body.id, { completionAmountCents: 82_688, updatedAt: draft.body.updatedAt })
    expect(more.status).toBe(400)
    expect(more.body.data).toMatchObject({ code: 'CLAIM_RELEASE_EXCEEDS_HELD', held: '826.87' })
    const all = await move('vendor.alpha', draft.body.id, { completionAmountCents: shown.body.figures.retentionHeldCents, updatedAt: draft.body.updatedAt })
    expect(all.status, JSON.stringify(all.body)).toBe(200)
    const submitted = await move('vendor.alpha', draft.body.id, { action: 'submit', updatedAt: all.body.updatedAt })
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200)
    const accepted = await move('pm.hk', draft.body.id, { action: 'accept', releaseOverrideReason: 'Defects made good', updatedAt: submitted.body.updatedAt })
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200)
    expect(accepted.body.ledger).toMatchObject({ totalRetainageCents: 0, retainageReleasedCents: 82_687 })
    expect(accepted.body.ledgerFailures).toEqual([])

    const calendar = await api('pm.hk', 'GET', '/hk/v1/project-retention-calendar?$limit=500')
    expect(calendar.body.data.flatMap((row: any) => row.projectIds)).not.toContain(project.id)
    const before = new Date()
    await remindRetentionDue(server.app, new Date('2026-11-26T02:00:00Z'))
    expect(await server.knex('mail_messages').where({ template: 'project.retention-due' }).where('createdAt', '>=', before).whereILike('subject', `%${project.number}%`)).toEqual([])
  })
})

describe('item 5: a release without lines keeps the stored materials', () => {
  it('carries the materials stored forward, so the totals and the payment due stay as certified', async () => {
    const project = await reviewedProject()
    const release = await createSubmission(server.knex, project, { status: 'DRAFT', completionType: 'RETENTION', completionAmountCents: 10_000 })
    const shown = await api('pm.hk', 'GET', `/hk/v1/project-submissions/${release.id}`)
    expect(shown.body.ledger.totals.materialsStoredCents).toBe(cents('2,934.93'))
    expect(shown.body.ledger.lines.find((line: any) => line.item === '005').materialsStoredCents).toBe(cents('2,934.93'))
    // Nothing built or taken away: the release pays back its 100.00 of retention and nothing less.
    expect(shown.body.ledger.totalCompletedAndStoredCents).toBe(cents('42,934.93'))
    expect(shown.body.ledger.currentPaymentDueCents).toBe(10_000)
    expect(shown.body.ledgerFailures).toEqual([])
  })
})

describe('item 6: line 7 counts certified claims only', () => {
  it('leaves a claim still open out of the previous certificates; a later claim submitted meanwhile is accepted after it', async () => {
    const { project } = await createProject(server.knex, { status: 'ACTIVE', amount: 100_000, retentionPercent: 10, actualCommencementDate: '2026-01-05' }, parties)
    await api('pm.hk', 'POST', '/hk/v1/project-schedule-lines', { projectId: project.id, lines: schedule })
    const first = await claimed(project.id, { lines: [{ item: '001', workThisPeriodCents: 1_000_000, materialsStoredCents: 0 }] })
    const second = await claimed(project.id, { lines: [{ item: '001', workThisPeriodCents: 2_000_000, materialsStoredCents: 0 }] }, true)
    const third = await claimed(project.id, { lines: [{ item: '004', workThisPeriodCents: 500_000, materialsStoredCents: 0 }] }, true)
    // Certified so far: 10,000.00 less 10 % = 9,000.00. The open second claim's work is in column D, not in line 7.
    expect(third.ledger).toMatchObject({ lessPreviousCertificatesCents: 900_000, totalEarnedLessRetainageCents: 3_150_000, currentPaymentDueCents: 2_250_000 })
    expect(third.ledger.totals.previousApplicationCents).toBe(3_000_000)
    expect(third.ledgerFailures).toEqual([])
    expect((await move('pm.hk', second.id, { action: 'accept', updatedAt: await version(second.id) })).status).toBe(200)
    const accepted = await move('pm.hk', third.id, { action: 'accept', updatedAt: await version(third.id) })
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200)
    expect(accepted.body.ledger).toMatchObject({ lessPreviousCertificatesCents: 2_700_000, currentPaymentDueCents: 450_000 })
    expect(first.ledger.lessPreviousCertificatesCents).toBe(0)
  })
})

describe('retention held never goes below what was released', () => {
  it('refuses a work claim taking away stored materials whose retention was released, naming the shortfall; claimed as work they go through', async () => {
    const { project } = await createProject(server.knex, { status: 'ACTIVE', amount: 100_000, retentionPercent: 5, actualCommencementDate: '2026-01-05', dlpDate: '2026-12-20' }, parties)
    await api('pm.hk', 'POST', '/hk/v1/project-schedule-lines', { projectId: project.id, lines: schedule })
    await claimed(project.id, {
      lines: [
        { item: '001', workThisPeriodCents: cents('13,602.37'), materialsStoredCents: 0 },
        { item: '005', workThisPeriodCents: 0, materialsStoredCents: cents('2,934.93') }
      ]
    })
    // All 826.87 held released (680.12 on the work, 146.75 on the stored doors).
    const release = await api('vendor.alpha', 'POST', '/hk/v1/project-submissions', claim(project.id, { completionType: 'RETENTION', completionAmountCents: 82_687 }))
    expect(release.status, JSON.stringify(release.body)).toBe(201)
    const submitted = await move('vendor.alpha', release.body.id, { action: 'submit', updatedAt: release.body.updatedAt })
    expect((await move('pm.hk', release.body.id, { action: 'accept', releaseOverrideReason: 'Bond in place', updatedAt: submitted.body.updatedAt })).status).toBe(200)

    const takenAway = await api('vendor.alpha', 'POST', '/hk/v1/project-submissions', claim(project.id, { lines: [{ item: '005', workThisPeriodCents: 0, materialsStoredCents: 0 }] }))
    expect(takenAway.status).toBe(400)
    expect(takenAway.body.data).toMatchObject({ code: 'CLAIM_STORED_BELOW_RELEASED', field: 'lines', short: '146.75' })
    expect(takenAway.body.message).toContain('146.75')
    const stored = await server.knex('project_submissions').where({ projectId: project.id }).count('* as count').first()
    expect(Number(stored?.count)).toBe(2)

    const asWork = await api('vendor.alpha', 'POST', '/hk/v1/project-submissions', claim(project.id, { lines: [{ item: '005', workThisPeriodCents: cents('2,934.93'), materialsStoredCents: 0 }] }))
    expect(asWork.status, JSON.stringify(asWork.body)).toBe(201)
    const shown = await api('vendor.alpha', 'GET', `/hk/v1/project-submissions/${asWork.body.id}`)
    expect(shown.body.ledger.totalRetainageCents).toBeGreaterThanOrEqual(0)
    expect(shown.body.ledgerFailures).toEqual([])
  })
})
