import { safeCents } from '../../../format/money.shared.js'

/*
 * A project's schedule of values (issue 12 item 6; AIA G703 columns A to C) and the lines a claim
 * states against it. Browser-safe and pure. Money is integer cents (JS safe integers).
 *
 * A line's scheduled value (G703 column C) is its value in the original contract plus the change
 * orders that touch it: a change order (a project revision) either adds a line (original 0) or
 * changes an existing one, by a positive or negative amount. The original contract sum is the sum
 * of the original values, the net change by change orders the sum of the changes (G702 lines 1, 2).
 */

export interface ChangeOrderAmount {
  /** The project revision (change order number) that made the change. */
  revision: number
  amountCents: number
  /** The change order record (project-change-orders) that made it; none for one imported with the schedule. */
  changeOrderId?: number | null
  /**
   * When the change order was approved (ISO instant): it counts in the contract sum of the
   * applications made from then on. None (imported with the schedule): part of every application.
   */
  approvedAt?: string | null
}

export interface ScheduleLine {
  /** Item no. (G703 column A); unique in the schedule after trimming and case-folding. */
  item: string
  /** Description of work (column B). */
  description: string
  /** The line's value in the original contract; 0 for a line a change order added. */
  originalValueCents: number
  changeOrders?: readonly ChangeOrderAmount[] | null
}

/** What a claim states for one line of the schedule. */
export interface ClaimLine {
  item: string
  /** Work completed this period (G703 column E); may be negative to correct an earlier period. */
  workThisPeriodCents: number
  /** Materials presently stored, not in D or E (column F): the level at this application, not an addition. */
  materialsStoredCents: number
}

/** An item no. as the schedule compares them: trimmed, case-folded, width variants as one. */
export function itemKey(item: string | null | undefined): string {
  const text = String(item ?? '')
  // Plain ASCII (nearly every item no.) is its own NFKC form and folds by lowercasing: the ledger asks this for every line of every claim.
  if (/^[\x20-\x7e]*$/.test(text)) return text.trim().toLowerCase()
  return text.normalize('NFKC').trim().toUpperCase().toLowerCase()
}

const sum = (values: readonly number[]) => safeCents(values.reduce((total, value) => total + BigInt(value), 0n))

/** The net change of a line by change orders, in cents. */
export function lineChangeCents(line: Pick<ScheduleLine, 'changeOrders'>): number {
  return sum((line.changeOrders ?? []).map((change) => change.amountCents))
}

/** The line's scheduled value to date (column C): original value plus its change orders. */
export function scheduledValueCents(line: Pick<ScheduleLine, 'originalValueCents' | 'changeOrders'>): number {
  return safeCents(BigInt(line.originalValueCents) + BigInt(lineChangeCents(line)))
}

export interface ContractSums {
  /** G702 line 1. */
  originalContractSumCents: number
  /** G702 line 2. */
  netChangeByChangeOrdersCents: number
  /** G702 line 3 (= 1 + 2 = Σ column C). */
  contractSumToDateCents: number
}

export function contractSums(lines: readonly ScheduleLine[]): ContractSums {
  const original = sum(lines.map((line) => line.originalValueCents))
  const change = sum(lines.map(lineChangeCents))
  return { originalContractSumCents: original, netChangeByChangeOrdersCents: change, contractSumToDateCents: safeCents(BigInt(original) + BigInt(change)) }
}

/** An instant as milliseconds: an ISO text or a Date; null for none. */
const instantOf = (value: string | Date | null | undefined) => (value === null || value === undefined ? null : value instanceof Date ? value.getTime() : Date.parse(value))

/** Whether a change counts in an application made at `at` (none: made now, so every approved change counts). */
export function changeEffectiveAt(change: Pick<ChangeOrderAmount, 'approvedAt'>, at: string | Date | null | undefined): boolean {
  const when = instantOf(at)
  const approved = instantOf(change.approvedAt)
  return when === null || approved === null || Number.isNaN(approved) || approved <= when
}

/**
 * The schedule as it stood at `at` (issue 27 item 3: a change order changes the contract sum to
 * date from its approval on): each line with the changes approved by then, and without the lines
 * that only a change order approved later added. `at` none: the schedule as it stands.
 */
export function scheduleAsOf<L extends ScheduleLine>(lines: readonly L[], at: string | Date | null | undefined): L[] {
  if (instantOf(at) === null || !lines.some((line) => line.changeOrders?.some((change) => change.approvedAt))) return lines as L[]
  return lines.map((line) => lineAsOf(line, at)).filter((line): line is L => line !== null)
}

/** One line as it stood at `at`: with the changes approved by then; null while only a later change order adds it. */
export function lineAsOf<L extends ScheduleLine>(line: L, at: string | Date | null | undefined): L | null {
  const changes = line.changeOrders ?? []
  const effective = changes.filter((change) => changeEffectiveAt(change, at))
  if (line.originalValueCents === 0 && changes.length > 0 && effective.length === 0) return null
  return effective.length === changes.length ? line : { ...line, changeOrders: effective }
}

/** The net change by change orders per revision, in revision order (the change order summary). */
export function changeOrderSummary(lines: readonly ScheduleLine[]): { revision: number; amountCents: number }[] {
  const byRevision = new Map<number, bigint>()
  for (const line of lines) for (const change of line.changeOrders ?? []) byRevision.set(change.revision, (byRevision.get(change.revision) ?? 0n) + BigInt(change.amountCents))
  return [...byRevision.entries()].sort(([a], [b]) => a - b).map(([revision, amount]) => ({ revision, amountCents: safeCents(amount) }))
}

