/*
 * List filters (spec §5 "Filters and numbers", §9 time filters). Browser-safe and pure.
 * A numeric filter is an optional symbol (=, <, >, <=, >=; none means =), an integer and an
 * optional decimal part; spaces and commas are ignored anywhere; decimals are cut (truncated, not
 * rounded) to 2 digits; anything else (signs, letters, a bare dot, '5.') is not a filter: null.
 */

export type NumericOp = '=' | '<' | '>' | '<=' | '>='
export interface NumericFilter {
  op: NumericOp
  value: number
}

export function parseNumericFilter(text: string | null | undefined): NumericFilter | null {
  if (typeof text !== 'string') return null
  const match = /^(<=|>=|=|<|>)?(\d+)(?:\.(\d+))?$/.exec(text.replace(/[\s,]/g, ''))
  if (!match) return null
  const [, op = '=', whole, fraction] = match
  const value = Number(fraction ? `${whole}.${fraction.slice(0, 2)}` : whole)
  return Number.isFinite(value) ? { op: op as NumericOp, value } : null
}

const operators: Record<Exclude<NumericOp, '='>, '$lt' | '$gt' | '$lte' | '$gte'> = { '<': '$lt', '>': '$gt', '<=': '$lte', '>=': '$gte' }

/** The Feathers query for a parsed filter; {} when there is none. */
export function toFeathersQuery(field: string, parsed: NumericFilter | null): Record<string, unknown> {
  if (!parsed) return {}
  return { [field]: parsed.op === '=' ? parsed.value : { [operators[parsed.op]]: parsed.value } }
}

export const timeFilterOptions = ['1 Week', '2 Weeks', '3 Weeks', '1 Month', 'Show All'] as const
export type TimeFilterOption = (typeof timeFilterOptions)[number]

const dayMs = 86_400_000
const timeFilterDays: Record<Exclude<TimeFilterOption, 'Show All'>, number> = { '1 Week': 7, '2 Weeks': 14, '3 Weeks': 21, '1 Month': 31 }

/** The instant a time filter starts from (now less 7, 14, 21 or 31 days); null for Show All. */
export function timeFilterSince(option: TimeFilterOption, now: Date | string): Date | null {
  if (option === 'Show All') return null
  const days = timeFilterDays[option]
  if (days === undefined) throw new RangeError(`Unknown time filter: ${String(option)}`)
  return new Date(new Date(now).getTime() - days * dayMs)
}
