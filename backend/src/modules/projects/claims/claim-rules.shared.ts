// One file on purpose (issue 28): the money rules of a claim are checked together (claimProblems) and
// shown together by the claim form; each rule reads the figures the others compute.
import { appError } from '../../../errors.js'
import { calendarDay, formatAmount, fromCents } from '../../../format/format.shared.js'
import { isBlank, parseDecimal, percentOfCents, safeCents, type Decimal } from '../../../format/money.shared.js'
import { submissionWorkflow, type Id, type SubmissionState } from './submission.workflow.js'

/*
 * The money rules of a payment claim (project submission; spec §3 Submission, §4 retention, §5
 * project rules, §9 amounts; issue 12 items 5 and 7). Browser-safe and pure: the claim form shows
 * the same figures and problems on blur that the server stores and refuses.
 *
 * Money is integer cents (JS safe integers); a percent is read exactly as a decimal; each stored
 * amount is rounded once, half-up, to the cent (format/money.shared.ts).
 *
 * Our reading of the spec's figures, for one claim of a project:
 * - revised amount = project amount − deduction (spec §9 "the revised amount (after deduction)");
 *   the claim's deduction is the deduction to date (it starts as the project's);
 * - retention = retention percent × revised amount / 100, 2 decimals (spec §4), computed afresh
 *   while the claim is editable (DRAFT or REJECTED), frozen as stored once submitted;
 * - previous amount = the completion amounts of the project's other completion claims that are
 *   submitted or accepted (OPEN, APPR): what is claimed and not refused;
 * - balance before = revised amount − previous amount: the "remaining balance" a completion
 *   amount may not exceed (spec §5);
 * - remaining balance = balance before − completion amount (stored on the claim); full completion
 *   ticks itself when it is at or below the retention (spec §4: all but the retention is claimed);
 * - deductible amount = project amount − previous amount: a deduction cannot take back what is
 *   already claimed (spec §5 "deduction cannot exceed the deductible amount");
 * - a retention claim (RETENTION, RETENTION_PAYMENT) claims no work: it draws on the retention
 *   held, only after the defects liability date, or with an approver's override and reason (issue
 *   12 item 7). Retention held has one definition (issue 27 item 4): with a schedule of values the
 *   G702 ledger's (5a + 5b − released to date, given as `ledgerRetentionHeldCents`), used alike by
 *   the form, the approval, the calendar and the PDF; without one, retention − retention released
 *   by the other release claims.
 */

export const completionTypes = ['FULL', 'PARTIAL', 'FINAL_PARTIAL', 'RETENTION', 'FINAL_PAYMENT', 'RETENTION_PAYMENT'] as const
export type CompletionType = (typeof completionTypes)[number]

/** The longest reason for releasing retention before the defects liability date (the accept's override). */
export const releaseOverrideReasonMaxLength = 1000

/** The completion types that release retention instead of claiming work. */
export const retentionReleaseTypes = ['RETENTION', 'RETENTION_PAYMENT'] as const satisfies readonly CompletionType[]

export function isRetentionRelease(type: string | null | undefined): boolean {
  return (retentionReleaseTypes as readonly string[]).includes(type ?? '')
}

/** The claim statuses whose amounts count against the balance: submitted or accepted. */
const countingStates: readonly SubmissionState[] = ['OPEN', 'APPR']

/** A problem with a claim: a code of the claims catalogue, the field it is about, the figures its message names. */
export interface ClaimFailure {
  code: ClaimErrorCode
  field: string
  data?: Record<string, string | number>
}

export const claimErrorCodes = [
  'CLAIM_AMOUNT_INVALID',
  'CLAIM_AMOUNT_REQUIRED',
  'CLAIM_COMMENCEMENT_DATE_REQUIRED',
  'CLAIM_RETENTION_NOT_SET',
  'CLAIM_RETENTION_INVALID',
  'CLAIM_DEDUCTION_EXCEEDS_DEDUCTIBLE',
  'CLAIM_COMPLETION_EXCEEDS_BALANCE',
  'CLAIM_COMPLETION_TYPE_INVALID',
  'CLAIM_INVOICE_NUMBER_REQUIRED',
  'CLAIM_INVOICE_NUMBER_TAKEN',
  'CLAIM_RELEASE_BEFORE_DLP',
  'CLAIM_RELEASE_DLP_NOT_SET',
  'CLAIM_RELEASE_OVERRIDE_REASON_REQUIRED',
  'CLAIM_RELEASE_EXCEEDS_HELD',
  'CLAIM_STORED_BELOW_RELEASED'
] as const
export type ClaimErrorCode = (typeof claimErrorCodes)[number]

