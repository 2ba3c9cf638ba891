import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../../test/server.js'
import { pdfText } from '../../../documents/pdf-text.js'
import { createProject, projectParties, uniqueNumber } from '../seeds/factories.js'
import { claimDocumentUrl } from '../claims/documents/claim-document.shared.js'
import { readScheduleCsv } from '../claims/sov-import.shared.js'
import { claimCalls } from './claim-calls.js'

/*
 * An outside check of the money (issue 12 item 6): a schedule of values laid out as the AIA G703
 * continuation sheet is, read through the real import (the CSV as the claim screen reads it, and the
 * same rows as a workbook read by the server through project-schedule-lines), two applications for payment through the real claims (create, submit, accept), and
 * every G702 line compared to the cent with figures worked by hand here, not by the ledger code.
 *
 * Sources of the figures:
 * - The form: AIA Document G702 "Application and Certificate for Payment" lines 1 to 9 and G703
 *   columns A to I, as AIA publishes their arithmetic on the form itself: 3 = 1 + 2; G = D + E + F;
 *   5a = percent × (D + E); 5b = percent × F; 6 = 4 − 5; 7 = line 6 of the prior certificate;
 *   8 = 6 − 7; 9 = 3 − 6. Column D of an application is D + E of the one before; F is what is
 *   stored at the time (materials installed later move into E).
 * - The schedule and the amounts: a public-style sample (a five-trade building contract with three
 *   change orders, one of them a deduct written in accounting parentheses), every sum below worked
 *   by hand, line by line, in the comments beside it.
 * - The project's contract amount is the original contract sum (250,000.00): the original schedule
 *   adds up to the contract, the change orders come on top of it (issue 27 item 2); the schedule is
 *   imported by the project's manager.
 * - Retainage 10 % (the project's retention percent), rounded half up once, on the totals to date
 *   (the contract's own rule; AIA leaves the rounding to the parties): chosen so that 5a falls on
 *   a half cent twice.
 */

let server: TestServer
const tokens: Record<string, string> = {}
const { api, move } = claimCalls(() => server, tokens)

