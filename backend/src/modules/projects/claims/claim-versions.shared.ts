import { itemKey, type ClaimLine } from './schedule-of-values.shared.js'

/*
 * "Compare with previous" (issue 12 item 5): every submitted version of a claim is frozen;
 * resubmitting after a rejection makes version n + 1, and the screen shows what changed from
 * version n. Browser-safe and pure: the changes of the claim's own fields, then of its schedule
 * lines by item (changed, added, removed), in a stable order.
 */

/** The fields of a claim version compared, in the order the screen lists them. */
export const comparedClaimFields = [
  'completionType',
  'invoiceNumber',
  'invoiceAmountCents',
  'invoiceDate',
  'completionAmountCents',
  'deductionAmountCents',
  'retentionAmountCents',
  'remainingBalanceCents'
] as const
export type ComparedClaimField = (typeof comparedClaimFields)[number]

export type ClaimVersion = Partial<Record<ComparedClaimField, string | number | null>> & { lines?: readonly ClaimLine[] | null }

export interface FieldChange {
  field: ComparedClaimField
  before: string | number | null
  after: string | number | null
}

export interface LineChange {
  item: string
  change: 'changed' | 'added' | 'removed'
  /** Per money column of the line: before and after (a column that did not change is left out of a changed line). */
  workThisPeriodCents?: { before: number | null; after: number | null }
  materialsStoredCents?: { before: number | null; after: number | null }
}

const normal = (value: string | number | null | undefined) => (value === undefined || value === '' ? null : value)

export function claimVersionChanges(previous: ClaimVersion, current: ClaimVersion): { fields: FieldChange[]; lines: LineChange[] } {
  const fields: FieldChange[] = []
  for (const field of comparedClaimFields) {
    const before = normal(previous[field])
    const after = normal(current[field])
    if (before !== after) fields.push({ field, before, after })
  }
  const before = new Map((previous.lines ?? []).map((line) => [itemKey(line.item), line]))
  const after = new Map((current.lines ?? []).map((line) => [itemKey(line.item), line]))
  const lines: LineChange[] = []
  for (const [key, line] of after) {
    const old = before.get(key)
    if (!old) {
      lines.push({
        item: line.item,
        change: 'added',
        workThisPeriodCents: { before: null, after: line.workThisPeriodCents },
        materialsStoredCents: { before: null, after: line.materialsStoredCents }
      })
      continue
    }
    const change: LineChange = { item: line.item, change: 'changed' }
    if (old.workThisPeriodCents !== line.workThisPeriodCents) change.workThisPeriodCents = { before: old.workThisPeriodCents, after: line.workThisPeriodCents }
    if (old.materialsStoredCents !== line.materialsStoredCents) change.materialsStoredCents = { before: old.materialsStoredCents, after: line.materialsStoredCents }
    if (change.workThisPeriodCents || change.materialsStoredCents) lines.push(change)
  }
  for (const [key, line] of before) {
    if (!after.has(key)) {
      lines.push({
        item: line.item,
        change: 'removed',
        workThisPeriodCents: { before: line.workThisPeriodCents, after: null },
        materialsStoredCents: { before: line.materialsStoredCents, after: null }
      })
    }
  }
  return { fields, lines }
}
