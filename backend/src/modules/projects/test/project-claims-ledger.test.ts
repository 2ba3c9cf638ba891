import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../../test/server.js'
import { createProject, projectParties, uniqueNumber, type ProjectParties } from '../seeds/factories.js'
import { claimCalls } from './claim-calls.js'
import { computeLedger } from '../claims/g702.shared.js'

/*
 * A project's schedule of values and the claims' ledger (issue 12 item 6), retention releases
 * (item 7) and the claim's inspector (item 5), over real HTTP on real PostgreSQL: the schedule is
 * imported by staff in charge while no claim was submitted; a claim states its lines and its completion
 * amount and G702/G703 figures follow to the cent; a release waits for the defects liability date
 * or staff's override with a reason, and draws on the retention held.
 */

let server: TestServer
let parties: ProjectParties
const tokens: Record<string, string> = {}
const users: Record<string, number> = {}
const { api, version, move } = claimCalls(() => server, tokens)
const claim = (projectId: string, extra: Record<string, unknown> = {}) => ({
  projectId,
  completionType: 'PARTIAL',
  invoiceNumber: uniqueNumber('LG'),
  invoiceAmountCents: 1_000_000,
  invoiceDate: '2026-11-20',
  ...extra
})
const schedule = [
  { item: '1', description: 'Site works', originalValueCents: 6_000_000 },
  { item: '2', description: 'Electrical', originalValueCents: 4_000_000 }
]

beforeAll(async () => {
  server = await startTestServer()
  parties = await projectParties(server.knex)
  for (const name of ['pm.hk', 'vendor.alpha', 'vendor.beta', 'approver.hk']) {
    const login = await server.login(name)
    tokens[name] = login.accessToken
    users[name] = login.user.id
  }
})
afterAll(async () => {
  await server?.stop()
})