/** A problem of a schedule or of a claim's lines: a code of the claims catalogue and where. */
export interface ScheduleProblem {
  code:
    | 'SOV_BAD_AMOUNT'
    | 'SOV_MISSING_ITEM'
    | 'SOV_MISSING_DESCRIPTION'
    | 'SOV_DUPLICATE_ITEM'
    | 'SOV_EMPTY'
    | 'SOV_UNKNOWN_ITEM'
    | 'SOV_STORED_NEGATIVE'
    | 'SOV_LINE_OVER_SCHEDULED'
    | 'SOV_LINE_BELOW_ZERO'
    | 'SOV_NEGATIVE_LINE'
    | 'SOV_CONTRACT_SUM_MISMATCH'
  /** The line's position, 1-based (a row number of an import is given by the parser instead). */
  line?: number
  item?: string
  field?: string
  /**
   * Figures the message names: SOV_LINE_OVER_SCHEDULED the cents of the line's value still to claim
   * (`remainingCents`); SOV_CONTRACT_SUM_MISMATCH the original values' sum and the contract amount.
   */
  data?: Record<string, number>
}

const isCents = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value)

/**
 * Every problem of a schedule: each line needs an item no., unique, a description, and whole cents;
 * no line's original or scheduled value is negative (a change order may take a line down, not
 * below nothing); and, given the contract (the project's purchase order or contract amount), the
 * original values add up to it to the cent (issue 27 item 2: a 652,031.00 schedule on a
 * 100,000.00 project showed both figures side by side).
 */
export function scheduleProblems(lines: readonly ScheduleLine[], contract?: { contractCents: number }): ScheduleProblem[] {
  if (lines.length === 0) return [{ code: 'SOV_EMPTY' }]
  const problems: ScheduleProblem[] = []
  const seen = new Map<string, number>()
  lines.forEach((line, index) => {
    const at = { line: index + 1, item: line.item }
    const key = itemKey(line.item)
    if (key === '') problems.push({ code: 'SOV_MISSING_ITEM', ...at, field: 'item' })
    else if (seen.has(key)) problems.push({ code: 'SOV_DUPLICATE_ITEM', ...at, field: 'item' })
    else seen.set(key, index)
    if (String(line.description ?? '').trim() === '') problems.push({ code: 'SOV_MISSING_DESCRIPTION', ...at, field: 'description' })
    if (!isCents(line.originalValueCents) || (line.changeOrders ?? []).some((change) => !isCents(change.amountCents))) problems.push({ code: 'SOV_BAD_AMOUNT', ...at, field: 'scheduledValue' })
    else if (line.originalValueCents < 0 || scheduledValueCents(line) < 0) problems.push({ code: 'SOV_NEGATIVE_LINE', ...at, field: 'scheduledValue' })
  })
  if (contract && !problems.length) {
    const { originalContractSumCents } = contractSums(lines)
    if (originalContractSumCents !== contract.contractCents) {
      problems.push({ code: 'SOV_CONTRACT_SUM_MISMATCH', field: 'scheduledValue', data: { scheduledCents: originalContractSumCents, contractCents: contract.contractCents } })
    }
  }
  return problems
}

/**
 * Every problem of a claim's lines against the schedule and what earlier applications certified
 * (`previousCents` by item key: column D): each line names an item of the schedule once, in whole
 * cents, stores no negative materials, and the total to date (G) stays within 0 and the line's
 * scheduled value (spec §5: a completion amount cannot exceed the remaining balance).
 */
export function claimLineProblems(schedule: readonly ScheduleLine[], claimLines: readonly ClaimLine[], previousCents: ReadonlyMap<string, number> = new Map()): ScheduleProblem[] {
  const problems: ScheduleProblem[] = []
  const byKey = new Map(schedule.map((line) => [itemKey(line.item), line]))
  const seen = new Set<string>()
  claimLines.forEach((claimLine, index) => {
    const at = { line: index + 1, item: claimLine.item }
    const key = itemKey(claimLine.item)
    const line = byKey.get(key)
    if (!line) return problems.push({ code: 'SOV_UNKNOWN_ITEM', ...at, field: 'item' })
    if (seen.has(key)) return problems.push({ code: 'SOV_DUPLICATE_ITEM', ...at, field: 'item' })
    seen.add(key)
    if (!isCents(claimLine.workThisPeriodCents)) return problems.push({ code: 'SOV_BAD_AMOUNT', ...at, field: 'workThisPeriod' })
    if (!isCents(claimLine.materialsStoredCents)) return problems.push({ code: 'SOV_BAD_AMOUNT', ...at, field: 'materialsStored' })
    if (claimLine.materialsStoredCents < 0) return problems.push({ code: 'SOV_STORED_NEGATIVE', ...at, field: 'materialsStored' })
    const before = previousCents.get(key) ?? 0
    const toDate = before + claimLine.workThisPeriodCents + claimLine.materialsStoredCents
    const scheduled = scheduledValueCents(line)
    if (toDate < 0) problems.push({ code: 'SOV_LINE_BELOW_ZERO', ...at, field: 'workThisPeriod' })
    else if (toDate > Math.max(scheduled, 0)) problems.push({ code: 'SOV_LINE_OVER_SCHEDULED', ...at, field: 'workThisPeriod', data: { remainingCents: Math.max(scheduled - before, 0) } })
  })
  return problems
}
