import type { Knex } from 'knex'
import { isRetentionRelease, type ClaimInput, type ClaimProject, type OtherClaim } from '../../claims/claim-rules.shared.js'
import { itemKey, type ScheduleLine } from '../../claims/schedule-of-values.shared.js'
import { computeApplication, type Application as LedgerApplication, type G702Figures } from '../../claims/g702.shared.js'
import { applicationOf, ledgerClaimsBefore, retentionHeldOf } from '../../claims/claim-ledger.shared.js'
import { isoDay } from '../../../../format/format.shared.js'

// What a claim's figures are read from (its project, schedule and the project's other claims) and
// its G702/G703 ledger: shared by the claim's working copy, its moves and its answers.

/**
 * The work per item of claims in the ledger, summed by the database: each stored claim names an
 * item once (claimLineProblems), so it is each claim's line summed. A claim is in the ledger only
 * while submitted or accepted, when its lines cannot change (an edit takes it back to draft or
 * rejected, and submitting again makes a new version), so one set of such claims, named by their
 * versions, has one sum for good: each process keeps the last 100 (a claim screen after 58 claims
 * of 500 lines summed 29,000 lines on every read, 23 ms of the database's time).
 */
const foldedSums = new Map<string, Map<string, number>>()

async function foldedWork(db: Knex, claims: { id: string; version: number; updatedAt: Date | string }[]): Promise<Map<string, number>> {
  const key = claims.map((claim) => `${claim.id}:${claim.version}:${new Date(claim.updatedAt).getTime()}`).join(',')
  const known = foldedSums.get(key)
  if (known) return known
  const sums: { item: string; work: string }[] = await db('project_submissions as s')
    .crossJoin(db.raw('jsonb_array_elements(s.lines) as line'))
    .whereIn(
      's.id',
      claims.map((one) => one.id)
    )
    .groupByRaw("line->>'item'")
    .select(db.raw("line->>'item' as item"), db.raw("sum((line->>'workThisPeriodCents')::bigint)::text as work"))
  // Items as the ledger matches them ('a1' is the schedule's 'A1'): one line each.
  const work = new Map<string, number>()
  for (const sum of sums) work.set(itemKey(sum.item), (work.get(itemKey(sum.item)) ?? 0) + Number(sum.work))
  if (foldedSums.size >= 100) foldedSums.delete(foldedSums.keys().next().value!)
  foldedSums.set(key, work)
  return work
}

/** Everything a claim's figures are computed from: its project, the project's schedule and other claims. */
export interface ClaimContext {
  project: any
  schedule: ScheduleLine[]
  claims: any[]
  /**
   * The claim screen's read: the claims in the ledger before `beforeOrder` summed by the database
   * into one application (their lines are not read); every other claim as in `claims`.
   */
  folded?: { beforeOrder: number; application: LedgerApplication }
}

/** A claim as the rules read it. */
export function claimInput(claim: any): ClaimInput {
  return {
    id: claim.id ?? null,
    status: claim.status,
    completionType: claim.completionType ?? null,
    completionAmountCents: claim.completionAmountCents ?? null,
    deductionAmountCents: claim.deductionAmountCents ?? 0,
    retentionAmountCents: claim.retentionAmountCents ?? null,
    invoiceNumber: claim.invoiceNumber ?? null
  }
}

/** The project as the rules read it. */
export function claimProject(project: any): ClaimProject {
  return {
    totalAmountCents: Number(project.totalAmountCents),
    retentionPercent: project.retentionPercent,
    actualCommencementDate: project.actualCommencementDate ? isoDay(project.actualCommencementDate) : null,
    dlpDate: project.dlpDate ? isoDay(project.dlpDate) : null
  }
}

/**
 * When the claim's current version was submitted: the date of its application, whose contract sum
 * counts the change orders approved by then (claim-ledger.shared.ts `applicationOf`).
 */
export const submittedAtOf = (db: Knex) =>
  db.raw('(SELECT v.submitted_at FROM project_submission_versions v WHERE v.submission_id = project_submissions.id AND v.version = project_submissions.version) AS "submittedAt"')

export const otherClaims = (claims: readonly any[]): OtherClaim[] =>
  claims.map((claim) => ({ id: claim.id, status: claim.status, completionType: claim.completionType, completionAmountCents: claim.completionAmountCents }))

/**
 * The G702/G703 ledger up to this claim: the project's submitted and accepted claims before it
 * (by order), then the claim itself; null without a schedule of values. `figures` are the claim's,
 * `previous` the previous application's (its G gives the claim's amount), `certified` the last
 * accepted one's before it (its line 6 is the claim's line 7), and `heldCents` the retention held
 * this claim's release may draw on (claim-ledger.shared.ts: the one definition).
 */