describe('a schedule of values and the ledger', () => {
  it('is imported by staff in charge (not the vendor), read by the project’s readers, and each claim’s lines give its amount and G702/G703 figures to the cent', async () => {
    const { project } = await createProject(server.knex, { status: 'ACTIVE', amount: 100_000, retentionPercent: 5 }, parties)
    expect((await api('vendor.beta', 'POST', '/hk/v1/project-schedule-lines', { projectId: project.id, lines: schedule })).status).toBe(400)
    // The vendor paid against the schedule does not set it (issue 27 item 2).
    const byVendor = await api('vendor.alpha', 'POST', '/hk/v1/project-schedule-lines', { projectId: project.id, lines: schedule })
    expect(byVendor.status).toBe(403)
    expect(byVendor.body.data.code).toBe('SCHEDULE_STAFF_ONLY')
    const bad = await api('pm.hk', 'POST', '/hk/v1/project-schedule-lines', { projectId: project.id, lines: [...schedule, { item: ' 1 ', description: 'Again', originalValueCents: 1 }] })
    expect(bad.status).toBe(400)
    expect(bad.body.data).toMatchObject({ code: 'SOV_DUPLICATE_ITEM', row: 3, value: ' 1 ', firstRow: 1 })
    expect(bad.body.message).toBe('Row 3: item  1  is listed twice (first on row 1).')
    const imported = await api('pm.hk', 'POST', '/hk/v1/project-schedule-lines', { projectId: project.id, lines: schedule })
    expect(imported.status).toBe(201)
    expect(imported.body).toMatchObject({ lines: 2, originalContractSumCents: 10_000_000 })
    const listed = await api('pm.hk', 'GET', `/hk/v1/project-schedule-lines?projectId=${project.id}`)
    expect(listed.body.data.map((line: any) => [line.item, line.originalValueCents])).toEqual([
      ['1', 6_000_000],
      ['2', 4_000_000]
    ])
    expect((await api('vendor.beta', 'GET', `/hk/v1/project-schedule-lines?projectId=${project.id}`)).body.data).toEqual([])

    const unknown = await api('vendor.alpha', 'POST', '/hk/v1/project-submissions', claim(project.id, { lines: [{ item: '9', workThisPeriodCents: 1, materialsStoredCents: 0 }] }))
    expect(unknown.status).toBe(400)
    expect(unknown.body.data).toMatchObject({ code: 'SOV_UNKNOWN_ITEM', line: 1, item: '9' })
    expect(unknown.body.message).toBe('Line 1: item 9 is not in the schedule of values.')
    const first = await api(
      'vendor.alpha',
      'POST',
      '/hk/v1/project-submissions',
      claim(project.id, {
        lines: [
          { item: '1', workThisPeriodCents: 3_000_000, materialsStoredCents: 0 },
          { item: '2', workThisPeriodCents: 1_000_000, materialsStoredCents: 500_000 }
        ]
      })
    )
    expect(first.status).toBe(201)
    expect(first.body.completionAmountCents).toBe(4_500_000)
    expect(first.body.ledger).toMatchObject({
      applicationNo: 1,
      originalContractSumCents: 10_000_000,
      contractSumToDateCents: 10_000_000,
      totalCompletedAndStoredCents: 4_500_000,
      retainageOnCompletedWork: { cents: 200_000 },
      retainageOnStoredMaterials: { cents: 25_000 },
      totalRetainageCents: 225_000,
      totalEarnedLessRetainageCents: 4_275_000,
      lessPreviousCertificatesCents: 0,
      currentPaymentDueCents: 4_275_000
    })
    expect(first.body.ledgerFailures).toEqual([])
    await move('vendor.alpha', first.body.id, { action: 'submit', updatedAt: first.body.updatedAt })
    // Once a claim was submitted the schedule stays as it was.
    const replaced = await api('pm.hk', 'POST', '/hk/v1/project-schedule-lines', { projectId: project.id, lines: schedule })
    expect(replaced.status).toBe(409)
    expect(replaced.body.data.code).toBe('SCHEDULE_IN_USE')
    const accepted = await move('pm.hk', first.body.id, { action: 'accept', updatedAt: await version(first.body.id) })
    expect(accepted.status).toBe(200)
    expect(accepted.body.status).toBe('APPR')

    const second = await api('vendor.alpha', 'POST', '/hk/v1/project-submissions', claim(project.id, { lines: [{ item: '1', workThisPeriodCents: 3_000_000, materialsStoredCents: 0 }] }))
    expect(second.status).toBe(201)
    // The stored materials of line 2 are no longer stored (their level is 0 now): G goes 4.5m → 7m.
    expect(second.body.completionAmountCents).toBe(2_500_000)
    expect(second.body.previousAmountCents).toBe(4_500_000)
    expect(second.body.ledger).toMatchObject({ applicationNo: 2, totalCompletedAndStoredCents: 7_000_000, lessPreviousCertificatesCents: 4_275_000, totalRetainageCents: 350_000 })
    expect(second.body.ledger.lines.find((line: any) => line.item === '1')).toMatchObject({
      previousApplicationCents: 3_000_000,
      thisPeriodCents: 3_000_000,
      percentComplete: '100.00',
      balanceToFinishCents: 0
    })
    const over = await api('vendor.alpha', 'PATCH', `/hk/v1/project-submissions/${second.body.id}`, {
      lines: [{ item: '1', workThisPeriodCents: 3_000_001, materialsStoredCents: 0 }],
      updatedAt: second.body.updatedAt
    })
    expect(over.status).toBe(400)
    expect(over.body.data).toMatchObject({ code: 'SOV_LINE_OVER_SCHEDULED', item: '1', line: 1 })
  })

  /** An active project whose schedule of values its manager imported: two items, A1 and B2. */
  async function projectOfTwoItems() {
    const { project } = await createProject(server.knex, { status: 'ACTIVE', amount: 100_000, retentionPercent: 10, actualCommencementDate: '2026-01-05' }, parties)
    const items = [
      { item: 'A1', description: 'Structure', originalValueCents: 6_000_000 },
      { item: 'B2', description: 'Services', originalValueCents: 4_000_000 }
    ]
    expect((await api('pm.hk', 'POST', '/hk/v1/project-schedule-lines', { projectId: project.id, lines: items })).status).toBe(201)
    return { project, items }
  }

  it('gives the claim screen after many certified claims the ledger’s own figures, the earlier claims summed by the database', async () => {
    const { project, items } = await projectOfTwoItems()
    // Five certified claims and a sixth awaiting a decision; items written as the vendor wrote them ('a1' is 'A1').
    const stated = [
      [{ item: 'A1', workThisPeriodCents: 500_001, materialsStoredCents: 20_000 }],
      [
        { item: 'a1', workThisPeriodCents: 400_003, materialsStoredCents: 0 },
        { item: 'B2', workThisPeriodCents: 300_005, materialsStoredCents: 7_000 }
      ],
      [{ item: 'A1', workThisPeriodCents: 250_007, materialsStoredCents: 0 }],
      [{ item: 'b2', workThisPeriodCents: 610_009, materialsStoredCents: 1_234 }],
      [
        { item: 'A1', workThisPeriodCents: 123_457, materialsStoredCents: 0 },
        { item: 'B2', workThisPeriodCents: 98_765, materialsStoredCents: 0 }
      ],
      [{ item: 'a1', workThisPeriodCents: 77_777, materialsStoredCents: 5_555 }]
    ]
    let last: any
    for (const [index, lines] of stated.entries()) {
      const created = await api('vendor.alpha', 'POST', '/hk/v1/project-submissions', claim(project.id, { lines }))
      expect(created.status, JSON.stringify(created.body)).toBe(201)
      expect((await move('vendor.alpha', created.body.id, { action: 'submit', updatedAt: created.body.updatedAt })).status).toBe(200)
      if (index < stated.length - 1) expect((await move('pm.hk', created.body.id, { action: 'accept', updatedAt: await version(created.body.id) })).status).toBe(200)
      last = created.body
    }
    const screen = await api('pm.hk', 'GET', `/hk/v1/project-submissions/${last.id}`)
    expect(screen.status).toBe(200)
    const ledger = computeLedger(
      items,
      stated.map((lines) => ({ lines })),
      { workPercent: '10', storedPercent: '10' }
    )
    expect(screen.body.ledger).toEqual(ledger[ledger.length - 1])
    expect(screen.body.ledger.applicationNo).toBe(6)
    expect(screen.body.ledgerFailures).toEqual([])
    expect(screen.body.previousAmountCents).toBe(ledger[ledger.length - 2].totalCompletedAndStoredCents)
  })

  it('sums an earlier claim anew on the claim screen once it was rejected and submitted again with other lines', async () => {
    const { project, items } = await projectOfTwoItems()
    // Five claims; the second awaits its decision, the others are certified but the last.
    const stated = [
      [{ item: 'A1', workThisPeriodCents: 100_000, materialsStoredCents: 0 }],
      [{ item: 'B2', workThisPeriodCents: 200_000, materialsStoredCents: 0 }],
      [{ item: 'A1', workThisPeriodCents: 300_000, materialsStoredCents: 0 }],
      [{ item: 'B2', workThisPeriodCents: 400_000, materialsStoredCents: 0 }],
      [{ item: 'A1', workThisPeriodCents: 50_000, materialsStoredCents: 0 }]
    ]
    const ids: string[] = []
    for (const [index, lines] of stated.entries()) {
      const created = await api('vendor.alpha', 'POST', '/hk/v1/project-submissions', claim(project.id, { lines }))
      expect(created.status, JSON.stringify(created.body)).toBe(201)
      expect((await move('vendor.alpha', created.body.id, { action: 'submit', updatedAt: created.body.updatedAt })).status).toBe(200)
      if (index !== 1 && index < stated.length - 1) expect((await move('pm.hk', created.body.id, { action: 'accept', updatedAt: await version(created.body.id) })).status).toBe(200)
      ids.push(created.body.id)
    }
    const screenOfLast = async () => (await api('pm.hk', 'GET', `/hk/v1/project-submissions/${ids[4]}`)).body.ledger
    const ledgerOf = (claims: typeof stated) =>
      computeLedger(
        items,
        claims.map((lines) => ({ lines })),
        { workPercent: '10', storedPercent: '10' }
      ).at(-1)
    expect(await screenOfLast()).toEqual(ledgerOf(stated))

    // The second claim goes back for another amount: the last claim's screen counts the new one.
    expect((await move('pm.hk', ids[1], { action: 'reject', reason: 'Services over-claimed', updatedAt: await version(ids[1]) })).status).toBe(200)
    const lowered = [{ item: 'B2', workThisPeriodCents: 150_000, materialsStoredCents: 0 }]
    const edited = await move('vendor.alpha', ids[1], { lines: lowered, updatedAt: await version(ids[1]) })
    expect(edited.status, JSON.stringify(edited.body)).toBe(200)
    // While rejected it is out of the ledger.
    expect(await screenOfLast()).toEqual(ledgerOf(stated.filter((_, index) => index !== 1)))
    expect((await move('vendor.alpha', ids[1], { action: 'resubmit', updatedAt: edited.body.updatedAt })).status).toBe(200)
    expect(await screenOfLast()).toEqual(ledgerOf([stated[0], lowered, stated[2], stated[3], stated[4]]))
  })

  it('is imported from an uploaded workbook by staff in charge, rows naming their problems', async () => {
    const { project } = await createProject(server.knex, { status: 'ACTIVE', amount: 100_000 }, parties)
    const upload = async (rows: unknown[][]) => {
      const workbook = new ExcelJS.Workbook()
      workbook.addWorksheet('SOV').addRows(rows)
      const content = await workbook.xlsx.writeBuffer()
      const form = new FormData()
      form.append('file', new Blob([content as ArrayBuffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }), 'schedule.xlsx')
      form.append('ownerResource', 'projects')
      const response = await fetch(`${server.url}/hk/v1/files`, { method: 'POST', headers: { authorization: `Bearer ${tokens['pm.hk']}` }, body: form })
      expect(response.status).toBe(201)
      return (await response.json())[0].id as number
    }
    const broken = await api('pm.hk', 'POST', '/hk/v1/project-schedule-lines', {
      projectId: project.id,
      fileId: await upload([
        ['Item', 'Description', 'Scheduled value'],
        ['1', 'Site works', 'abc']
      ])
    })
    expect(broken.status).toBe(400)
    expect(broken.body.data).toMatchObject({ code: 'SOV_BAD_AMOUNT', row: 2, value: 'abc' })
    expect(broken.body.message).toBe('Row 2: "abc" is not an amount (at most 2 decimals; only a change order may be negative).')
    const imported = await api('pm.hk', 'POST', '/hk/v1/project-schedule-lines', {
      projectId: project.id,
      fileId: await upload([
        ['Item', 'Description', 'Scheduled value'],
        ['1', 'Site works', '60,000.00'],
        ['2', 'Electrical', 40000]
      ])
    })
    expect(imported.status).toBe(201)
    expect(imported.body).toMatchObject({ lines: 2, originalContractSumCents: 10_000_000 })
    // Another vendor's file is not read: the reference is refused.
    expect((await api('vendor.beta', 'POST', '/hk/v1/project-schedule-lines', { projectId: project.id, fileId: 1 })).status).toBe(400)
  })

  it('blocks the approval of a claim whose frozen figures no longer reconcile (409 LEDGER_OUT_OF_BALANCE)', async () => {
    const { project } = await createProject(server.knex, { status: 'ACTIVE', amount: 100_000, retentionPercent: 5 }, parties)
    await api('pm.hk', 'POST', '/hk/v1/project-schedule-lines', { projectId: project.id, lines: schedule })
    const created = await api('vendor.alpha', 'POST', '/hk/v1/project-submissions', claim(project.id, { lines: [{ item: '2', workThisPeriodCents: 1_000_000, materialsStoredCents: 0 }] }))
    await move('vendor.alpha', created.body.id, { action: 'submit', updatedAt: created.body.updatedAt })
    // The schedule changed under the submitted claim (a direct write, as a broken import would): the figures no longer match the frozen ones.
    await server.knex('project_schedule_lines').where({ projectId: project.id, item: '2' }).update({ originalValueCents: 3_000_000 })
    const refused = await move('pm.hk', created.body.id, { action: 'accept', updatedAt: await version(created.body.id) })
    expect(refused.status).toBe(409)
    expect(refused.body.data.code).toBe('LEDGER_OUT_OF_BALANCE')
    expect(refused.body.data.failures).toContain('LEDGER_FIGURE_MISMATCH')
  })
})

