import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { addWorkingDays, isWorkingDay, workingDaysBetween } from './working-days.shared.js'

/*
 * The one working-day clock (issue 29 item 7): weekends and the region's public holidays are
 * skipped, across months and year ends, and "days left" is the inverse of "due after n days".
 */

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10)
const anyDay = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 11, 31) }).map((ms) => day(ms - (ms % 86_400_000)))

describe('working days', () => {
  it('counts a 3-working-day step started Thu 2026-12-24 as due Thu 2026-12-31 with 25 and 28 Dec as holidays', () => {
    expect(addWorkingDays('2026-12-24', 3, ['2026-12-25', '2026-12-28'])).toBe('2026-12-31')
    expect(workingDaysBetween('2026-12-24', '2026-12-31', ['2026-12-25', '2026-12-28'])).toBe(3)
    // Without the holidays it would have been due on Tuesday.
    expect(addWorkingDays('2026-12-24', 3)).toBe('2026-12-29')
  })

  it('crosses the year end: 2 working days from Wed 2026-12-30 with 1 Jan a holiday is Mon 2027-01-04', () => {
    expect(addWorkingDays('2026-12-30', 2, ['2027-01-01'])).toBe('2027-01-04')
    expect(workingDaysBetween('2027-01-04', '2026-12-30', ['2027-01-01'])).toBe(-2)
  })

  it('lands on a working day, never before the start, and days between undo it, for any start, count and holidays', () => {
    fc.assert(
      fc.property(anyDay, fc.integer({ min: 0, max: 40 }), fc.array(anyDay, { maxLength: 30 }), (start, n, holidays) => {
        const due = addWorkingDays(start, n, holidays)
        expect(due >= start).toBe(true)
        if (n > 0) expect(isWorkingDay(due, holidays)).toBe(true)
        expect(workingDaysBetween(start, due, holidays)).toBe(n)
        expect(workingDaysBetween(due, start, holidays)).toBe(n === 0 ? 0 : -n)
      })
    )
  })

  it('refuses what is not a day or a count', () => {
    expect(() => addWorkingDays('2026-02-30', 1)).toThrow(RangeError)
    expect(() => addWorkingDays('2026-02-01', -1)).toThrow(RangeError)
    expect(() => workingDaysBetween('2026-13-01', '2026-01-01')).toThrow(RangeError)
  })
})
