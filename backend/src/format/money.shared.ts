/*
 * Exact decimal money for server and browser alike (tender line totals, payment claims, the G702
 * ledger). A decimal is read from its text into an integer and a scale (no binary floating point),
 * computed exactly in BigInt, and rounded once, half away from zero (half-up for amounts >= 0), at
 * each amount that is stored; stored amounts are integer cents and only add or subtract.
 * Browser-safe and pure. Codes of refusal belong to the caller (this file says null, not 400).
 */

/** units × 10^-scale, exactly: 12.50 is { units: 1250n, scale: 2 }. */
export interface Decimal {
  units: bigint
  scale: number
}

export const pow10 = (n: number) => 10n ** BigInt(n)

const MAX_EXPONENT = 30
const MAX_DIGITS = 40
const DECIMAL_TEXT = /^([+-])?(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i

/** True for what a form sends when nothing is entered: null, undefined, '' or blanks. */
export function isBlank(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '')
}

/**
 * A number's shortest text or a decimal string, read exactly (1.005 → 1005 × 10^-3, '1,234.50' →
 * 123450 × 10^-2; thousands commas are ignored, exponents allowed). Null when the value is blank
 * or no finite decimal.
 */
export function parseDecimal(value: unknown): Decimal | null {
  if (typeof value === 'bigint') return { units: value, scale: 0 }
  if (typeof value === 'number' && !Number.isFinite(value)) return null
  if (typeof value !== 'number' && typeof value !== 'string') return null
  const text = (typeof value === 'number' ? String(value) : value).trim().replace(/,/g, '')
  const match = DECIMAL_TEXT.exec(text)
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) return null
  const [, sign, whole, fraction = '', exponent = '0'] = match
  // No amount needs more: a client's '1e999999999' must not make a number of a billion digits.
  if (Math.abs(Number(exponent)) > MAX_EXPONENT || whole.length + fraction.length > MAX_DIGITS) return null
  let digits = BigInt(`${whole}${fraction}` || '0')
  let scale = fraction.length - Number(exponent)
  if (scale < 0) {
    digits *= pow10(-scale)
    scale = 0
  }
  return { units: sign === '-' ? -digits : digits, scale }
}

/** numerator / denominator (denominator > 0) rounded to an integer, half away from zero. */
export function roundHalfAway(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new RangeError('roundHalfAway: the denominator must be positive')
  const negative = numerator < 0n
  const magnitude = negative ? -numerator : numerator
  const rounded = (2n * magnitude + denominator) / (2n * denominator)
  return negative ? -rounded : rounded
}

/** The decimal in cents, rounded once half away from zero (1.005 → 101). */
export function decimalToCents(decimal: Decimal): bigint {
  return roundHalfAway(decimal.units * 100n, pow10(decimal.scale))
}

/** True when the decimal has no more than `places` decimals of value (1.50 and 1.5 have 1). */
export function hasAtMostDecimals(decimal: Decimal, places: number): boolean {
  return decimal.scale <= places || decimal.units % pow10(decimal.scale - places) === 0n
}

/**
 * An amount of money read exactly to integer cents, without rounding: null when it is blank, no
 * number, or has more than 2 decimals of value (spec §5 "Money amounts have at most 2 decimals").
 */
export function parseCents(value: unknown): bigint | null {
  const decimal = parseDecimal(value)
  if (!decimal || !hasAtMostDecimals(decimal, 2)) return null
  return decimal.scale <= 2 ? decimal.units * pow10(2 - decimal.scale) : decimal.units / pow10(decimal.scale - 2)
}

/**
 * percent % of an amount in cents, rounded once to the cent half away from zero
 * (10 % of 1,005 cents is 101 cents; 12.5 % of 99.99 is 12.50). The percent is read exactly.
 */
export function percentOfCents(cents: bigint | number, percent: Decimal): bigint {
  return roundHalfAway(BigInt(cents) * percent.units, 100n * pow10(percent.scale))
}

/** part ÷ whole as a percentage with `places` decimals, rounded once half away from zero; null when whole is 0. */
export function ratioPercentText(part: bigint | number, whole: bigint | number, places = 2): string | null {
  const denominator = BigInt(whole)
  if (denominator === 0n) return null
  const sign = denominator < 0n ? -1n : 1n
  const scaled = roundHalfAway(BigInt(part) * 100n * pow10(places) * sign, denominator * sign)
  return decimalText({ units: scaled, scale: places })
}

/** The decimal's exact text with all its scale's digits ({ units: 1250n, scale: 2 } → "12.50"). */
export function decimalText({ units, scale }: Decimal): string {
  const negative = units < 0n
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0')
  const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`
  return negative ? `-${text}` : text
}

/** Integer cents as a JS number, refusing (RangeError) beyond the safe integers rather than losing a cent. */
export function safeCents(cents: bigint): number {
  if (cents > BigInt(Number.MAX_SAFE_INTEGER) || cents < BigInt(Number.MIN_SAFE_INTEGER)) throw new RangeError(`amount out of range: ${cents} cents`)
  return Number(cents)
}