/** The project's side of a claim. */
export interface ClaimProject {
  /** Project total amount, in cents. */
  totalAmountCents: number
  /** Retention percent (spec §3 retention.percentValue); null when not set. */
  retentionPercent: number | string | null | undefined
  /** Actual commencement date ('yyyy-mm-dd'); required before a claim is accepted. */
  actualCommencementDate?: string | null
  /** Defects liability date ('yyyy-mm-dd', or an instant read on the region's clock). */
  dlpDate?: string | Date | null
}

/** A claim as the rules read it; amounts in cents. */
export interface ClaimInput {
  id?: Id | null
  status: SubmissionState
  completionType: CompletionType | string | null
  completionAmountCents: number | null
  /** The deduction to date (spec §3 deductionAmount); null counts as 0. */
  deductionAmountCents?: number | null
  /** The retention stored on the claim (frozen once submitted). */
  retentionAmountCents?: number | null
  invoiceNumber?: string | null
  /**
   * The retention held by the project's G702 ledger before this claim's release (5a + 5b less the
   * earlier releases: claim-ledger.shared.ts retentionHeldOf), when the project has a schedule of
   * values: then it is the one "retention held" (issue 27 item 4), not the contract's retention.
   */
  ledgerRetentionHeldCents?: number | null
}

/** Another claim of the same project, as stored. */
export interface OtherClaim {
  id: Id
  status: SubmissionState
  completionType: CompletionType | string | null
  completionAmountCents: number | null
}

/** The figures of a claim the form shows and the server stores. */
export interface ClaimFigures {
  revisedAmountCents: number
  /** Null while the project's retention percent is not set. */
  retentionAmountCents: number | null
  previousAmountCents: number
  deductibleAmountCents: number
  balanceBeforeCents: number
  remainingBalanceCents: number
  /** Full completion ticks itself: the remaining balance is at or below the retention. */
  fullCompletion: boolean
  /** Retention still held for release claims: retention − what other release claims drew. */
  retentionHeldCents: number | null
}

/** The retention percent read exactly; null when not set, 'invalid' when no percent from 0 to 100. */
export function readRetentionPercent(value: unknown): Decimal | null | 'invalid' {
  if (isBlank(value)) return null
  const percent = parseDecimal(value)
  if (!percent || percent.units < 0n || percent.units > 100n * 10n ** BigInt(percent.scale)) return 'invalid'
  return percent
}

/** Spec §4: retention = percent × (project amount − deduction) / 100, rounded once to the cent; null when the percent is not set. */
export function retentionCents(projectAmountCents: number, retentionPercent: unknown, deductionCents = 0): number | null {
  const percent = readRetentionPercent(retentionPercent)
  if (percent === null || percent === 'invalid') return null
  return safeCents(percentOfCents(BigInt(projectAmountCents) - BigInt(deductionCents), percent))
}

const cents = (value: number | null | undefined) => (typeof value === 'number' && Number.isSafeInteger(value) ? value : 0)
const isOther = (claim: ClaimInput, other: OtherClaim) => claim.id === null || claim.id === undefined || String(other.id) !== String(claim.id)

/** The figures of the claim among the project's other claims (see the reading at the top). */
export function claimFigures(project: ClaimProject, claim: ClaimInput, others: readonly OtherClaim[]): ClaimFigures {
  const deduction = cents(claim.deductionAmountCents)
  const revised = project.totalAmountCents - deduction
  const counting = others.filter((other) => isOther(claim, other) && countingStates.includes(other.status))
  const previous = counting.filter((other) => !isRetentionRelease(other.completionType)).reduce((sum, other) => sum + cents(other.completionAmountCents), 0)
  const released = counting.filter((other) => isRetentionRelease(other.completionType)).reduce((sum, other) => sum + cents(other.completionAmountCents), 0)
  const retention = submissionWorkflow.isIn('editable', claim.status)
    ? retentionCents(project.totalAmountCents, project.retentionPercent, deduction)
    : (claim.retentionAmountCents ?? retentionCents(project.totalAmountCents, project.retentionPercent, deduction))
  const balanceBefore = revised - previous
  const completion = isRetentionRelease(claim.completionType) ? 0 : cents(claim.completionAmountCents)
  const remaining = balanceBefore - completion
  return {
    revisedAmountCents: revised,
    retentionAmountCents: retention,
    previousAmountCents: previous,
    deductibleAmountCents: project.totalAmountCents - previous,
    balanceBeforeCents: balanceBefore,
    remainingBalanceCents: remaining,
    fullCompletion: retention !== null && !isRetentionRelease(claim.completionType) && remaining <= retention,
    retentionHeldCents: typeof claim.ledgerRetentionHeldCents === 'number' ? claim.ledgerRetentionHeldCents : retention === null ? null : retention - released
  }
}