describe('a retention release', () => {
  it('waits for the defects liability date: before it, only staff’s override with a reason accepts it', async () => {
    const { project } = await createProject(server.knex, { status: 'COMPLETED', amount: 100_000, retentionPercent: 5, dlpDate: '2027-11-20' }, parties)
    const release = await api('vendor.alpha', 'POST', '/hk/v1/project-submissions', claim(project.id, { completionType: 'RETENTION', completionAmountCents: 200_000 }))
    expect(release.status).toBe(201)
    expect(release.body.figures).toMatchObject({ retentionAmountCents: 500_000, retentionHeldCents: 500_000 })
    await move('vendor.alpha', release.body.id, { action: 'submit', updatedAt: release.body.updatedAt })
    const early = await move('pm.hk', release.body.id, { action: 'accept', updatedAt: await version(release.body.id) })
    expect(early.status).toBe(400)
    expect(early.body.data).toMatchObject({ code: 'CLAIM_RELEASE_BEFORE_DLP', dlpDate: '2027-11-20' })
    expect(early.body.message).toContain('2027-11-20')
    const blank = await move('pm.hk', release.body.id, { action: 'accept', releaseOverrideReason: '  ', updatedAt: await version(release.body.id) })
    expect(blank.body.data.code).toBe('CLAIM_RELEASE_OVERRIDE_REASON_REQUIRED')
    const overridden = await move('pm.hk', release.body.id, { action: 'accept', releaseOverrideReason: 'Defects inspected early', updatedAt: await version(release.body.id) })
    expect(overridden.status).toBe(200)
    expect(overridden.body).toMatchObject({ status: 'APPR', releaseOverrideReason: 'Defects inspected early', retainageReleasedCents: 200_000 })
    // The next release draws on what is left: 3,000.00.
    const more = await api('vendor.alpha', 'POST', '/hk/v1/project-submissions', claim(project.id, { completionType: 'RETENTION_PAYMENT', completionAmountCents: 300_001 }))
    expect(more.status).toBe(400)
    expect(more.body.data).toMatchObject({ code: 'CLAIM_RELEASE_EXCEEDS_HELD', held: '3,000.00' })
  })

  it('is accepted without an override once the defects liability date has passed', async () => {
    const { project } = await createProject(server.knex, { status: 'COMPLETED', amount: 100_000, retentionPercent: 5, dlpDate: '2026-10-31' }, parties)
    const release = await api('vendor.alpha', 'POST', '/hk/v1/project-submissions', claim(project.id, { completionType: 'RETENTION_PAYMENT', completionAmountCents: 500_000 }))
    await move('vendor.alpha', release.body.id, { action: 'submit', updatedAt: release.body.updatedAt })
    const accepted = await move('pm.hk', release.body.id, { action: 'accept', updatedAt: await version(release.body.id) })
    expect(accepted.status).toBe(200)
    expect(accepted.body.status).toBe('APPR')
  })
})