export function ledgerOf(context: ClaimContext, claim: any): { figures: G702Figures; previous: G702Figures | null; certified: G702Figures | null; heldCents: number } | null {
  if (!context.schedule.length) return null
  const order = claim.order ?? Number.MAX_SAFE_INTEGER
  const folded = context.folded && context.folded.beforeOrder <= order ? context.folded : null
  const before = ledgerClaimsBefore(context.claims, claim).filter((other) => !(folded && other.order < folded.beforeOrder))
  // A claim read on its own (locked for a move) is dated as the project's claims read it.
  const dated = claim.submittedAt === undefined ? context.claims.find((other) => claim.id != null && String(other.id) === String(claim.id)) : null
  const own = applicationOf(dated ? { ...claim, submittedAt: dated.submittedAt } : claim)
  const applications: LedgerApplication[] = [...(folded ? [folded.application] : []), ...before.map(applicationOf), own]
  const percent = String(context.project.retentionPercent ?? 0)
  const rates = { workPercent: percent, storedPercent: percent }
  const lastCertified = lastIndexOf(applications.slice(0, -1), (application) => application.certified !== false)
  // Only the last applications' G703 lines are worked out (a claim screen of 60 claims of 500 lines each stays fast).
  const figures = computeApplication(context.schedule, applications, rates)
  return {
    figures,
    previous: applications.length > 1 ? computeApplication(context.schedule, applications.slice(0, -1), rates) : null,
    certified: lastCertified >= 0 ? computeApplication(context.schedule, applications.slice(0, lastCertified + 1), rates) : null,
    heldCents: retentionHeldOf(figures, own)
  }
}

const lastIndexOf = <T>(items: readonly T[], test: (item: T) => boolean) => {
  for (let index = items.length - 1; index >= 0; index--) if (test(items[index])) return index
  return -1
}

/** What the claim states beside its lines, for the ledger's check: a work claim's amount, and the certificates issued before it. */
export const statedOf = (claim: any, ledger: NonNullable<ReturnType<typeof ledgerOf>>) => ({
  completionAmountCents: isRetentionRelease(claim.completionType) ? null : Number(claim.completionAmountCents ?? 0),
  previousCertificatesCents: ledger.certified?.totalEarnedLessRetainageCents ?? 0
})

/**
 * The ledger of one claim as its screen reads it: the claims in the ledger before it with their
 * lines back to the last certified one (its line 6 is this claim's line 7) and to one with lines
 * (an application without lines carries the materials stored before it), and the ones before
 * that summed per item by the database into one application (g702's `Application.count`), so a
 * claim after 60 claims of 500 lines reads two claims' lines, not 60.
 */
export async function foldForScreen(db: Knex, context: ClaimContext, claim: any) {
  if (!context.schedule.length) return
  const earlier = ledgerClaimsBefore(context.claims, claim)
  if (!earlier.length) return
  const lastCertified = lastIndexOf(earlier, (other) => other.status === 'APPR')
  let keepFrom = lastCertified >= 0 ? lastCertified : earlier.length - 1
  while (keepFrom > 0 && !Number(earlier[keepFrom].lineCount)) keepFrom--
  const kept = earlier.slice(keepFrom)
  const stored = await db('project_submissions')
    .whereIn(
      'id',
      kept.map((one) => one.id)
    )
    .select('id', 'lines')
  for (const one of kept) one.lines = stored.find((row: any) => row.id === one.id)?.lines ?? []
  const folded = earlier.slice(0, keepFrom)
  if (!folded.length) return
  const work = await foldedWork(db, folded)
  context.folded = {
    beforeOrder: kept[0].order,
    application: {
      lines: [...work].map(([item, workThisPeriodCents]) => ({ item, workThisPeriodCents, materialsStoredCents: 0 })),
      retainageReleasedCents: folded.reduce((total, one) => total + (isRetentionRelease(one.completionType) ? Number(one.completionAmountCents ?? 0) : 0), 0),
      count: folded.length,
      certified: false
    }
  }
}

/** The project's schedule and every claim of it (locked project: the figures cannot move under the write). */
export async function contextOf(db: Knex, project: any): Promise<ClaimContext> {
  const [schedule, claims] = await Promise.all([
    db('project_schedule_lines').where({ projectId: project.id }).orderBy('position').select('item', 'description', 'originalValueCents', 'changeOrders'),
    db('project_submissions').where({ projectId: project.id }).orderBy('order').select('id', 'order', 'status', 'completionType', 'completionAmountCents', 'lines', submittedAtOf(db))
  ])
  return { project, schedule, claims }
}