/** The completion type the form shows: FULL once full completion ticks itself on a partial claim; otherwise as chosen. */
export function suggestedCompletionType(type: CompletionType | string | null, figures: Pick<ClaimFigures, 'fullCompletion'>): CompletionType | string | null {
  return figures.fullCompletion && (type === null || type === 'PARTIAL') ? 'FULL' : type
}

/** Invoice numbers are unique per vendor after trimming and case-folding (issue 12 item 5); width variants (full-width digits) are one. */
export function invoiceNumberKey(invoiceNumber: string | null | undefined): string {
  return (invoiceNumber ?? '').normalize('NFKC').trim().toUpperCase().toLowerCase()
}

/** The vendor's other claim holding the same invoice number (the 409 names it), or null. */
export function invoiceClash<C extends { id: Id; vendorId: Id | null; invoiceNumber?: string | null }>(
  claim: { id?: Id | null; vendorId: Id | null; invoiceNumber?: string | null },
  vendorClaims: readonly C[]
): C | null {
  const key = invoiceNumberKey(claim.invoiceNumber)
  if (key === '') return null
  return (
    vendorClaims.find(
      (other) =>
        (claim.id === null || claim.id === undefined || String(other.id) !== String(claim.id)) && String(other.vendorId) === String(claim.vendorId) && invoiceNumberKey(other.invoiceNumber) === key
    ) ?? null
  )
}

/** What the claim is checked for: saving a draft, submitting it, or accepting it. */
export type ClaimCheck = 'save' | 'submit' | 'accept'

/** When a release claim is submitted or accepted: the clock, the region's zone and any approver's override. */
export interface ReleaseContext {
  now: Date | string | number
  timeZone?: string | null
  override?: ReleaseOverride | null
}

/**
 * Every problem of the claim for the check, in the order the form shows them (spec §5 project
 * rules). Saving checks the amounts; submitting also needs an invoice number, a completion type and
 * an amount; accepting also needs the actual commencement date and the retention set. A retention
 * release submitted or accepted with its `release` context is also held to the defects liability
 * date (retentionReleaseProblems).
 */
export function claimProblems(project: ClaimProject, claim: ClaimInput, others: readonly OtherClaim[], check: ClaimCheck, release?: ReleaseContext): ClaimFailure[] {
  const failures: ClaimFailure[] = []
  for (const field of ['completionAmountCents', 'deductionAmountCents'] as const) {
    const value = claim[field]
    if (value !== null && value !== undefined && (!Number.isSafeInteger(value) || value < 0)) failures.push({ code: 'CLAIM_AMOUNT_INVALID', field })
  }
  if (claim.completionType !== null && !(completionTypes as readonly string[]).includes(claim.completionType)) {
    failures.push({ code: 'CLAIM_COMPLETION_TYPE_INVALID', field: 'completionType' })
  }
  const percent = readRetentionPercent(project.retentionPercent)
  if (percent === 'invalid') failures.push({ code: 'CLAIM_RETENTION_INVALID', field: 'retentionPercent' })
  else if (percent === null && check !== 'save') failures.push({ code: 'CLAIM_RETENTION_NOT_SET', field: 'retentionPercent' })
  if (check === 'accept' && isBlank(project.actualCommencementDate)) failures.push({ code: 'CLAIM_COMMENCEMENT_DATE_REQUIRED', field: 'actualCommencementDate' })
  if (check !== 'save') {
    if (invoiceNumberKey(claim.invoiceNumber) === '') failures.push({ code: 'CLAIM_INVOICE_NUMBER_REQUIRED', field: 'invoiceNumber' })
    if (claim.completionType === null) failures.push({ code: 'CLAIM_COMPLETION_TYPE_INVALID', field: 'completionType' })
    if (!(cents(claim.completionAmountCents) > 0)) failures.push({ code: 'CLAIM_AMOUNT_REQUIRED', field: 'completionAmountCents' })
  }
  if (failures.some((failure) => failure.code === 'CLAIM_AMOUNT_INVALID')) return failures
  const figures = claimFigures(project, claim, others)
  if (cents(claim.deductionAmountCents) > figures.deductibleAmountCents) {
    failures.push({ code: 'CLAIM_DEDUCTION_EXCEEDS_DEDUCTIBLE', field: 'deductionAmountCents', data: { deductibleCents: figures.deductibleAmountCents } })
  }
  if (isRetentionRelease(claim.completionType)) {
    if (check !== 'save' && release) failures.push(...retentionReleaseProblems({ dlpDate: project.dlpDate, ...release }))
    if (figures.retentionHeldCents !== null && cents(claim.completionAmountCents) > figures.retentionHeldCents) {
      failures.push({ code: 'CLAIM_RELEASE_EXCEEDS_HELD', field: 'completionAmountCents', data: { heldCents: Math.max(figures.retentionHeldCents, 0) } })
    }
  } else if (cents(claim.completionAmountCents) > 0 && cents(claim.completionAmountCents) > figures.balanceBeforeCents) {
    failures.push({ code: 'CLAIM_COMPLETION_EXCEEDS_BALANCE', field: 'completionAmountCents', data: { balanceCents: Math.max(figures.balanceBeforeCents, 0) } })
  }
  return failures
}