describe('the claim’s inspector', () => {
  it('is assigned by staff in charge to a staff user of the region (PUT .../inspector), who is mailed; vendors and other people are refused', async () => {
    const { project } = await createProject(server.knex, { status: 'ACTIVE' }, parties)
    const created = await api('vendor.alpha', 'POST', '/hk/v1/project-submissions', claim(project.id, { completionAmountCents: 100_000 }))
    const id = created.body.id
    expect((await api('vendor.alpha', 'PUT', `/hk/v1/project-submissions/${id}/inspector`, { inspectorId: users['approver.hk'], updatedAt: await version(id) })).status).toBe(403)
    const vendorUser = await api('pm.hk', 'PUT', `/hk/v1/project-submissions/${id}/inspector`, { inspectorId: users['vendor.beta'], updatedAt: await version(id) })
    expect(vendorUser.status).toBe(400)
    expect(vendorUser.body.data).toMatchObject({ code: 'REFERENCE_INVALID', field: 'inspectorId' })
    const before = new Date()
    const assigned = await api('pm.hk', 'PUT', `/hk/v1/submissions/${id}/inspector`, { inspectorId: users['approver.hk'], updatedAt: await version(id) })
    expect(assigned.status).toBe(200)
    expect(assigned.body.inspectorId).toBe(users['approver.hk'])
    const mails = await server.knex('mail_messages').where({ template: 'project.inspector-assigned' }).where('createdAt', '>=', before)
    expect(mails.flatMap((mail: any) => mail.to)).toEqual(['approver.hk@example.com'])
    await move('vendor.alpha', id, { action: 'submit', updatedAt: await version(id) })
    const submitted = await server.knex('mail_messages').where({ template: 'project.submission-submitted' }).where('createdAt', '>=', before)
    expect(submitted.flatMap((mail: any) => mail.to).sort()).toEqual(['approver.hk@example.com', 'pm.hk@example.com'])
    const stale = await api('pm.hk', 'PUT', `/hk/v1/project-submissions/${id}/inspector`, { inspectorId: null, updatedAt: assigned.body.updatedAt })
    expect(stale.status).toBe(410)
  })
})

