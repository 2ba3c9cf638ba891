/*
 * How the portal prints a time or an amount, on the server (mail, PDF documents, exports,
 * messages) and in the browser alike: the region's clock, the spec's date formats (spec §9 of
 * tenancies-accounts-settings-notifications, §9 of tenders-purchases-projects) and money with two
 * decimals and a currency code. Browser-safe: plain Intl and string arithmetic, nothing Node-only.
 * The month names are our own, not Intl's: ICU spells September "Sept" in en-GB, and the spec's
 * MMM is three letters.
 */

import { decimalToCents, parseDecimal } from './money.shared.js'

/** What a date function needs to know of its reader: the region's zone (UTC when none) and the language. */
export interface DateFormatOptions {
  timeZone?: string | null
  language?: string | null
}

/*
 * Values come as records hold them, so the functions take `unknown`: a date is an instant (Date,
 * ISO string, epoch ms) or a calendar day ('2026-12-04'); an amount is in currency units, a number
 * or a decimal string as PostgreSQL's numeric gives it (integer cents go through fromCents).
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const
const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/
/** Spec §9: amounts in the region's currency, USD when the region names none. */
export const DEFAULT_CURRENCY = 'USD'

interface WallClock {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  second: number
}

const clocks = new Map<string, Intl.DateTimeFormat | null>()

/** One formatter per zone (building one costs more than formatting); null for a zone Intl does not know. */
function clockOf(timeZone: string): Intl.DateTimeFormat | null {
  let clock = clocks.get(timeZone)
  if (clock === undefined) {
    try {
      clock = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric'
      })
    } catch {
      clock = null
    }
    clocks.set(timeZone, clock)
  }
  return clock
}

/** What a clock in the zone shows at the instant; an unknown zone reads as UTC rather than failing a page or a mail. */
function wallClockOf(date: Date, timeZone: string | null | undefined): WallClock {
  const clock = timeZone && timeZone !== 'UTC' ? clockOf(timeZone) : null
  if (!clock) {
    return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate(), hour: date.getUTCHours(), minute: date.getUTCMinutes(), second: date.getUTCSeconds() }
  }
  const parts: Record<string, number> = {}
  for (const part of clock.formatToParts(date)) if (part.type !== 'literal') parts[part.type] = Number(part.value)
  return { year: parts.year, month: parts.month, day: parts.day, hour: parts.hour % 24, minute: parts.minute, second: parts.second }
}

function toDate(value: unknown): Date {
  if (value instanceof Date) return value
  return typeof value === 'string' || typeof value === 'number' ? new Date(value) : new Date(Number.NaN)
}

/** The wall clock of a value; a calendar day stays that day in every zone. Null when the value is no date. */
function readValue(value: unknown, timeZone: string | null | undefined): WallClock | null {
  const day = typeof value === 'string' ? CALENDAR_DAY.exec(value) : null
  if (day) return { year: Number(day[1]), month: Number(day[2]), day: Number(day[3]), hour: 0, minute: 0, second: 0 }
  const date = toDate(value)
  return Number.isNaN(date.getTime()) ? null : wallClockOf(date, timeZone)
}

const isChinese = (language: string | null | undefined) => Boolean(language && language.toLowerCase().startsWith('zh'))
const pad = (n: number, width = 2) => String(n).padStart(width, '0')

function printed(value: unknown, options: DateFormatOptions, print: (clock: WallClock, chinese: boolean) => string): string {
  if (value === null || value === undefined || value === '') return ''
  const clock = readValue(value, options.timeZone)
  // Spec §9: a value that is no time is shown as it came, not as "Invalid Date".
  return clock ? print(clock, isChinese(options.language)) : String(value)
}

const chineseDay = (c: WallClock) => `${c.year}年${pad(c.month)}月${pad(c.day)}日`

/** Spec §9 date: "04 Dec 2026"; in Chinese "2026年12月04日". On the region's clock; '' for no value. */
export function formatDate(value: unknown, options: DateFormatOptions = {}): string {
  return printed(value, options, (c, chinese) => (chinese ? chineseDay(c) : `${pad(c.day)} ${MONTHS[c.month - 1]} ${c.year}`))
}

/** Spec §9 date and time: "04 Dec 26, 17:00"; in Chinese "2026年12月04日 17:00". On the region's clock. */
export function formatDateTime(value: unknown, options: DateFormatOptions = {}): string {
  return printed(value, options, (c, chinese) => {
    const time = `${pad(c.hour)}:${pad(c.minute)}`
    return chinese ? `${chineseDay(c)} ${time}` : `${pad(c.day)} ${MONTHS[c.month - 1]} ${pad(c.year % 100)}, ${time}`
  })
}

/** A day without its year, for chart axes where the year is read once elsewhere: "04 Dec"; in Chinese "12月04日". */
export function formatDayMonth(value: unknown, options: DateFormatOptions = {}): string {
  return printed(value, options, (c, chinese) => (chinese ? `${pad(c.month)}月${pad(c.day)}日` : `${pad(c.day)} ${MONTHS[c.month - 1]}`))
}

