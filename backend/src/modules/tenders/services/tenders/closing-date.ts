/*
 * Tender closing dates and kinds (spec §5 "Tender rules", §9 closing-time options and validity;
 * PRODUCT.md defaults: 5 working days for a Tender, 3 for an ITQ). Browser-safe and pure: time
 * zones through Intl only. Calendar dates are 'YYYY-MM-DD' strings in the region's time zone;
 * working days are Monday to Friday that are not in `holidays` ('YYYY-MM-DD' strings), counted by
 * the platform's calendar (calendar/working-days.shared.ts).
 */
import { calendarDay } from '../../../../format/format.shared.js'
import { addWorkingDays, parseDay } from '../../../../calendar/working-days.shared.js'

export type TenderKind = 'TENDER' | 'ITQ'
export interface MinWorkingDays {
  tender: number
  itq: number
}
export const defaultMinWorkingDays: MinWorkingDays = { tender: 5, itq: 3 }
export const defaultValidityDays = 180
const dayMs = 86_400_000

/** Working days are the platform's one definition (calendar/working-days.shared.ts): weekdays less the region's public holidays. */
export { addWorkingDays, isWorkingDay } from '../../../../calendar/working-days.shared.js'

/** The calendar date of an instant in a time zone (the format module's calendarDay). */
export const localDate: (instant: Date | string, timeZone: string) => string = calendarDay

/** The earliest closing date: today in the region plus the kind's minimum working days. */
export function earliestClosingDate(
  now: Date | string,
  kind: TenderKind,
  minDays: MinWorkingDays = defaultMinWorkingDays,
  { timeZone = 'UTC', holidays = [] }: { timeZone?: string; holidays?: Iterable<string> } = {}
): string {
  return addWorkingDays(localDate(now, timeZone), kind === 'ITQ' ? minDays.itq : minDays.tender, holidays)
}

export function isClosingDateAllowed(
  date: string,
  now: Date | string,
  kind: TenderKind,
  minDays: MinWorkingDays = defaultMinWorkingDays,
  options: { timeZone?: string; holidays?: Iterable<string> } = {}
): boolean {
  return parseDay(date) >= parseDay(earliestClosingDate(now, kind, minDays, options))
}

/** Closing-time options: hours after local midnight. */
export const closingTimeOptions = [
  { value: '12:00 Noon', hours: 12 },
  { value: '17:00', hours: 17 }
] as const
export type ClosingTimeOption = (typeof closingTimeOptions)[number]['value']

/** Reads a stored or typed time: '00:00' and '12:00' read as Noon (spec §9); others null. */
export function parseClosingTimeOption(text: string | null | undefined): ClosingTimeOption | null {
  const value = (text ?? '').trim()
  if (value === '12:00 Noon' || value === '12:00' || value === '00:00') return '12:00 Noon'
  if (value === '17:00') return '17:00'
  return null
}

/** The offset (ms, local minus UTC) of a time zone at an instant. */
function zoneOffset(ms: number, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric'
    })
      .formatToParts(new Date(ms))
      .map((part) => [part.type, Number(part.value)])
  )
  const asUtc = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second)
  return asUtc - Math.floor(ms / 1000) * 1000
}

/** The UTC instant of a local wall-clock time (12:00 or 17:00 on `date`) in the region's zone. */
export function closingInstant(date: string, option: ClosingTimeOption, timeZone: string): Date {
  const hours = closingTimeOptions.find((candidate) => candidate.value === option)?.hours
  if (hours === undefined) throw new RangeError(`Unknown closing time: ${String(option)}`)
  const wall = parseDay(date) + hours * 3_600_000
  let utc = wall - zoneOffset(wall, timeZone)
  const second = zoneOffset(utc, timeZone)
  if (wall - second !== utc) utc = wall - second
  return new Date(utc)
}

/** The end of a bid's validity: closing plus `days` whole days (default 180). */
export function validityEnd(closingAt: Date | string, days = defaultValidityDays): Date {
  return new Date(new Date(closingAt).getTime() + days * dayMs)
}

/** TENDER when the amount is strictly above the threshold, ITQ at or below; unknown → null. */
export function tenderKind(amount: number | null | undefined, itqThreshold: number | null | undefined): TenderKind | null {
  if (typeof amount !== 'number' || typeof itqThreshold !== 'number' || Number.isNaN(amount) || Number.isNaN(itqThreshold)) return null
  return amount > itqThreshold ? 'TENDER' : 'ITQ'
}