describe('the demo’s claims', () => {
  it('hold every status, a project with a schedule of values and three certified claims that reconcile, and a retention release due', async () => {
    const statuses = await server.knex('project_submissions').distinct('status').pluck('status')
    expect(statuses.sort()).toEqual(['APPR', 'DRAFT', 'OPEN', 'REJECTED'])
    const scheduled = await server.knex('projects').where({ number: 'PO-ES-0006' }).first('id')
    const claims = await api('pm.hk', 'GET', `/hk/v1/project-submissions?projectId=${scheduled.id}`)
    expect(claims.body.data.map((row: any) => row.status)).toEqual(['APPR', 'APPR', 'APPR', 'OPEN'])
    const open = await api('pm.hk', 'GET', `/hk/v1/project-submissions/${claims.body.data[3].id}`)
    expect(open.body.ledger.applicationNo).toBe(4)
    expect(open.body.ledgerFailures).toEqual([])
    expect(open.body.actions).toEqual(['accept', 'reject'])
    const accepted = await move('pm.hk', open.body.id, { action: 'accept', updatedAt: open.body.updatedAt })
    expect(accepted.status).toBe(200)
    const due = await server.knex('projects').where({ number: 'PO-PJ-0105' }).first('id')
    const release = await api('vendor.alpha', 'GET', `/hk/v1/project-submissions?projectId=${due.id}&completionType=RETENTION`)
    expect(release.body.data).toHaveLength(1)
    expect(release.body.data[0]).toMatchObject({ status: 'DRAFT', actions: ['submit'] })
    expect(release.body.data[0].figures.retentionHeldCents).toBe(320_000)
  })
})

