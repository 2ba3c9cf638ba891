import { appError } from '../../../../errors.js'
import { isRemovedItem } from './addendum-diff.js'
import { isBlank, parseDecimal, pow10, roundHalfAway, type Decimal } from '../../../../format/money.shared.js'

/*
 * Tender and bid amounts (spec §3 service line items, §5 "Discount value is non-negative and the
 * total is never below zero, rounded to 2 decimals. Optional items are excluded from the total").
 * Browser-safe and pure: the browser shows live totals with the same arithmetic the server stores.
 *
 * Arithmetic is exact: quantities, rates and discounts are read as decimals into BigInt (no float
 * error), the line is computed exactly and rounded once to cents, half away from zero. Totals add
 * cents. A line total below zero (an amount discount above the gross, a percent above 100) is 0.
 * Errors (thrown, 400): a negative discount → INVALID_DISCOUNT; a value that is not a finite
 * decimal → INVALID_NUMBER. Empty values (null, undefined, '') count as 0; strings may carry
 * thousands commas.
 */

export type Numeric = number | string | null | undefined
export type DiscountType = 'PERCENT' | 'AMOUNT'

export const discountTypes = ['PERCENT', 'AMOUNT'] as const

/** Labels of the spec: '% OFF' and '<currency> OFF' (HKD by default). */
export function discountTypeLabel(type: DiscountType, currency = 'HKD'): string {
  return type === 'PERCENT' ? '% OFF' : `${currency} OFF`
}

/** Tender units: the spec's spellings are the codes, labels for display. */
export const tenderUnits = [
  { code: 'ft', label: 'ft' },
  { code: 'ft squared', label: 'ft²' },
  { code: 'kg', label: 'kg' },
  { code: 'lb', label: 'lb' },
  { code: 'Litre', label: 'Litre' },
  { code: 'Lot', label: 'Lot' },
  { code: 'm', label: 'm' },
  { code: 'm squared', label: 'm²' },
  { code: 'Man Day', label: 'Man Day' },
  { code: 'Man Hour', label: 'Man Hour' },
  { code: 'No.', label: 'No.' },
  { code: 'Pack', label: 'Pack' },
  { code: 'Roll', label: 'Roll' },
  { code: 'Set', label: 'Set' },
  { code: 'Sum', label: 'Sum' },
  { code: 'Yard', label: 'Yard' }
] as const
export type TenderUnit = (typeof tenderUnits)[number]['code']

export interface LineAmounts {
  itemQty: Numeric
  rate: Numeric
  discountType?: DiscountType | null
  discount?: Numeric
}

export interface TenderLineItem extends LineAmounts {
  id: string | number
  /** Optional item: priced, but not in the total. */
  optional?: boolean
  /** For reference only: not in the total. */
  forReference?: boolean
  /** Addendum label (addendum-diff.ts): one starting with D marks an item removed, out of every total. */
  addendumLabel?: string | null
}

/** A decimal read exactly from a number's shortest text or a string (money.shared.ts); empty is 0, anything else not a finite decimal is 400 INVALID_NUMBER. */
export function toDecimal(value: Numeric): Decimal {
  if (isBlank(value)) return { units: 0n, scale: 0 }
  const decimal = parseDecimal(value)
  if (!decimal) throw appError(400, 'INVALID_NUMBER', { value: typeof value === 'string' ? value.trim().replace(/,/g, '') : String(value) })
  return decimal
}

/** The line total in cents: qty × rate less the discount, exact, rounded once, never below 0. */
export function lineTotalCents({ itemQty, rate, discountType = null, discount }: LineAmounts): number {
  const qty = toDecimal(itemQty)
  const price = toDecimal(rate)
  const off = toDecimal(discount)
  if (off.units < 0n) throw appError(400, 'INVALID_DISCOUNT', { discount: String(discount) })
  const grossUnits = qty.units * price.units
  const grossScale = qty.scale + price.scale
  let numerator: bigint
  let denominator: bigint
  if (discountType === 'PERCENT') {
    numerator = grossUnits * (100n * pow10(off.scale) - off.units)
    denominator = pow10(grossScale) * 100n * pow10(off.scale)
  } else if (discountType === 'AMOUNT') {
    numerator = grossUnits * pow10(off.scale) - off.units * pow10(grossScale)
    denominator = pow10(grossScale + off.scale)
  } else {
    numerator = grossUnits
    denominator = pow10(grossScale)
  }
  const cents = roundHalfAway(numerator * 100n, denominator)
  return cents > 0n ? Number(cents) : 0
}

export function lineTotal(line: LineAmounts): number {
  return lineTotalCents(line) / 100
}

const counts = (item: { optional?: boolean; forReference?: boolean; addendumLabel?: string | null }) => !item.optional && !item.forReference && !isRemovedItem(item)

export function flattenLineItems(groups: readonly { lineItems?: readonly TenderLineItem[] | null }[]): TenderLineItem[] {
  return groups.flatMap((group) => group.lineItems ?? [])
}

/** The tender total over its groups of line items, optional, for-reference and removed items left out. */
export function tenderTotal(groups: readonly { lineItems?: readonly TenderLineItem[] | null }[]): number {
  return (
    flattenLineItems(groups)
      .filter(counts)
      .reduce((sum, item) => sum + lineTotalCents(item), 0) / 100
  )
}

/** A vendor's price for one item: a rate, or a rate with its own discount. */
export type BidRate = Numeric | { rate: Numeric; discountType?: DiscountType | null; discount?: Numeric }

/**
 * A bid's total: per line item, the vendor's quantity (`bidItemQtys[id]`, else the tender's
 * itemQty) × the vendor's rate (`rates[id]`; missing is 0), less the rate's discount when it
 * carries one, else the line item's; optional and for-reference items left out.
 */
export function bidTotal(lineItems: readonly TenderLineItem[], bidItemQtys: Readonly<Record<string, Numeric>> = {}, rates: Readonly<Record<string, BidRate>> = {}): number {
  let cents = 0
  for (const item of lineItems) {
    if (!counts(item)) continue
    const key = String(item.id)
    const quantity = bidItemQtys[key]
    const entry = rates[key]
    const priced =
      entry !== null && typeof entry === 'object'
        ? { rate: entry.rate, discountType: entry.discountType ?? null, discount: entry.discount }
        : { rate: entry, discountType: item.discountType ?? null, discount: item.discount }
    cents += lineTotalCents({ itemQty: quantity === null || quantity === undefined || quantity === '' ? item.itemQty : quantity, ...priced })
  }
  return cents / 100
}
