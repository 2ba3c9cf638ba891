import { describe, expect, it } from 'vitest'
import {
  addWorkingDays,
  closingInstant,
  closingTimeOptions,
  defaultMinWorkingDays,
  earliestClosingDate,
  isClosingDateAllowed,
  isWorkingDay,
  localDate,
  parseClosingTimeOption,
  tenderKind,
  validityEnd
} from './closing-date.js'

describe('addWorkingDays', () => {
  // 2026-03-02 is a Monday.
  it('skips weekends', () => {
    expect(addWorkingDays('2026-03-02', 0)).toBe('2026-03-02')
    expect(addWorkingDays('2026-03-02', 1)).toBe('2026-03-03')
    expect(addWorkingDays('2026-03-02', 4)).toBe('2026-03-06') // Friday
    expect(addWorkingDays('2026-03-02', 5)).toBe('2026-03-09') // next Monday
    expect(addWorkingDays('2026-03-06', 1)).toBe('2026-03-09') // Friday + 1
    expect(addWorkingDays('2026-03-07', 1)).toBe('2026-03-09') // Saturday + 1
    expect(addWorkingDays('2026-03-08', 1)).toBe('2026-03-09') // Sunday + 1
    expect(addWorkingDays('2026-03-07', 0)).toBe('2026-03-07')
    expect(addWorkingDays('2026-03-02', 10)).toBe('2026-03-16')
  })
  it('skips holidays', () => {
    expect(addWorkingDays('2026-03-02', 1, ['2026-03-03'])).toBe('2026-03-04')
    expect(addWorkingDays('2026-03-05', 1, new Set(['2026-03-06']))).toBe('2026-03-09')
    expect(addWorkingDays('2026-03-05', 1, ['2026-03-07'])).toBe('2026-03-06') // a weekend holiday changes nothing
  })
  it('crosses months and years', () => {
    expect(addWorkingDays('2026-02-27', 1)).toBe('2026-03-02')
    expect(addWorkingDays('2025-12-31', 1, ['2026-01-01'])).toBe('2026-01-02')
    expect(addWorkingDays('2028-02-28', 1)).toBe('2028-02-29') // leap day, a Tuesday
  })
  it('keeps a Date a Date, with its time of day', () => {
    expect(addWorkingDays(new Date('2026-03-06T15:30:00Z'), 1).toISOString()).toBe('2026-03-09T15:30:00.000Z')
  })
  it('refuses negative, fractional counts and bad dates', () => {
    expect(() => addWorkingDays('2026-03-02', -1)).toThrow(RangeError)
    expect(() => addWorkingDays('2026-03-02', 1.5)).toThrow(RangeError)
    expect(() => addWorkingDays('2026-02-30', 1)).toThrow(RangeError)
    expect(() => addWorkingDays('02/03/2026', 1)).toThrow(RangeError)
  })
  it('isWorkingDay', () => {
    expect(isWorkingDay('2026-03-06')).toBe(true)
    expect(isWorkingDay('2026-03-07')).toBe(false)
    expect(isWorkingDay('2026-03-08')).toBe(false)
    expect(isWorkingDay('2026-03-06', ['2026-03-06'])).toBe(false)
  })
})

describe('earliestClosingDate', () => {
  it('uses the defaults: 5 working days for a Tender, 3 for an ITQ', () => {
    expect(defaultMinWorkingDays).toEqual({ tender: 5, itq: 3 })
    expect(earliestClosingDate('2026-03-02T03:00:00Z', 'TENDER')).toBe('2026-03-09')
    expect(earliestClosingDate('2026-03-02T03:00:00Z', 'ITQ')).toBe('2026-03-05')
    expect(earliestClosingDate('2026-03-02T03:00:00Z', 'ITQ', { tender: 10, itq: 1 })).toBe('2026-03-03')
  })
  it('counts from today in the region', () => {
    // 17:00 UTC Friday is already Saturday 01:00 in Hong Kong.
    expect(localDate('2026-03-06T17:00:00Z', 'Asia/Hong_Kong')).toBe('2026-03-07')
    expect(earliestClosingDate('2026-03-06T17:00:00Z', 'ITQ', defaultMinWorkingDays, { timeZone: 'UTC' })).toBe('2026-03-11')
    expect(earliestClosingDate('2026-03-06T17:00:00Z', 'ITQ', defaultMinWorkingDays, { timeZone: 'Asia/Hong_Kong' })).toBe('2026-03-11')
    expect(earliestClosingDate('2026-03-05T17:00:00Z', 'ITQ', defaultMinWorkingDays, { timeZone: 'UTC' })).toBe('2026-03-10')
    expect(earliestClosingDate('2026-03-05T17:00:00Z', 'ITQ', defaultMinWorkingDays, { timeZone: 'Asia/Hong_Kong' })).toBe('2026-03-11')
  })
  it('with holidays', () => {
    expect(earliestClosingDate('2026-03-02T03:00:00Z', 'ITQ', defaultMinWorkingDays, { holidays: ['2026-03-04'] })).toBe('2026-03-06')
  })
  it('isClosingDateAllowed: the earliest date and later, not the day before', () => {
    expect(isClosingDateAllowed('2026-03-09', '2026-03-02T03:00:00Z', 'TENDER')).toBe(true)
    expect(isClosingDateAllowed('2026-03-10', '2026-03-02T03:00:00Z', 'TENDER')).toBe(true)
    expect(isClosingDateAllowed('2026-03-08', '2026-03-02T03:00:00Z', 'TENDER')).toBe(false)
    expect(isClosingDateAllowed('2026-03-05', '2026-03-02T03:00:00Z', 'ITQ')).toBe(true)
    expect(isClosingDateAllowed('2026-03-04', '2026-03-02T03:00:00Z', 'ITQ')).toBe(false)
  })
})

