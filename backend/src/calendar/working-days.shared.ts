/*
 * Working days, one definition for every clock of the portal (tender closing dates, fit-out review
 * steps): Monday to Friday, less the region's public holidays (the `public-holidays` calendar an
 * administrator keeps in settings). Browser-safe and pure: days are 'YYYY-MM-DD' strings on the
 * region's calendar; holidays are passed in, read once per call by `holidaysOf` on the server.
 */

const dayMs = 86_400_000
const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/

/** The UTC midnight of a 'YYYY-MM-DD' day; RangeError for anything else (2026-02-30 included). */
export function parseDay(date: string): number {
  const match = datePattern.exec(date)
  const ms = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : NaN
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== date) throw new RangeError(`Not a date: ${date}`)
  return ms
}

const formatDay = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/** A weekday that is not one of `holidays`. */
export function isWorkingDay(date: string, holidays: Iterable<string> = []): boolean {
  const weekday = new Date(parseDay(date)).getUTCDay()
  return weekday !== 0 && weekday !== 6 && !new Set(holidays).has(date)
}

/**
 * The date n working days after `date` (n = 0: the date itself): a step of n working days started
 * on `date` is due then. A 'YYYY-MM-DD' string gives a string; a Date moves by whole days on its
 * UTC calendar, keeping its time of day.
 */
export function addWorkingDays(date: string, n: number, holidays?: Iterable<string>): string
export function addWorkingDays(date: Date, n: number, holidays?: Iterable<string>): Date
export function addWorkingDays(date: string | Date, n: number, holidays: Iterable<string> = []): string | Date {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`Working days must be a whole number ≥ 0: ${n}`)
  const off = new Set(holidays)
  let ms = typeof date === 'string' ? parseDay(date) : date.getTime()
  for (let left = n; left > 0;) {
    ms += dayMs
    if (isWorkingDay(formatDay(ms), off)) left -= 1
  }
  return typeof date === 'string' ? formatDay(ms) : new Date(ms)
}

/**
 * Working days from `from` to `to`: how many lie after `from` up to and including `to` (so
 * `workingDaysBetween(d, addWorkingDays(d, n)) === n`), negative when `to` is before `from` (days
 * overdue). Days left on a step are `workingDaysBetween(today, due)`.
 */
export function workingDaysBetween(from: string, to: string, holidays: Iterable<string> = []): number {
  const off = new Set(holidays)
  const start = parseDay(from)
  const end = parseDay(to)
  const sign = end >= start ? 1 : -1
  let count = 0
  for (let ms = start; ms !== end;) {
    ms += sign * dayMs
    // Counting back, the day itself is not yet past: the days after `to` up to `from` are the ones counted.
    const day = sign > 0 ? formatDay(ms) : formatDay(ms + dayMs)
    if (isWorkingDay(day, off)) count += 1
  }
  return sign * count
}