/** An approver's override of the defects liability date (issue 12 item 7). */
export interface ReleaseOverride {
  reason?: string | null
}

/** The calendar day a date is on the region's clock ('yyyy-mm-dd' as it is; an instant read in the zone). */
function dayOf(value: string | Date, timeZone?: string | null): string {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : calendarDay(value, timeZone)
}

/**
 * Whether retention may be released now: only after the defects liability date, whose whole end
 * day belongs to the period on the region's clock (spec §9 "effective dates include the whole end
 * day"), or with an override carrying a reason. Failures name the date.
 */
export function retentionReleaseProblems({
  dlpDate,
  now,
  timeZone,
  override
}: {
  dlpDate: string | Date | null | undefined
  now: Date | string | number
  timeZone?: string | null
  override?: ReleaseOverride | null
}): ClaimFailure[] {
  if (override) return isBlank(override.reason) ? [{ code: 'CLAIM_RELEASE_OVERRIDE_REASON_REQUIRED', field: 'overrideReason' }] : []
  if (dlpDate === null || dlpDate === undefined || dlpDate === '') return [{ code: 'CLAIM_RELEASE_DLP_NOT_SET', field: 'dlpDate' }]
  const dlpDay = dayOf(dlpDate, timeZone)
  return calendarDay(now, timeZone) > dlpDay ? [] : [{ code: 'CLAIM_RELEASE_BEFORE_DLP', field: 'completionType', data: { dlpDate: dlpDay } }]
}

/** Figures in cents named for a message: `balanceCents: 3800000` also gives `balance: "38,000.00"`. */
function withAmountTexts(data: Record<string, string | number> = {}): Record<string, string | number> {
  const texts: Record<string, string> = {}
  for (const [key, value] of Object.entries(data)) if (key.endsWith('Cents') && typeof value === 'number') texts[key.slice(0, -'Cents'.length)] = formatAmount(fromCents(value))
  return { ...data, ...texts }
}

/** The first failure as the server answers it: 400 (409 for a taken invoice number) with its code, field and figures, and every failure listed. */
export function claimError(failures: readonly ClaimFailure[]) {
  const [first] = failures
  return appError(first.code === 'CLAIM_INVOICE_NUMBER_TAKEN' ? 409 : 400, first.code, {
    field: first.field,
    ...withAmountTexts(first.data),
    failures: failures.map(({ code, field }) => ({ code, field }))
  })
}

/** The refusal of an approval whose figures do not reconcile (ledger invariants, g702.shared.ts): 409 naming each broken rule. */
export function ledgerError(failures: readonly { code: string; item?: string; figure?: string }[]) {
  return appError(409, 'LEDGER_OUT_OF_BALANCE', {
    failures: [...new Set(failures.map((failure) => failure.code))].join(', '),
    details: failures.map(({ code, item, figure }) => ({ code, item, figure }))
  })
}

const DAY = 86_400_000

/** The day retention falls due (the day after the defects liability date) and its reminder day, 30 days before (issue 12 item 7). */
export function retentionDueDays(dlpDate: string): { dueDay: string; reminderDay: string } {
  const dlp = Date.parse(`${dlpDate}T00:00:00Z`)
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10)
  return { dueDay: iso(dlp + DAY), reminderDay: iso(dlp + DAY - 30 * DAY) }
}

/** One project's retention still held, for the calendar of retention falling due. */
export interface HeldRetention {
  projectId: Id
  vendorId: Id
  dlpDate: string
  heldCents: number
}

/** Retention falling due, by month ('yyyy-mm' of the due day) and vendor, in cents; months and vendors in order. */
export function retentionCalendar(held: readonly HeldRetention[]): { month: string; vendorId: Id; heldCents: number; projectIds: Id[] }[] {
  const rows = new Map<string, { month: string; vendorId: Id; heldCents: number; projectIds: Id[] }>()
  for (const entry of held) {
    if (entry.heldCents <= 0) continue
    const month = retentionDueDays(entry.dlpDate).dueDay.slice(0, 7)
    const key = `${month}|${entry.vendorId}`
    const row = rows.get(key) ?? { month, vendorId: entry.vendorId, heldCents: 0, projectIds: [] }
    row.heldCents += entry.heldCents
    row.projectIds.push(entry.projectId)
    rows.set(key, row)
  }
  return [...rows.values()].sort((a, b) => a.month.localeCompare(b.month) || String(a.vendorId).localeCompare(String(b.vendorId), 'en', { numeric: true }))
}
