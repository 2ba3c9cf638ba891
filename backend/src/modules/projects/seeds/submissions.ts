import type { Knex } from 'knex'
import { claimFigures, invoiceNumberKey, isRetentionRelease, type CompletionType } from '../claims/claim-rules.shared.js'
import { claimAmountsOfApplication, computeLedger } from '../claims/g702.shared.js'
import { itemKey, type ClaimLine, type ScheduleLine } from '../claims/schedule-of-values.shared.js'
import type { ClaimHistoryEntry, SubmissionState } from '../claims/submission.workflow.js'
import { recordDecision } from '../claims/decisions.js'
import type { G702Figures } from '../claims/g702.shared.js'
import { createProject, projectParties, uniqueNumber, type ProjectParties } from './factories.js'
import { createChangeOrder } from './change-orders.js'
import { isoDay } from '../../../format/format.shared.js'

export interface SubmissionInput {
  status?: SubmissionState
  completionType?: CompletionType
  completionAmountCents?: number
  deductionAmountCents?: number
  invoiceNumber?: string
  invoiceDate?: string
  lines?: ClaimLine[]
  rejectReason?: string
  releaseOverrideReason?: string | null
}

const dayOrNull = (value: unknown) => (value ? isoDay(value) : null)

/** A project's schedule of values, replacing any it had. */
export async function createSchedule(db: Knex, project: { id: string; region: string }, lines: readonly ScheduleLine[]) {
  await db('project_schedule_lines').where({ projectId: project.id }).delete()
  await db('project_schedule_lines').insert(
    lines.map((line, index) => ({
      region: project.region,
      projectId: project.id,
      position: index + 1,
      item: line.item,
      itemKey: itemKey(line.item),
      description: line.description,
      originalValueCents: line.originalValueCents,
      changeOrders: JSON.stringify(line.changeOrders ?? [])
    }))
  )
}

/**
 * A claim of a project in the state asked for, stored as the service stores it: the next order,
 * its figures (and, with lines against the project's schedule, its completion amount from the
 * ledger), its action history, and for a submitted one its frozen versions (a rejected claim
 * resubmitted has two). Built in the database directly, as the other factories build their state.
 */
