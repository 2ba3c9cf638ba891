import { appError } from '../../../../errors.js'
import { tenderUnits, toDecimal, type Numeric } from './tender-amounts.js'

/*
 * The checks of a line item's money fields (spec §5: money has at most 2 decimals, a discount is
 * never negative). Browser-safe and pure: the Items/Services tab shows the same problems on blur
 * that the server refuses on save.
 */
export type MoneyProblem = 'INVALID_NUMBER' | 'NEGATIVE' | 'MONEY_DECIMALS'

/** What is wrong with a money value, or null when it is fine; empty is fine (counts as 0). */
export function moneyProblem(value: Numeric): MoneyProblem | null {
  let decimal
  try {
    decimal = toDecimal(value)
  } catch {
    return 'INVALID_NUMBER'
  }
  if (decimal.units < 0n) return 'NEGATIVE'
  if (decimal.scale > 2 && decimal.units % 10n ** BigInt(decimal.scale - 2) !== 0n) return 'MONEY_DECIMALS'
  return null
}

export interface PricedItem {
  id?: string | number
  rate?: Numeric
  discount?: Numeric
  discountType?: string | null
  itemUnit?: string | null
}

/** A unit of the spec's list (its spellings are the codes), or none chosen yet. */
export const isTenderUnit = (unit: string | null | undefined) => unit == null || unit === '' || tenderUnits.some((known) => known.code === unit)

/** The first problem of each money field of the item: rate, and the discount (percent or amount alike). */
export function lineItemProblems(item: PricedItem): Partial<Record<'rate' | 'discount', MoneyProblem>> {
  const problems: Partial<Record<'rate' | 'discount', MoneyProblem>> = {}
  const rate = moneyProblem(item.rate)
  if (rate) problems.rate = rate
  const discount = moneyProblem(item.discount)
  if (discount) problems.discount = discount
  return problems
}

/** Refuses (400) the first line item whose unit is not the spec's or whose money fields are wrong, naming the item and the field. */
export function assertLineItems(groups: readonly { lineItems?: readonly PricedItem[] | null }[]) {
  for (const item of groups.flatMap((group) => group.lineItems ?? [])) {
    if (!isTenderUnit(item.itemUnit)) throw appError(400, 'INVALID_UNIT', { unit: String(item.itemUnit) })
    for (const [field, problem] of Object.entries(lineItemProblems(item))) {
      const where = `${item.id ?? ''} ${field}`.trim()
      if (problem === 'NEGATIVE') throw appError(400, field === 'discount' ? 'INVALID_DISCOUNT' : 'VALIDATION_FAILED', { details: where, discount: String(item.discount) })
      if (problem === 'MONEY_DECIMALS') throw appError(400, 'MONEY_DECIMALS', { field: where })
      throw appError(400, 'INVALID_NUMBER', { value: where })
    }
  }
}

/** Refuses (400 MONEY_DECIMALS) an optional item's value with more than 2 decimals (the schema refuses negatives). */
export function assertOptionalItems(items: readonly { name?: string; value?: number | null }[] | undefined) {
  for (const item of items ?? []) {
    if (moneyProblem(item.value) === 'MONEY_DECIMALS') throw appError(400, 'MONEY_DECIMALS', { field: `${item.name ?? ''} value`.trim() })
  }
}