describe('the retention calendar and its reminder', () => {
  it('shows the retention still held falling due by month and vendor, over the projects the caller reads', async () => {
    const due = await server.knex('projects').where({ number: 'PO-PJ-0105' }).first('id')
    const alpha = await api('vendor.alpha', 'GET', '/hk/v1/project-retention-calendar?from=2026-10&to=2026-10')
    expect(alpha.status).toBe(200)
    const october = alpha.body.data.find((row: any) => row.month === '2026-10' && row.vendorId === parties.alpha)
    expect(october.vendorName).toBe('Alpha Engineering Ltd')
    expect(october.projects).toEqual(expect.arrayContaining([{ id: due.id, number: 'PO-PJ-0105', currency: 'HKD', dlpDate: '2026-10-20', dueDay: '2026-10-21', heldCents: 320_000 }]))
    expect(alpha.body.data.every((row: any) => row.vendorId === parties.alpha)).toBe(true)
    const beta = await api('vendor.beta', 'GET', '/hk/v1/project-retention-calendar')
    expect(beta.body.data.some((row: any) => row.projectIds.includes(due.id))).toBe(false)
    const staff = await api('pm.hk', 'GET', `/hk/v1/project-retention-calendar?companyId=${parties.alpha}`)
    expect(staff.body.data.some((row: any) => row.projectIds.includes(due.id))).toBe(true)
    expect((await api('pm.hk', 'GET', '/hk/v1/project-retention-calendar?from=2026-13')).status).toBe(400)
  })

  it('reminds the person in charge and the vendor 30 days before retention falls due, once', async () => {
    const { remindRetentionDue } = await import('../services/project-retention-calendar/project-retention-calendar.js')
    const now = new Date('2026-11-26T02:00:00Z')
    const { project } = await createProject(server.knex, { status: 'COMPLETED', amount: 50_000, retentionPercent: 10, actualCompletionDate: '2026-11-01', dlpDate: '2026-12-20' }, parties)
    const { project: later } = await createProject(server.knex, { status: 'COMPLETED', amount: 50_000, retentionPercent: 10, actualCompletionDate: '2026-11-01', dlpDate: '2027-03-01' }, parties)
    for (const one of [project, later]) {
      const full = await api('vendor.alpha', 'POST', '/hk/v1/project-submissions', claim(one.id, { completionType: 'FULL', completionAmountCents: 4_500_000 }))
      await move('vendor.alpha', full.body.id, { action: 'submit', updatedAt: full.body.updatedAt })
      expect((await move('pm.hk', full.body.id, { action: 'accept', updatedAt: await version(full.body.id) })).status).toBe(200)
    }
    const before = new Date()
    await remindRetentionDue(server.app, now)
    const mails = await server.knex('mail_messages').where({ template: 'project.retention-due' }).where('createdAt', '>=', before)
    const mine = mails.filter((mail: any) => mail.subject.includes(project.number))
    expect(mine.flatMap((mail: any) => mail.to).sort()).toEqual(['alpha.site@example.com', 'pm.hk@example.com', 'vendor.alpha@example.com'])
    expect(mine.find((mail: any) => mail.to.includes('pm.hk@example.com')).subject).toBe(`Retention of project ${project.number} falls due on 2026-12-21`)
    expect(mails.some((mail: any) => mail.subject.includes(later.number))).toBe(false)
    const again = new Date()
    await remindRetentionDue(server.app, now)
    expect(await server.knex('mail_messages').where({ template: 'project.retention-due' }).where('createdAt', '>=', again).whereILike('subject', `%${project.number}%`)).toEqual([])
  })
})
