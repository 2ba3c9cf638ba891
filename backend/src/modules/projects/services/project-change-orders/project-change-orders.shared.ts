// Browser-safe: a project's change orders (issue 27 item 3), their vocabulary and their pure rules,
// read by the service and by the claim screen alike.
import { safeCents } from '../../../../format/money.shared.js'
import { computeApplication, type Application } from '../../claims/g702.shared.js'
import { itemKey, scheduledValueCents, type ScheduleLine } from '../../claims/schedule-of-values.shared.js'

export { changeOrderStates, changeOrderActions, changeOrderWorkflow, type ChangeOrderState, type ChangeOrderAction } from './project-change-order.workflow.js'

export const projectChangeOrdersPath = 'project-change-orders'
/** find, get {projectId}; create and patch a DRAFT; submit, approve, reject ({id, updatedAt, reason?}). */
export const projectChangeOrdersMethods = ['find', 'get', 'create', 'patch', 'remove', 'submit', 'approve', 'reject'] as const

/** A line of a change order: an item added to the schedule with its value, or an existing item revised by a signed amount. */
export interface ChangeOrderLine {
  type: 'ADD' | 'REVISE'
  /** Item no.: a new one (ADD) or one of the schedule (REVISE). */
  item: string
  /** The added item's description of work (ADD). */
  description?: string | null
  /** ADD: the new item's value (> 0); REVISE: the change of the item's value, ≠ 0, negative to take it down. */
  amountCents: number
}

export const changeOrderLinesMax = 500
export const changeOrderDescriptionMaxLength = 2000

/** The change order's number as people read it: CO-001. */
export const changeOrderNumberText = (number: number | string | null | undefined) => (number == null ? '' : `CO-${String(number).padStart(3, '0')}`)

/** Σ of the lines' amounts: what the change order adds to the contract sum (G702 line 2). */
export const netChangeCents = (lines: readonly Pick<ChangeOrderLine, 'amountCents'>[]) => safeCents(lines.reduce((total, line) => total + BigInt(line.amountCents), 0n))

/** A problem of a change order's lines: a code of the projects catalogue, the line (1-based), its item, and the figures its message names. */
export interface ChangeOrderProblem {
  code: 'CO_LINES_EMPTY' | 'CO_UNKNOWN_ITEM' | 'CO_ITEM_EXISTS' | 'CO_DUPLICATE_ITEM' | 'CO_MISSING_ITEM' | 'CO_MISSING_DESCRIPTION' | 'CO_AMOUNT_INVALID' | 'CO_BELOW_CLAIMED'
  line?: number
  item?: string
  field?: 'item' | 'description' | 'amountCents' | 'lines'
  /** CO_BELOW_CLAIMED: what was claimed on the line (G to date) and the value the change would leave it. */
  data?: { claimedCents: number; valueCents: number }
}

const isCents = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value)

/**
 * Every problem of a change order's lines against the project's schedule as it stands and what
 * has been claimed on each line to date (`claimedCents` by item key: G of the last claim in the
 * ledger): at least one line; an added item is new to the schedule, described, and worth more
 * than nothing; a revised item is in the schedule and changes by a non-zero amount; no item twice;
 * and a revision never takes a line below what has been claimed on it (claimed lines keep their
 * history: 409 CO_BELOW_CLAIMED on the server).
 */
export function changeOrderProblems(schedule: readonly ScheduleLine[], lines: readonly ChangeOrderLine[], claimedCents: ReadonlyMap<string, number> = new Map()): ChangeOrderProblem[] {
  if (!lines.length) return [{ code: 'CO_LINES_EMPTY', field: 'lines' }]
  const byKey = new Map(schedule.map((line) => [itemKey(line.item), line]))
  const seen = new Set<string>()
  const problems: ChangeOrderProblem[] = []
  lines.forEach((line, index) => {
    const at = { line: index + 1, item: line.item }
    const key = itemKey(line.item)
    if (key === '') return problems.push({ code: 'CO_MISSING_ITEM', ...at, field: 'item' })
    if (seen.has(key)) return problems.push({ code: 'CO_DUPLICATE_ITEM', ...at, field: 'item' })
    seen.add(key)
    const scheduled = byKey.get(key)
    if (line.type === 'ADD') {
      if (scheduled) return problems.push({ code: 'CO_ITEM_EXISTS', ...at, field: 'item' })
      if (String(line.description ?? '').trim() === '') problems.push({ code: 'CO_MISSING_DESCRIPTION', ...at, field: 'description' })
      if (!isCents(line.amountCents) || line.amountCents <= 0) problems.push({ code: 'CO_AMOUNT_INVALID', ...at, field: 'amountCents' })
      return
    }
    if (!scheduled) return problems.push({ code: 'CO_UNKNOWN_ITEM', ...at, field: 'item' })
    if (!isCents(line.amountCents) || line.amountCents === 0) return problems.push({ code: 'CO_AMOUNT_INVALID', ...at, field: 'amountCents' })
    const value = scheduledValueCents(scheduled) + line.amountCents
    const claimed = claimedCents.get(key) ?? 0
    if (value < claimed || value < 0) problems.push({ code: 'CO_BELOW_CLAIMED', ...at, field: 'amountCents', data: { claimedCents: claimed, valueCents: value } })
  })
  return problems
}

/**
 * What has been claimed on each line to date, by item key: G (work completed and materials
 * stored) of the last of the claims in the ledger (`applications`, in order), as the G702 ledger
 * itself works it out; empty without claims.
 */
export function claimedToDate(schedule: readonly ScheduleLine[], applications: readonly Application[]): Map<string, number> {
  const claimed = new Map<string, number>()
  if (!applications.length || !schedule.length) return claimed
  // Now, against the schedule as it stands: every line that may carry a claim.
  const figures = computeApplication(schedule, [...applications.slice(0, -1), { ...applications[applications.length - 1], date: null }], { workPercent: '0', storedPercent: '0' })
  for (const line of figures.lines) claimed.set(itemKey(line.item), line.totalCompletedAndStoredCents)
  return claimed
}

/**
 * The schedule once the change order is approved at `approvedAt` (ISO instant): each revised
 * line keeps its original value and earlier changes and gains this one; each added item is a new
 * line of original value 0 after the others, its value this change. As the service writes it.
 */
export function scheduleWithChangeOrder<L extends ScheduleLine>(
  schedule: readonly L[],
  changeOrder: { id?: number | null; number: number; lines: readonly ChangeOrderLine[] },
  approvedAt: string
): ScheduleLine[] {
  const change = (amountCents: number) => ({ revision: changeOrder.number, amountCents, changeOrderId: changeOrder.id ?? null, approvedAt })
  const revisions = new Map(changeOrder.lines.filter((line) => line.type === 'REVISE').map((line) => [itemKey(line.item), line.amountCents]))
  const revised: ScheduleLine[] = schedule.map((line) => {
    const amount = revisions.get(itemKey(line.item))
    return amount === undefined ? line : { ...line, changeOrders: [...(line.changeOrders ?? []), change(amount)] }
  })
  const added = changeOrder.lines
    .filter((line) => line.type === 'ADD')
    .map((line): ScheduleLine => ({ item: line.item.trim(), description: String(line.description ?? '').trim(), originalValueCents: 0, changeOrders: [change(line.amountCents)] }))
  return [...revised, ...added]
}