export async function createSubmission(db: Knex, project: any, input: SubmissionInput = {}, who?: ProjectParties) {
  const parties = who ?? (await projectParties(db))
  const status = input.status ?? 'DRAFT'
  const vendorUser = await db('users').where({ companyId: project.companyId, userType: 401 }).first('id')
  const claims = await db('project_submissions').where({ projectId: project.id }).orderBy('order')
  const schedule: ScheduleLine[] = await db('project_schedule_lines').where({ projectId: project.id }).orderBy('position').select('item', 'description', 'originalValueCents', 'changeOrders')
  const order = claims.length + 1
  const completionType = input.completionType ?? 'PARTIAL'
  let completionAmountCents = input.completionAmountCents ?? 0
  const lines = input.lines ?? []
  let ledgerFigures: G702Figures | null = null
  if (schedule.length && lines.length) {
    const counted = claims.filter((claim: any) => ['OPEN', 'APPR'].includes(claim.status))
    const applications = [...counted, { lines, completionType, completionAmountCents }].map((claim: any) => ({
      lines: claim.lines ?? [],
      retainageReleasedCents: isRetentionRelease(claim.completionType) ? Number(claim.completionAmountCents) : 0
    }))
    const percent = String(project.retentionPercent)
    const ledger = computeLedger(schedule, applications, { workPercent: percent, storedPercent: percent })
    ledgerFigures = ledger[ledger.length - 1]
    // A release's amount is the retention it releases; a work claim's what its lines add.
    if (!isRetentionRelease(completionType)) completionAmountCents = claimAmountsOfApplication(ledger[ledger.length - 1], ledger.length > 1 ? ledger[ledger.length - 2] : null).completionAmountCents
  }
  const claimProject = {
    totalAmountCents: Number(project.totalAmountCents),
    retentionPercent: project.retentionPercent,
    actualCommencementDate: dayOrNull(project.actualCommencementDate),
    dlpDate: dayOrNull(project.dlpDate)
  }
  const others = claims.map((claim: any) => ({ id: claim.id, status: claim.status, completionType: claim.completionType, completionAmountCents: claim.completionAmountCents }))
  const figures = claimFigures(claimProject, { status: 'DRAFT', completionType, completionAmountCents, deductionAmountCents: input.deductionAmountCents ?? 0 }, others)
  const invoiceNumber = input.invoiceNumber ?? uniqueNumber('INV')
  const day = 86_400_000
  const start = Date.now() - 10 * day
  const at = (offset: number) => new Date(start + offset * day).toISOString()
  const history: ClaimHistoryEntry[] = []
  if (status !== 'DRAFT') history.push({ action: 'submit', at: at(0), by: vendorUser?.id ?? null, order })
  if (status === 'REJECTED' || input.rejectReason) history.push({ action: 'reject', at: at(1), by: parties.pm, order, reason: input.rejectReason ?? 'Please attach the site photos.' })
  if (input.rejectReason && status !== 'REJECTED') history.push({ action: 'resubmit', at: at(2), by: vendorUser?.id ?? null, order })
  if (status === 'APPR') history.push({ action: 'accept', at: at(3), by: parties.pm, order, note: 'Certified for payment' })
  const versions = status === 'DRAFT' ? 0 : input.rejectReason && status !== 'REJECTED' ? 2 : 1
  const [created] = await db('project_submissions').insert(
    {
      region: project.region,
      projectId: project.id,
      companyId: project.companyId,
      order,
      status,
      version: versions,
      completionType,
      invoiceNumber,
      invoiceKey: invoiceNumberKey(invoiceNumber),
      invoiceAmountCents: completionAmountCents,
      invoiceDate: input.invoiceDate ?? '2026-11-10',
      completionAmountCents,
      previousAmountCents: figures.previousAmountCents,
      remainingBalanceCents: figures.remainingBalanceCents,
      deductionAmountCents: input.deductionAmountCents ?? 0,
      retentionAmountCents: figures.retentionAmountCents,
      retainageReleasedCents: isRetentionRelease(completionType) ? completionAmountCents : 0,
      releaseOverrideReason: input.releaseOverrideReason ?? null,
      lines: JSON.stringify(lines),
      actionHistory: JSON.stringify(history),
      rejectReason: status === 'REJECTED' ? (input.rejectReason ?? 'Please attach the site photos.') : null,
      createdBy: vendorUser?.id ?? null
    },
    '*'
  )
  for (let version = 1; version <= versions; version++) {
    const { invoiceKey: _key, ...fields } = created
    await db('project_submission_versions').insert({
      region: project.region,
      submissionId: created.id,
      version,
      snapshot: JSON.stringify({
        ...fields,
        version,
        invoiceDate: dayOrNull(created.invoiceDate),
        figures,
        project: { id: project.id, number: project.number, currency: project.currency, totalAmountCents: Number(project.totalAmountCents) }
      }),
      submittedBy: vendorUser?.id ?? null,
      submittedAt: at(version === 1 ? 0 : 2)
    })
  }
  // The decisions on the versions, as the accept and reject moves record them (their certificates).
  for (const entry of history.filter((one) => one.action === 'accept' || one.action === 'reject')) {
    const version = entry.action === 'reject' ? 1 : versions
    await recordDecision(db, {
      region: project.region,
      submissionId: created.id,
      version,
      action: entry.action as 'accept' | 'reject',
      entry,
      releaseOverrideReason: input.releaseOverrideReason ?? null,
      figures: ledgerFigures,
      completionAmountCents
    })
  }
  return created
}

/** Lines of a schedule, the given shares (in percent) of the total, the last line taking the rounding. */
function scheduleOf(totalCents: number, parts: Array<[string, string, number]>): ScheduleLine[] {
  let left = totalCents
  return parts.map(([item, description, share], index) => {
    const value = index === parts.length - 1 ? left : Math.round((totalCents * share) / 100)
    left -= value
    return { item, description, originalValueCents: value }
  })
}

/** A claim's lines: each schedule line's share (percent of its value) of work this period. */
const linesOf = (schedule: readonly ScheduleLine[], percent: number): ClaimLine[] =>
  schedule.map((line) => ({ item: line.item, workThisPeriodCents: Math.round((line.originalValueCents * percent) / 100), materialsStoredCents: 0 }))

/**
 * The demo's claims (issue 12 item 11; after the demo projects): Alpha's active project carries a
 * schedule of values with three certified (APPR) claims and one awaiting review; Beta's active
 * project a claim in each of DRAFT, OPEN and REJECTED; Alpha's completed project its final claim;
 * and a completed project of Alpha whose defects liability date has passed, with its retention
 * release due as a draft.
 */
