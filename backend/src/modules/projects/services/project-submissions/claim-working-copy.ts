import type { Knex } from 'knex'
import { appError } from '../../../../errors.js'
import { claimError, claimFigures, claimProblems, invoiceNumberKey, isRetentionRelease, type ClaimCheck, type ClaimFailure } from '../../claims/claim-rules.shared.js'
import { claimLineProblems, itemKey, type ClaimLine } from '../../claims/schedule-of-values.shared.js'
import { claimAmountsOfApplication } from '../../claims/g702.shared.js'
import { isoDay } from '../../../../format/format.shared.js'
import { inTransaction } from '../../../../db/transaction.js'
import { claimInput, claimProject, ledgerOf, otherClaims, type ClaimContext } from './claim-context.js'

// A claim's working copy as a vendor saves or submits it: the fields taken, the claim rules, the
// figures computed afresh, and the invoice number held once per vendor.

const UNIQUE_VIOLATION = '23505'
const CHECK_VIOLATION = '23514'

/** The claim's fields a vendor edits while it is editable (DRAFT, REJECTED). */
const editableFields = ['completionType', 'invoiceNumber', 'invoiceAmountCents', 'invoiceDate', 'completionAmountCents', 'deductionAmountCents', 'lines'] as const

/** The fields of the request a vendor may set, as stored (invoice number trimmed, its key). */
export function editable(data: any): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const field of editableFields) if (data?.[field] !== undefined) out[field] = data[field]
  if (typeof out.invoiceNumber === 'string') out.invoiceNumber = (out.invoiceNumber as string).trim() || null
  return out
}

/**
 * The working copy as stored, after the claim rules of the check (400 with every failure): the
 * lines against the schedule, the completion amount from the lines when the project has a
 * schedule, and the figures (previous amount, remaining balance, retention) computed afresh.
 */
export function checkedWorkingCopy(context: ClaimContext, claim: any, check: ClaimCheck): Record<string, unknown> {
  const lines: ClaimLine[] = (claim.lines ?? []).map((line: ClaimLine) => ({
    item: String(line.item).trim(),
    workThisPeriodCents: line.workThisPeriodCents,
    materialsStoredCents: line.materialsStoredCents
  }))
  const failures: ClaimFailure[] = []
  let completionAmountCents = claim.completionAmountCents ?? null
  if (lines.length && !context.schedule.length) failures.push({ code: 'CLAIM_LINES_WITHOUT_SCHEDULE' as any, field: 'lines' })
  let ledgerRetentionHeldCents: number | null = null
  // Every claim's lines meet the same rules, a retention release's too (issue 27 item 1: a release's lines went unchecked into the ledger).
  if (context.schedule.length) {
    const ledger = ledgerOf(context, { ...claim, lines, status: 'DRAFT' })!
    ledgerRetentionHeldCents = ledger.heldCents
    const previous = new Map(ledger.figures.lines.map((line) => [itemKey(line.item), line.previousApplicationCents]))
    const problems = claimLineProblems(context.schedule, lines, previous)
    // The schedule's own codes (SOV_UNKNOWN_ITEM, SOV_LINE_OVER_SCHEDULED...), naming the line and item.
    for (const problem of problems) failures.push({ code: problem.code as ClaimFailure['code'], field: 'lines', data: { line: problem.line ?? 0, item: problem.item ?? '', ...problem.data } })
    // With a schedule a work claim's amount is what its lines add (none: nothing), never a figure typed beside them.
    if (!problems.length && !isRetentionRelease(claim.completionType)) completionAmountCents = claimAmountsOfApplication(ledger.figures, ledger.previous).completionAmountCents
    // Stored materials taken away after the retention on them was released would leave less held
    // than released (retention held = withheld − released ≥ 0): refused here, not first at approval.
    // A release is held to what it may draw on by the claim rules (CLAIM_RELEASE_EXCEEDS_HELD).
    if (!problems.length && !isRetentionRelease(claim.completionType) && ledger.figures.totalRetainageCents < 0) {
      failures.push({ code: 'CLAIM_STORED_BELOW_RELEASED', field: 'lines', data: { shortCents: -ledger.figures.totalRetainageCents } })
    }
  }
  const input = { ...claimInput({ ...claim, completionAmountCents }), status: claim.status, ledgerRetentionHeldCents }
  failures.push(...claimProblems(claimProject(context.project), input, otherClaims(context.claims), check))
  if (failures.length) throw claimError(failures)
  const figures = claimFigures(claimProject(context.project), { ...input, status: 'DRAFT' }, otherClaims(context.claims))
  return {
    completionType: claim.completionType ?? null,
    invoiceNumber: claim.invoiceNumber ?? null,
    invoiceKey: invoiceNumberKey(claim.invoiceNumber),
    invoiceAmountCents: claim.invoiceAmountCents ?? null,
    invoiceDate: claim.invoiceDate ? isoDay(claim.invoiceDate) : null,
    completionAmountCents,
    deductionAmountCents: claim.deductionAmountCents ?? 0,
    previousAmountCents: figures.previousAmountCents,
    remainingBalanceCents: figures.remainingBalanceCents,
    retentionAmountCents: figures.retentionAmountCents,
    retainageReleasedCents: isRetentionRelease(claim.completionType) ? (completionAmountCents ?? 0) : 0,
    lines
  }
}

/** 409 CLAIM_INVOICE_NUMBER_TAKEN naming the vendor's other claim that holds the same invoice number. */
export async function assertInvoiceFree(db: Knex, companyId: number, key: string, ownId: string | null) {
  if (!key) return
  const clash = await db('project_submissions as s')
    .join('projects as p', 'p.id', 's.projectId')
    .where({ 's.companyId': companyId, 's.invoiceKey': key })
    .modify((q) => {
      if (ownId) q.whereNot('s.id', ownId)
    })
    .first('s.id', 's.order', 's.invoiceNumber', 'p.number')
  if (clash)
    throw claimError([{ code: 'CLAIM_INVOICE_NUMBER_TAKEN', field: 'invoiceNumber', data: { claimId: clash.id, order: clash.order, projectNumber: clash.number, invoiceNumber: clash.invoiceNumber } }])
}

/** The write in a savepoint: a concurrent claim that took the invoice number first is named (the unique index decides). */
export async function insertOrClash<T>(db: Knex, companyId: number, write: (savepoint: Knex) => Promise<T>): Promise<T> {
  try {
    return await inTransaction(db, write)
  } catch (error: any) {
    if (error?.code === UNIQUE_VIOLATION && error?.constraint === 'project_submissions_invoice_key') {
      const key = /\(company_id, invoice_key\)=\(\d+, (.*)\)/.exec(String(error.detail ?? ''))?.[1] ?? ''
      await assertInvoiceFree(db, companyId, key, null)
      throw claimError([{ code: 'CLAIM_INVOICE_NUMBER_TAKEN', field: 'invoiceNumber' }])
    }
    if (error?.code === UNIQUE_VIOLATION) throw appError(409, 'CONFLICT', { details: error.constraint })
    if (error?.code === CHECK_VIOLATION) throw appError(400, 'VALIDATION_FAILED', { details: error.constraint })
    throw error
  }
}

/** A write in a savepoint, its constraint violations answered as `insertOrClash` answers them. */
export async function constraintErrors<T>(db: Knex, write: (savepoint: Knex) => Promise<T>): Promise<T> {
  return insertOrClash(db, -1, write)
}