describe('closing time options', () => {
  it('the two options', () =>
    expect(closingTimeOptions.map((o) => [o.value, o.hours])).toEqual([
      ['12:00 Noon', 12],
      ['17:00', 17]
    ]))
  it('parses 00:00 and 12:00 as Noon', () => {
    expect(parseClosingTimeOption('00:00')).toBe('12:00 Noon')
    expect(parseClosingTimeOption('12:00')).toBe('12:00 Noon')
    expect(parseClosingTimeOption(' 12:00 Noon ')).toBe('12:00 Noon')
    expect(parseClosingTimeOption('17:00')).toBe('17:00')
    expect(parseClosingTimeOption('17:30')).toBeNull()
    expect(parseClosingTimeOption('')).toBeNull()
    expect(parseClosingTimeOption(null)).toBeNull()
  })
})

describe('closingInstant', () => {
  it('Hong Kong (UTC+8, no DST)', () => {
    expect(closingInstant('2026-03-10', '12:00 Noon', 'Asia/Hong_Kong').toISOString()).toBe('2026-03-10T04:00:00.000Z')
    expect(closingInstant('2026-03-10', '17:00', 'Asia/Hong_Kong').toISOString()).toBe('2026-03-10T09:00:00.000Z')
    expect(closingInstant('2026-07-10', '17:00', 'Asia/Hong_Kong').toISOString()).toBe('2026-07-10T09:00:00.000Z')
  })
  it('Europe/London in winter (UTC+0) and summer (UTC+1)', () => {
    expect(closingInstant('2026-01-15', '12:00 Noon', 'Europe/London').toISOString()).toBe('2026-01-15T12:00:00.000Z')
    expect(closingInstant('2026-07-15', '12:00 Noon', 'Europe/London').toISOString()).toBe('2026-07-15T11:00:00.000Z')
    expect(closingInstant('2026-07-15', '17:00', 'Europe/London').toISOString()).toBe('2026-07-15T16:00:00.000Z')
  })
  it('on the DST change days it is the local wall clock, not midnight + hours', () => {
    // 2026-03-29: clocks go forward at 01:00 UTC; 2026-10-25: back at 01:00 UTC.
    expect(closingInstant('2026-03-29', '12:00 Noon', 'Europe/London').toISOString()).toBe('2026-03-29T11:00:00.000Z')
    expect(closingInstant('2026-10-25', '12:00 Noon', 'Europe/London').toISOString()).toBe('2026-10-25T12:00:00.000Z')
    expect(closingInstant('2026-03-08', '17:00', 'America/New_York').toISOString()).toBe('2026-03-08T21:00:00.000Z')
  })
  it('UTC and Singapore', () => {
    expect(closingInstant('2026-03-10', '17:00', 'UTC').toISOString()).toBe('2026-03-10T17:00:00.000Z')
    expect(closingInstant('2026-03-10', '12:00 Noon', 'Asia/Singapore').toISOString()).toBe('2026-03-10T04:00:00.000Z')
  })
  it('refuses unknown options, bad dates and bad zones', () => {
    expect(() => closingInstant('2026-03-10', '09:00' as any, 'UTC')).toThrow(RangeError)
    expect(() => closingInstant('2026-13-10', '17:00', 'UTC')).toThrow(RangeError)
    expect(() => closingInstant('2026-03-10', '17:00', 'Mars/Olympus')).toThrow(RangeError)
  })
})

describe('validityEnd', () => {
  it('180 days by default, whole days of 86400000 ms', () => {
    expect(validityEnd('2026-03-10T09:00:00.000Z').toISOString()).toBe('2026-09-06T09:00:00.000Z')
    expect(validityEnd(new Date('2026-03-10T09:00:00.000Z'), 1).toISOString()).toBe('2026-03-11T09:00:00.000Z')
    expect(validityEnd('2026-03-10T09:00:00.000Z', 0).toISOString()).toBe('2026-03-10T09:00:00.000Z')
  })
})

describe('tenderKind', () => {
  it('TENDER strictly above the threshold, ITQ at or below', () => {
    expect(tenderKind(500_000.01, 500_000)).toBe('TENDER')
    expect(tenderKind(500_000, 500_000)).toBe('ITQ')
    expect(tenderKind(499_999.99, 500_000)).toBe('ITQ')
    expect(tenderKind(0, 0)).toBe('ITQ')
    expect(tenderKind(1, 0)).toBe('TENDER')
  })
  it('missing amount or threshold → null', () => {
    expect(tenderKind(null, 500_000)).toBeNull()
    expect(tenderKind(undefined, 500_000)).toBeNull()
    expect(tenderKind(100, null)).toBeNull()
    expect(tenderKind(100, undefined)).toBeNull()
    expect(tenderKind(NaN, 1)).toBeNull()
    expect(tenderKind('100' as any, 1)).toBeNull()
  })
})