/**
 * Spec §9 e-mail date and time, "04/Dec/26 17:00 (UTC+08:00)", the same in both languages (one
 * mail's values serve every reader). The offset is named because a mail is read days later and
 * far away: the vendor should not have to know the region's zone. '-' for no value.
 */
export function formatMailDateTime(value: unknown, timeZone?: string | null): string {
  if (value === null || value === undefined || value === '') return '-'
  const date = toDate(value)
  if (Number.isNaN(date.getTime())) return String(value)
  const c = wallClockOf(date, timeZone)
  const offset = zoneOffsetMinutes(date, timeZone)
  const sign = offset < 0 ? '-' : '+'
  const zone = `UTC${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`
  return `${pad(c.day)}/${MONTHS[c.month - 1]}/${pad(c.year % 100)} ${pad(c.hour)}:${pad(c.minute)} (${zone})`
}

/** The date pickers' format (dayjs tokens), reading as formatDate does. */
export function dateInputFormat(language?: string | null): string {
  return isChinese(language) ? 'YYYY年MM月DD日' : 'DD MMM YYYY'
}

/**
 * A DATE column as the database driver reads it, or a day already as text, as 'YYYY-MM-DD'. The
 * driver reads a DATE as local midnight of the stored day, so its local calendar day is the day.
 */
export function isoDay(value: unknown): string {
  if (value instanceof Date) return `${value.getFullYear()}-${String(value.getMonth() + 1).padStart(2, '0')}-${String(value.getDate()).padStart(2, '0')}`
  return String(value ?? '').slice(0, 10)
}

/** The calendar day ('yyyy-mm-dd') the region is in at the instant: "today" for deadlines, periods and file names. */
export function calendarDay(at: Date | string | number, timeZone?: string | null): string {
  const c = wallClockOf(toDate(at), timeZone)
  return `${pad(c.year, 4)}-${pad(c.month)}-${pad(c.day)}`
}

/** Minutes the zone's clock is ahead of UTC at the instant (480 in Hong Kong). */
export function zoneOffsetMinutes(at: Date, timeZone?: string | null): number {
  const c = wallClockOf(at, timeZone)
  const wall = Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second)
  return Math.round((wall - (at.getTime() - at.getUTCMilliseconds())) / 60_000)
}

/**
 * The region's wall clock as a Date whose UTC fields carry it: for Excel, which has no time
 * zones, where a reader expects the region's local time.
 */
export function wallClock(date: Date, timeZone?: string | null): Date {
  if (!timeZone || Number.isNaN(date.getTime())) return date
  const c = wallClockOf(date, timeZone)
  return new Date(Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second, date.getUTCMilliseconds()))
}

/** The plain decimal text of an amount: digits, one point, a sign; no thousands commas or exponent in text. */
const PLAIN_DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)$/

/**
 * An amount rounded once to cents, half away from zero, on its decimal reading: "1.005" and
 * 1.005 give 101 cents (binary floating point would give 100). Null when it is no amount. The
 * arithmetic is the platform's one exact decimal (money.shared.ts).
 */
export function toCents(value: unknown): bigint | null {
  if (typeof value === 'bigint') return value * 100n
  if (typeof value === 'string' && !PLAIN_DECIMAL.test(value.trim())) return null
  if (typeof value !== 'number' && typeof value !== 'string') return null
  const decimal = parseDecimal(value)
  return decimal ? decimalToCents(decimal) : null
}

/** Integer cents (as the database keeps tender totals) as the exact decimal string of the amount: 12345 → "123.45". */
export function fromCents(cents: number | bigint | string): string {
  const whole = typeof cents === 'bigint' ? cents : BigInt(typeof cents === 'number' ? Math.round(cents) : cents.trim())
  const negative = whole < 0n
  const digits = (negative ? -whole : whole).toString().padStart(3, '0')
  return `${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`
}

/** Spec §9 amounts: 2 decimals with thousands separators ("-1,234,567.89"), the same in both languages; '' for no value. */
export function formatAmount(value: unknown): string {
  if (value === null || value === undefined || value === '') return ''
  const cents = toCents(value)
  if (cents === null) return String(value)
  const negative = cents < 0n
  const digits = (negative ? -cents : cents).toString().padStart(3, '0')
  const whole = digits.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return `${negative ? '-' : ''}${whole}.${digits.slice(-2)}`
}

/** A count of things: a whole number with thousands separators ("1,234"), the same in both languages; '' for no value. */
export function formatCount(value: unknown): string {
  if (value === null || value === undefined || value === '') return ''
  const number = Number(value)
  if (!Number.isFinite(number)) return String(value)
  return String(Math.round(number)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
}

/** Money: the currency code, then the amount ("HKD 1,234.56"); USD when no currency is named (spec §9). */
export function formatMoney(value: unknown, currency?: string | null): string {
  const amount = formatAmount(value)
  return amount === '' ? '' : `${regionCurrency(currency)} ${amount}`
}

/** Spec §9 percentages: 2 decimals ("12.50%"). */
export function formatPercent(value: unknown): string {
  const amount = formatAmount(value)
  return amount === '' ? '' : `${amount}%`
}

/** The currency amounts are in: the record's or the region's, USD when neither names one. */
export function regionCurrency(currency?: string | null): string {
  return currency || DEFAULT_CURRENCY
}