// G703 columns A to C as an owner's quantity surveyor would send them (a title row above the header,
// the change orders below the original lines, a totals row at the foot).
const scheduleRows: string[][] = [
  ['Schedule of values - Sample office fit-out', '', '', ''],
  ['Item no.', 'Description of work', 'Scheduled value', 'Change order'],
  ['1', 'General conditions', '25,000.00', ''],
  ['2', 'Sitework', '40,000.00', ''],
  ['3', 'Concrete', '60,000.00', ''],
  ['4', 'Masonry', '35,000.00', ''],
  ['5', 'Electrical', '90,000.00', ''],
  ['3', 'Concrete - added slab thickening', '7,500.00', 'CO 1'],
  ['6', 'Additional lighting', '4,250.50', 'CO 2'],
  ['2', 'Sitework - omitted paving', '(2,000.00)', 'CO 3'],
  ['', 'Total', '259,750.50', '']
]
const scheduleCsv = scheduleRows.map((row) => row.map((cell) => (/[",]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join(',')).join('\r\n')

// Hand-worked schedule:
//   1. original contract sum  = 25,000.00 + 40,000.00 + 60,000.00 + 35,000.00 + 90,000.00 = 250,000.00
//   2. net change by COs      = 7,500.00 + 4,250.50 − 2,000.00                               =   9,750.50
//   3. contract sum to date   = 250,000.00 + 9,750.50                                        = 259,750.50
//   C per line: 1 25,000.00 · 2 38,000.00 · 3 67,500.00 · 4 35,000.00 · 5 90,000.00 · 6 4,250.50

const cents = (amount: string) => Math.round(Number(amount.replace(/,/g, '')) * 100)
const line = (item: string, work: string, stored = '0') => ({ item, workThisPeriodCents: cents(work), materialsStoredCents: cents(stored) })

// Application 1 (E this period, F stored):
//   E = 12,500.00 + 38,000.00 + 30,000.00 + 19,505.05                  = 100,005.05
//   F = 4,500.00 (line 3) + 2,000.00 (line 5)                           =   6,500.00
//   4. G = 100,005.05 + 6,500.00                                        = 106,505.05
//   5a. 10 % × 100,005.05 = 10,000.505 → half up                        =  10,000.51
//   5b. 10 % × 6,500.00                                                 =     650.00
//   5. total retainage = 10,000.51 + 650.00                             =  10,650.51
//   6. 106,505.05 − 10,650.51                                           =  95,854.54
//   7. no prior certificate                                             =       0.00
//   8. 95,854.54 − 0.00                                                 =  95,854.54
//   9. 259,750.50 − 95,854.54                                           = 163,895.96
const application1 = [line('1', '12,500.00'), line('2', '38,000.00'), line('3', '30,000.00', '4,500.00'), line('5', '19,505.05', '2,000.00')]

// Application 2 (the stored concrete and cable installed: they leave F and come in E):
//   E = 5,000.00 + 33,000.00 + 17,500.00 + 25,000.00 + 4,250.50         =  84,750.50
//   D = D + E of application 1                                          = 100,005.05
//   F = 1,250.00 (line 4)                                               =   1,250.00
//   4. G = 100,005.05 + 84,750.50 + 1,250.00                            = 186,005.55
//   5a. 10 % × (100,005.05 + 84,750.50) = 10 % × 184,755.55 = 18,475.555 → 18,475.56
//   5b. 10 % × 1,250.00                                                 =     125.00
//   5. 18,475.56 + 125.00                                               =  18,600.56
//   6. 186,005.55 − 18,600.56                                           = 167,404.99
//   7. line 6 of certificate 1                                          =  95,854.54
//   8. 167,404.99 − 95,854.54                                           =  71,550.45
//   9. 259,750.50 − 167,404.99                                          =  92,345.51
//   G703 line 3: D 30,000.00, E 33,000.00, F 0, G 63,000.00, G ÷ C = 63,000 ÷ 67,500 = 93.33 %, H 4,500.00
const application2 = [line('1', '5,000.00'), line('3', '33,000.00'), line('4', '17,500.00', '1,250.00'), line('5', '25,000.00'), line('6', '4,250.50')]

beforeAll(async () => {
  server = await startTestServer()
  for (const name of ['pm.hk', 'vendor.alpha']) tokens[name] = (await server.login(name)).accessToken
})
afterAll(async () => {
  await server?.stop()
})

/** A claim of the lines, submitted by the vendor and accepted by the staff in charge; the claim as it reads then. */
async function certified(projectId: string, lines: ReturnType<typeof line>[]) {
  const created = await api('vendor.alpha', 'POST', '/hk/v1/project-submissions', {
    projectId,
    completionType: 'PARTIAL',
    invoiceNumber: uniqueNumber('AIA'),
    invoiceAmountCents: 1,
    invoiceDate: '2026-11-20',
    lines
  })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  const submitted = await move('vendor.alpha', created.body.id, { action: 'submit', updatedAt: created.body.updatedAt })
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(200)
  const accepted = await move('pm.hk', created.body.id, { action: 'accept', updatedAt: submitted.body.updatedAt })
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200)
  return accepted.body
}

describe('an AIA G702/G703 sample, imported and claimed, against figures worked by hand', () => {
  it('gives every G702 line of both applications to the cent', async () => {
    const parties = await projectParties(server.knex)
    const { project } = await createProject(server.knex, { status: 'ACTIVE', amount: 250_000, retentionPercent: 10 }, parties)

    // The CSV as the claim screen reads it (ScheduleImport: readScheduleCsv, then the lines)...
    const csv = readScheduleCsv(scheduleCsv)
    expect(csv.errors).toEqual([])
    const imported = await api('pm.hk', 'POST', '/hk/v1/project-schedule-lines', { projectId: project.id, lines: csv.lines })
    expect(imported.status, JSON.stringify(imported.body)).toBe(201)
    expect(imported.body).toMatchObject({ lines: 6, originalContractSumCents: 25_000_000, netChangeByChangeOrdersCents: 975_050, contractSumToDateCents: 25_975_050 })
    // ...and the same rows as an uploaded workbook, read by the server, give the same schedule.
    const { project: twin } = await createProject(server.knex, { status: 'ACTIVE', amount: 250_000, retentionPercent: 10 }, parties)
    const workbook = new ExcelJS.Workbook()
    workbook.addWorksheet('G703').addRows(scheduleRows)
    const form = new FormData()
    form.append('file', new Blob([(await workbook.xlsx.writeBuffer()) as ArrayBuffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }), 'schedule-of-values.xlsx')
    form.append('ownerResource', 'projects')
    const uploaded = await fetch(`${server.url}/hk/v1/files`, { method: 'POST', headers: { authorization: `Bearer ${tokens['pm.hk']}` }, body: form })
    expect(uploaded.status, await uploaded.clone().text()).toBe(201)
    const fromWorkbook = await api('pm.hk', 'POST', '/hk/v1/project-schedule-lines', { projectId: twin.id, fileId: (await uploaded.json())[0].id })
    expect(fromWorkbook.status, JSON.stringify(fromWorkbook.body)).toBe(201)
    const stored = async (projectId: string) =>
      (await api('pm.hk', 'GET', `/hk/v1/project-schedule-lines?projectId=${projectId}`)).body.data.map(({ item, description, originalValueCents, changeOrders }: any) => ({
        item,
        description,
        originalValueCents,
        changeOrders
      }))
    expect(await stored(twin.id)).toEqual(await stored(project.id))
    // G703 column C as worked by hand above.
    expect((await stored(project.id)).map((one: any) => [one.item, one.originalValueCents + one.changeOrders.reduce((sum: number, change: any) => sum + change.amountCents, 0)])).toEqual([
      ['1', 2_500_000],
      ['2', 3_800_000],
      ['3', 6_750_000],
      ['4', 3_500_000],
      ['5', 9_000_000],
      ['6', 425_050]
    ])

    const first = await certified(project.id, application1)
    expect(first.ledger).toMatchObject({
      originalContractSumCents: 25_000_000,
      netChangeByChangeOrdersCents: 975_050,
      contractSumToDateCents: 25_975_050,
      totalCompletedAndStoredCents: 10_650_505,
      retainageOnCompletedWork: { percent: '10', cents: 1_000_051 },
      retainageOnStoredMaterials: { percent: '10', cents: 65_000 },
      totalRetainageCents: 1_065_051,
      totalEarnedLessRetainageCents: 9_585_454,
      lessPreviousCertificatesCents: 0,
      currentPaymentDueCents: 9_585_454,
      balanceToFinishIncludingRetainageCents: 16_389_596
    })
    expect(first.completionAmountCents).toBe(10_650_505)
    expect(first.ledgerFailures).toEqual([])

    const second = await certified(project.id, application2)
    expect(second.ledger).toMatchObject({
      applicationNo: 2,
      originalContractSumCents: 25_000_000,
      netChangeByChangeOrdersCents: 975_050,
      contractSumToDateCents: 25_975_050,
      totalCompletedAndStoredCents: 18_600_555,
      retainageOnCompletedWork: { cents: 1_847_556 },
      retainageOnStoredMaterials: { cents: 12_500 },
      totalRetainageCents: 1_860_056,
      totalEarnedLessRetainageCents: 16_740_499,
      lessPreviousCertificatesCents: 9_585_454,
      currentPaymentDueCents: 7_155_045,
      balanceToFinishIncludingRetainageCents: 9_234_551
    })
    // This claim's amount: G of application 2 − G of application 1 = 186,005.55 − 106,505.05.
    expect(second.completionAmountCents).toBe(7_950_050)
    expect(second.ledger.totals).toMatchObject({ scheduledValueCents: 25_975_050, previousApplicationCents: 10_000_505, thisPeriodCents: 8_475_050, materialsStoredCents: 125_000 })
    expect(second.ledger.lines.find((one: any) => one.item === '3')).toMatchObject({
      scheduledValueCents: 6_750_000,
      previousApplicationCents: 3_000_000,
      thisPeriodCents: 3_300_000,
      materialsStoredCents: 0,
      totalCompletedAndStoredCents: 6_300_000,
      percentComplete: '93.33',
      balanceToFinishCents: 450_000
    })

    // The certificate as printed (the version's G702 page) says the same figures.
    const response = await fetch(`${server.url}/hk/v1/${claimDocumentUrl(second.id, 1)}`, { headers: { authorization: `Bearer ${tokens['pm.hk']}` } })
    expect(response.status).toBe(200)
    const printed = pdfText(Buffer.from(await response.arrayBuffer())).replace(/\s+/g, ' ')
    for (const expected of [
      '1. Original contract sum 250,000.00',
      '2. Net change by change orders 9,750.50',
      '3. Contract sum to date (1 + 2) 259,750.50',
      '4. Total completed and stored to date (column G) 186,005.55',
      'a. 10% of completed work (columns D + E) 18,475.56',
      'b. 10% of stored material (column F) 125.00',
      'Total retainage (5a + 5b − released) 18,600.56',
      '6. Total earned less retainage (4 − 5) 167,404.99',
      '7. Less previous certificates for payment (line 6 of the prior certificate) 95,854.54',
      '8. Current payment due (6 − 7) 71,550.45',
      '9. Balance to finish, including retainage (3 − 6) 92,345.51'
    ])
      expect(printed).toContain(expected)
  })
})
