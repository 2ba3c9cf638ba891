import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { addWorkingDays, isWorkingDay } from '../../../../calendar/working-days.shared.js'
import { defaultReviewDays, readClock, stepDueDay } from './review-clock.shared.js'

/** The HK gazette's holidays around the turn of the year (2026-12-25, 26 is a Saturday: the Monday after; 2027-01-01). */
const hk = ['2026-12-25', '2026-12-28', '2027-01-01']

describe('the review clock on working days', () => {
  it('the issue’s acceptance case: a 3-working-day step started Thu 2026-12-24 is due Thu 2026-12-31', () => {
    expect(stepDueDay('2026-12-24', defaultReviewDays.cp, hk)).toBe('2026-12-31')
  })

  it('carries across the year end, skipping New Year’s Day and the weekend', () => {
    expect(stepDueDay('2026-12-30', 3, hk)).toBe('2027-01-05')
    expect(stepDueDay('2026-12-31', defaultReviewDays.design, hk)).toBe('2027-01-08')
  })

  it('reads days left, zero on the due day and negative once overdue, counted on working days', () => {
    expect(readClock('2026-12-31', '2026-12-24', hk)).toEqual({ dueDate: '2026-12-31', daysLeft: 3, overdue: false })
    expect(readClock('2026-12-31', '2026-12-31', hk)).toEqual({ dueDate: '2026-12-31', daysLeft: 0, overdue: false })
    expect(readClock('2026-12-31', '2027-01-04', hk)).toEqual({ dueDate: '2026-12-31', daysLeft: -1, overdue: true })
  })

  it('the defaults are design 5, technical 5, CP 3 (PRODUCT.md)', () => {
    expect(defaultReviewDays).toEqual({ design: 5, technical: 5, cp: 3 })
  })

  it('for any start and target, the due day is a working day exactly target working days on, and reads as that many left', () => {
    const day = fc.integer({ min: 0, max: 3 * 365 }).map((offset) => new Date(Date.UTC(2026, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10))
    fc.assert(
      fc.property(day, fc.integer({ min: 1, max: 20 }), (start, target) => {
        const due = stepDueDay(start, target, hk)
        expect(isWorkingDay(due, hk)).toBe(true)
        expect(due).toBe(addWorkingDays(start, target, hk))
        expect(readClock(due, start, hk).daysLeft).toBe(target)
        expect(readClock(due, due, hk).overdue).toBe(false)
      })
    )
  })
})