export async function seedSubmissions(trx: Knex) {
  const parties = await projectParties(trx)
  const scheduled =
    (await trx('projects').where({ region: 'HK', number: 'PO-ES-0006' }).first()) ??
    (await trx('projects').where({ region: 'HK', companyId: parties.alpha, status: 'ACTIVE' }).orderBy('createdAt').first())
  if (scheduled) {
    const schedule = scheduleOf(Number(scheduled.totalAmountCents), [
      ['1', 'Preliminaries', 10],
      ['2', 'Demolition and strip-out', 15],
      ['3', 'Partitions and ceilings', 30],
      ['4', 'Electrical installation', 25],
      ['5', 'Finishes and joinery', 20]
    ])
    await createSchedule(trx, scheduled, schedule)
    for (const percent of [20, 25, 15]) await createSubmission(trx, scheduled, { status: 'APPR', lines: linesOf(schedule, percent) }, parties)
    await createSubmission(trx, scheduled, { status: 'OPEN', lines: linesOf(schedule, 10) }, parties)
    // Change orders in every state (issue 27 item 3), after the claims: the approved one counts in the claims made from now on.
    const tenth = (item: string) => Math.round(Number(schedule.find((line) => line.item === item)!.originalValueCents) / 10)
    await createChangeOrder(
      trx,
      scheduled,
      {
        status: 'APPROVED',
        reason: 'Additional lighting to the lift lobby, instructed by the client',
        lines: [
          { type: 'REVISE', item: '4', amountCents: tenth('4') },
          { type: 'ADD', item: '6', description: 'Lift lobby feature lighting', amountCents: tenth('1') }
        ]
      },
      parties
    )
    await createChangeOrder(trx, scheduled, { status: 'SUBMITTED', reason: 'Ceiling to the pantry omitted', lines: [{ type: 'REVISE', item: '3', amountCents: -tenth('3') }] }, parties)
    await createChangeOrder(
      trx,
      scheduled,
      {
        status: 'REJECTED',
        reason: 'Upgrade of the joinery finish',
        lines: [{ type: 'REVISE', item: '5', amountCents: tenth('5') }],
        rejectReason: 'The upgrade is at the tenant’s cost, not the landlord’s.'
      },
      parties
    )
    await createChangeOrder(
      trx,
      scheduled,
      { status: 'DRAFT', by: 'staff', reason: 'Signage to the new entrance', lines: [{ type: 'ADD', item: '7', description: 'Entrance signage', amountCents: tenth('2') }] },
      parties
    )
  }
  const beta = await trx('projects').where({ region: 'HK', number: 'PO-PJ-0102' }).first()
  if (beta) {
    await createSubmission(trx, beta, { status: 'APPR', completionAmountCents: 3_000_000 }, parties)
    await createSubmission(trx, beta, { status: 'OPEN', completionAmountCents: 2_000_000, rejectReason: 'The invoice date is missing.' }, parties)
    await createSubmission(trx, beta, { status: 'REJECTED', completionAmountCents: 1_500_000, rejectReason: 'Quantities do not match the site record.' }, parties)
    await createSubmission(trx, beta, { status: 'DRAFT', completionAmountCents: 1_000_000 }, parties)
  }
  const completed = await trx('projects').where({ region: 'HK', number: 'CT-PJ-0103' }).first()
  if (completed) await createSubmission(trx, completed, { status: 'APPR', completionType: 'FULL', completionAmountCents: Math.round(Number(completed.totalAmountCents) * 0.95) }, parties)
  const { project: due } = await createProject(
    trx,
    {
      status: 'COMPLETED',
      companyId: parties.alpha,
      number: 'PO-PJ-0105',
      amount: 64_000,
      retentionPercent: 5,
      type: 'Repair',
      description: 'Roof waterproofing',
      actualCommencementDate: '2025-03-01',
      actualCompletionDate: '2025-10-20',
      dlpDate: '2026-10-20'
    },
    parties
  )
  await createSubmission(trx, due, { status: 'APPR', completionType: 'FULL', completionAmountCents: 6_080_000 }, parties)
  await createSubmission(trx, due, { status: 'DRAFT', completionType: 'RETENTION', completionAmountCents: 320_000 }, parties)
}
