import { describe, expect, it } from 'vitest'
import { byNewestEffective, dayIn, effectiveStateOn, isEffectiveAt, isEffectiveOn, isValidPeriod } from './effective-period.shared.js'

const period = { effectiveDate: '2026-12-01', effectiveUntil: '2026-12-31' }

describe('effective on day D', () => {
  it('takes the first and the last day whole, not the days around them', () => {
    expect(effectiveStateOn(period, '2026-11-30')).toBe('NOT_YET_EFFECTIVE')
    expect(effectiveStateOn(period, '2026-12-01')).toBe('EFFECTIVE')
    expect(effectiveStateOn(period, '2026-12-15')).toBe('EFFECTIVE')
    expect(effectiveStateOn(period, '2026-12-31')).toBe('EFFECTIVE')
    expect(effectiveStateOn(period, '2027-01-01')).toBe('EXPIRED')
  })

  it('a one-day period is effective that day only', () => {
    const one = { effectiveDate: '2026-12-01', effectiveUntil: '2026-12-01' }
    expect(['2026-11-30', '2026-12-01', '2026-12-02'].map((d) => effectiveStateOn(one, d))).toEqual(['NOT_YET_EFFECTIVE', 'EFFECTIVE', 'EXPIRED'])
  })

  it('an open end is still effective; an open start was always effective', () => {
    expect(isEffectiveOn({ effectiveDate: '2026-12-01', effectiveUntil: null }, '2099-12-31')).toBe(true)
    expect(isEffectiveOn({ effectiveDate: '2026-12-01' }, '2026-11-30')).toBe(false)
    expect(isEffectiveOn({ effectiveDate: null, effectiveUntil: '2026-12-31' }, '2000-01-01')).toBe(true)
    expect(effectiveStateOn({ effectiveUntil: '2026-12-31' }, '2027-01-01')).toBe('EXPIRED')
  })

  it('no dates: always effective', () => {
    for (const none of [{}, { effectiveDate: null, effectiveUntil: null }, { effectiveDate: '', effectiveUntil: '' }]) {
      for (const d of ['1970-01-01', '2026-12-01', '2999-12-31']) expect(effectiveStateOn(none, d)).toBe('EFFECTIVE')
    }
  })

  it('reads dates with a time part as their day', () => {
    expect(isEffectiveOn({ effectiveDate: '2026-12-01T00:00:00.000Z', effectiveUntil: '2026-12-31T00:00:00.000Z' }, '2026-12-31')).toBe(true)
  })
})

describe("effective at an instant, on the region's calendar", () => {
  // Hong Kong and Singapore are UTC+8: 31 Dec 23:59 there is 15:59 UTC; midnight is 16:00 UTC.
  for (const timeZone of ['Asia/Hong_Kong', 'Asia/Singapore']) {
    it(`${timeZone}: the end day counts until 23:59:59, the start day from 00:00`, () => {
      expect(isEffectiveAt(period, new Date('2026-12-31T15:59:00Z'), timeZone)).toBe(true)
      expect(isEffectiveAt(period, new Date('2026-12-31T15:59:59.999Z'), timeZone)).toBe(true)
      expect(isEffectiveAt(period, new Date('2026-12-31T16:00:00Z'), timeZone)).toBe(false)
      expect(isEffectiveAt(period, new Date('2026-11-30T15:59:59Z'), timeZone)).toBe(false)
      expect(isEffectiveAt(period, new Date('2026-11-30T16:00:00Z'), timeZone)).toBe(true)
    })
  }

  it('the same instant is another day elsewhere: UTC still effective when Hong Kong has moved on', () => {
    const at = new Date('2026-12-31T20:00:00Z')
    expect(isEffectiveAt(period, at, 'UTC')).toBe(true)
    expect(isEffectiveAt(period, at, 'Asia/Hong_Kong')).toBe(false)
  })

  it('dayIn names the calendar day; an unknown zone reads as UTC', () => {
    expect(dayIn('Asia/Hong_Kong', new Date('2026-12-31T16:00:00Z'))).toBe('2027-01-01')
    expect(dayIn('Asia/Singapore', new Date('2026-12-31T15:59:59Z'))).toBe('2026-12-31')
    expect(dayIn('Not/AZone', new Date('2026-12-31T20:00:00Z'))).toBe('2026-12-31')
  })
})

describe('a valid period', () => {
  it('has its end on or after its start, either end open', () => {
    expect(isValidPeriod(period)).toBe(true)
    expect(isValidPeriod({ effectiveDate: '2026-12-01', effectiveUntil: '2026-12-01' })).toBe(true)
    expect(isValidPeriod({ effectiveDate: '2026-12-01', effectiveUntil: '2026-11-30' })).toBe(false)
    expect(isValidPeriod({ effectiveDate: '2026-12-01', effectiveUntil: '2025-12-31' })).toBe(false)
    expect(isValidPeriod({ effectiveDate: '2026-12-01' })).toBe(true)
    expect(isValidPeriod({ effectiveUntil: '2026-12-01' })).toBe(true)
    expect(isValidPeriod({})).toBe(true)
  })
})

describe('newest effective first', () => {
  it('orders by start day descending, undated last, then newest upload', () => {
    const rows = [{ id: 1, effectiveDate: '2026-01-01' }, { id: 2, effectiveDate: null }, { id: 3, effectiveDate: '2026-12-01' }, { id: 4, effectiveDate: '2026-01-01' }, { id: 5 }]
    expect([...rows].sort(byNewestEffective).map((row) => row.id)).toEqual([3, 4, 1, 5, 2])
  })
})
