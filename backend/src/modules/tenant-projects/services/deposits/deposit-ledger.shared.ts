// Browser-safe: the deposit ledger (issue 30 item 2; spec §3 "Refund: ... deducted amount
// (deposit minus refund)", §5 "refund deducted amount = deposit minus refund", "decimals at most
// 2 places"). Money is integer cents throughout, as elsewhere in the code base: the ledger never
// meets a floating-point sum, so it reconciles to the cent.

/** The kinds of deduction (issue 30 item 2); OTHER needs a note. */
export const deductionKinds = ['DAMAGE', 'DEBRIS_REMOVAL', 'TEMPORARY_POWER', 'LATE_DOCUMENTS', 'OTHER'] as const
export type DeductionKind = (typeof deductionKinds)[number]

/** The largest amount a ledger takes, in cents: 10^13 cents (100 billion), well inside a safe integer and a bigint column. */
export const MAX_CENTS = 10_000_000_000_000

export interface Ledger {
  depositCents: number
  deductionCents: readonly number[]
}

export interface LedgerTotals {
  depositCents: number
  deductedCents: number
  refundCents: number
}

/** Whether an amount in cents is one the ledger takes: a whole number from 0 to MAX_CENTS. */
export const isCents = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && value <= MAX_CENTS

/**
 * The ledger's totals: refund = deposit − Σ deductions; deducted = deposit − refund (the spec's
 * own definition, equal to Σ deductions). Null when the deductions exceed the deposit (the service
 * refuses them: 409 DEDUCTIONS_EXCEED_DEPOSIT) or an amount is not whole cents.
 */
export function ledgerTotals({ depositCents, deductionCents }: Ledger): LedgerTotals | null {
  if (!isCents(depositCents) || !deductionCents.every((cents) => isCents(cents) && cents > 0)) return null
  const sum = deductionCents.reduce((total, cents) => total + cents, 0)
  if (sum > depositCents) return null
  const refundCents = depositCents - sum
  return { depositCents, refundCents, deductedCents: depositCents - refundCents }
}

/** What a deduction may still take: the deposit less the deductions so far (0 when none). */
export const remainingCents = (ledger: Ledger) => Math.max(0, ledger.depositCents - ledger.deductionCents.reduce((total, cents) => total + cents, 0))

const AMOUNT = /^\d{1,3}(,\d{3})+(\.\d{1,2})?$|^\d+(\.\d{1,2})?$/

/**
 * An amount as typed (spec §5 "integers allow comma thousands; decimals at most 2 places"): "120,000.00",
 * "3456.78", "1000" → cents; null for anything else (a sign, a third decimal, letters, beyond MAX_CENTS).
 */
export function parseAmount(text: unknown): number | null {
  if (typeof text === 'number') return Number.isFinite(text) ? parseAmount(String(text)) : null
  if (typeof text !== 'string') return null
  const trimmed = text.trim()
  if (!AMOUNT.test(trimmed)) return null
  const [whole, fraction = ''] = trimmed.replace(/,/g, '').split('.')
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
  return isCents(cents) ? cents : null
}

/** Cents as the amount people read: 2 decimals, thousands commas, the same in both languages (spec §9): 11554322 → "115,543.22". */
export function formatCents(cents: number): string {
  const negative = cents < 0
  const digits = String(Math.abs(Math.trunc(cents))).padStart(3, '0')
  const whole = digits.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return `${negative ? '-' : ''}${whole}.${digits.slice(-2)}`
}

/** Cents with the currency code before them (spec §9 "default currency USD when none"): "HKD 120,000.00". */
export const formatMoneyCents = (cents: number, currency?: string | null) => `${currency || 'USD'} ${formatCents(cents)}`
