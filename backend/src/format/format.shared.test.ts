import { describe, expect, it } from 'vitest'
import {
  calendarDay,
  dateInputFormat,
  formatAmount,
  formatCount,
  formatDate,
  formatDayMonth,
  formatDateTime,
  formatMailDateTime,
  formatMoney,
  formatPercent,
  fromCents,
  regionCurrency,
  toCents,
  wallClock,
  zoneOffsetMinutes
} from './format.shared.js'

// The demo regions' zones (seeds/demo.ts): all five are UTC+8 or UTC without daylight saving.
const regions = { HK: 'Asia/Hong_Kong', SG: 'Asia/Singapore', BJ: 'Asia/Shanghai', MO: 'Asia/Macau', GLOBAL: 'UTC' } as const
const en = (timeZone: string) => ({ timeZone, language: 'en-US' })
const zh = (timeZone: string) => ({ timeZone, language: 'zh-CN' })

describe('formatDate and formatDateTime (spec §9: DD MMM YYYY; DD MMM YY, HH:mm)', () => {
  // 16:00 UTC on 31 Dec is midnight of the new year in every UTC+8 region.
  const newYear = '2026-12-31T16:00:00Z'

  for (const code of ['HK', 'SG', 'BJ', 'MO'] as const) {
    it(`${code} (${regions[code]}) reads the instant on its own clock, in both languages`, () => {
      expect(formatDate(newYear, en(regions[code]))).toBe('01 Jan 2027')
      expect(formatDateTime(newYear, en(regions[code]))).toBe('01 Jan 27, 00:00')
      expect(formatDate(newYear, zh(regions[code]))).toBe('2027年01月01日')
      expect(formatDateTime(newYear, zh(regions[code]))).toBe('2027年01月01日 00:00')
      expect(formatDateTime('2026-12-31T15:59:59.999Z', en(regions[code]))).toBe('31 Dec 26, 23:59')
    })
  }

  it('GLOBAL reads UTC, and so does a region without a zone or with one Intl does not know', () => {
    for (const timeZone of [regions.GLOBAL, undefined, null, '', 'Not/AZone']) {
      expect(formatDateTime(newYear, { timeZone, language: 'en-US' })).toBe('31 Dec 26, 16:00')
    }
  })

  it('prints every month with three English letters (ICU says "Sept" in en-GB; the spec says MMM)', () => {
    const months = Array.from({ length: 12 }, (_, m) => formatDate(new Date(Date.UTC(2026, m, 15, 4)), en(regions.HK)).slice(3, 6))
    expect(months).toEqual(['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'])
  })

  it('keeps the leap day, two-digit years across centuries, and the first and last minute of a day', () => {
    expect(formatDate('2028-02-28T16:00:00Z', en(regions.HK))).toBe('29 Feb 2028')
    expect(formatDateTime('1999-12-31T15:59:00Z', en(regions.HK))).toBe('31 Dec 99, 23:59')
    expect(formatDateTime('1999-12-31T16:00:00Z', en(regions.HK))).toBe('01 Jan 00, 00:00')
    expect(formatDateTime('2100-03-01T00:00:00Z', zh(regions.GLOBAL))).toBe('2100年03月01日 00:00')
  })

  it('takes Dates, ISO strings with offsets and epoch milliseconds alike', () => {
    const instant = new Date('2026-12-04T09:00:00Z')
    for (const value of [instant, instant.toISOString(), '2026-12-04T17:00:00+08:00', instant.getTime()]) {
      expect(formatDateTime(value, en(regions.SG))).toBe('04 Dec 26, 17:00')
    }
  })

  it('prints a calendar day as that day in every zone (a day is no instant)', () => {
    for (const timeZone of [...Object.values(regions), 'America/Los_Angeles', 'Pacific/Kiritimati']) {
      expect(formatDate('2026-12-04', en(timeZone))).toBe('04 Dec 2026')
      expect(formatDate('2026-12-04', zh(timeZone))).toBe('2026年12月04日')
    }
  })

  it('follows daylight saving where a zone has it (for regions added later)', () => {
    expect(formatDateTime('2026-07-01T12:00:00Z', en('Europe/London'))).toBe('01 Jul 26, 13:00')
    expect(formatDateTime('2026-01-01T12:00:00Z', en('Europe/London'))).toBe('01 Jan 26, 12:00')
    // New York springs forward at 02:00 on 8 Mar 2026: 06:59 UTC is 01:59 EST, 07:00 UTC is 03:00 EDT.
    expect(formatDateTime('2026-03-08T06:59:00Z', en('America/New_York'))).toBe('08 Mar 26, 01:59')
    expect(formatDateTime('2026-03-08T07:00:00Z', en('America/New_York'))).toBe('08 Mar 26, 03:00')
  })

  it('answers blank for no value and the value itself for one that is no date (spec §9: a format error returns the original)', () => {
    for (const value of [null, undefined, '']) {
      expect(formatDate(value, en(regions.HK))).toBe('')
      expect(formatDateTime(value, zh(regions.HK))).toBe('')
    }
    expect(formatDate('not a date', en(regions.HK))).toBe('not a date')
    expect(formatDateTime('2026-13-45T00:00:00Z', en(regions.HK))).toBe('2026-13-45T00:00:00Z')
  })

  it('reads English for any language but Chinese, and any Chinese tag as Chinese', () => {
    expect(formatDate(newYear, { timeZone: regions.HK })).toBe('01 Jan 2027')
    expect(formatDate(newYear, { timeZone: regions.HK, language: 'fr' })).toBe('01 Jan 2027')
    expect(formatDate(newYear, { timeZone: regions.HK, language: 'zh' })).toBe('2027年01月01日')
  })

  it('names the date pickers the same format', () => {
    expect(dateInputFormat('en-US')).toBe('DD MMM YYYY')
    expect(dateInputFormat('zh-CN')).toBe('YYYY年MM月DD日')
  })
})

describe('formatMailDateTime (spec §9 e-mail: DD/MMM/YY HH:mm, with the offset)', () => {
  it('reads the instant in the region, with its offset, the same in both languages', () => {
    expect(formatMailDateTime('2026-12-04T09:00:00Z', regions.HK)).toBe('04/Dec/26 17:00 (UTC+08:00)')
    expect(formatMailDateTime('2026-12-04T09:00:00Z', regions.GLOBAL)).toBe('04/Dec/26 09:00 (UTC+00:00)')
  })

  it('crosses the date line where the region does', () => {
    expect(formatMailDateTime('2026-12-04T20:30:00Z', regions.BJ)).toBe('05/Dec/26 04:30 (UTC+08:00)')
  })

  it('names offsets behind UTC, of half hours, and those daylight saving moves', () => {
    expect(formatMailDateTime('2026-01-15T12:00:00Z', 'America/New_York')).toBe('15/Jan/26 07:00 (UTC-05:00)')
    expect(formatMailDateTime('2026-07-15T12:00:00Z', 'America/New_York')).toBe('15/Jul/26 08:00 (UTC-04:00)')
    expect(formatMailDateTime('2026-01-15T12:00:00Z', 'Asia/Kolkata')).toBe('15/Jan/26 17:30 (UTC+05:30)')
    expect(formatMailDateTime('2026-01-15T12:00:00Z', 'Asia/Kathmandu')).toBe('15/Jan/26 17:45 (UTC+05:45)')
  })

  it('answers a dash without a date', () => {
    expect(formatMailDateTime(null, regions.HK)).toBe('-')
    expect(formatMailDateTime(undefined, regions.HK)).toBe('-')
  })
})

describe('calendarDay, zoneOffsetMinutes and wallClock', () => {
  it('names the calendar day the region is in', () => {
    expect(calendarDay(new Date('2026-12-31T16:00:00Z'), regions.HK)).toBe('2027-01-01')
    expect(calendarDay(new Date('2026-12-31T15:59:59Z'), regions.SG)).toBe('2026-12-31')
    expect(calendarDay('2026-03-06T17:00:00Z', regions.HK)).toBe('2026-03-07')
    expect(calendarDay(new Date('2026-12-31T20:00:00Z'), 'Not/AZone')).toBe('2026-12-31')
    expect(calendarDay(new Date('2026-12-31T20:00:00Z'))).toBe('2026-12-31')
  })

  it('measures the offset of every demo region', () => {
    const at = new Date('2026-06-01T00:00:00Z')
    expect(Object.values(regions).map((zone) => zoneOffsetMinutes(at, zone))).toEqual([480, 480, 480, 480, 0])
    expect(zoneOffsetMinutes(new Date('2026-06-01T00:00:00.999Z'), 'Asia/Kolkata')).toBe(330)
  })

  it("shows an instant as the region's clock does, keeping milliseconds", () => {
    const instant = new Date('2026-01-31T20:30:00.250Z')
    expect(wallClock(instant, regions.HK).toISOString()).toBe('2026-02-01T04:30:00.250Z')
    expect(wallClock(instant, regions.GLOBAL).toISOString()).toBe('2026-01-31T20:30:00.250Z')
    expect(wallClock(instant, 'Not/AZone').toISOString()).toBe('2026-01-31T20:30:00.250Z')
    expect(wallClock(instant).toISOString()).toBe('2026-01-31T20:30:00.250Z')
  })
})

describe('amounts (spec §9: 2 decimals, the region currency, USD when none)', () => {
  it('prints 2 decimals with thousands separators, the same in both languages', () => {
    expect(formatAmount(0)).toBe('0.00')
    expect(formatAmount(5)).toBe('5.00')
    expect(formatAmount(1234.5)).toBe('1,234.50')
    expect(formatAmount('90000')).toBe('90,000.00')
    expect(formatAmount('1234567.8900')).toBe('1,234,567.89')
  })

  it('rounds once, half away from zero, on the decimal the value reads as', () => {
    expect(formatAmount(1.005)).toBe('1.01')
    expect(formatAmount('1.005')).toBe('1.01')
    expect(formatAmount('1.00499999')).toBe('1.00')
    expect(formatAmount(0.125)).toBe('0.13')
    expect(formatAmount(-0.125)).toBe('-0.13')
    expect(formatAmount(2.675)).toBe('2.68')
    expect(formatAmount(0.1 + 0.2)).toBe('0.30')
  })

  it('prints negative amounts with a leading minus, and no minus for what rounds to zero', () => {
    expect(formatAmount(-1234.5)).toBe('-1,234.50')
    expect(formatAmount('-0.004')).toBe('0.00')
    expect(formatMoney(-2100, 'HKD')).toBe('HKD -2,100.00')
  })

  it('keeps every digit of large amounts', () => {
    expect(formatAmount('123456789012345678.99')).toBe('123,456,789,012,345,678.99')
    expect(formatAmount(1e21)).toBe('1,000,000,000,000,000,000,000.00')
    expect(formatAmount(9007199254740993n)).toBe('9,007,199,254,740,993.00')
    expect(formatAmount(1e-7)).toBe('0.00')
  })

  it('answers blank for no value and the value itself for one that is no number', () => {
    expect(formatAmount(null)).toBe('')
    expect(formatAmount(undefined)).toBe('')
    expect(formatAmount('')).toBe('')
    expect(formatAmount('abc')).toBe('abc')
    expect(formatAmount('.')).toBe('.')
    expect(formatAmount(Number.NaN)).toBe('NaN')
    expect(formatAmount(Number.POSITIVE_INFINITY)).toBe('Infinity')
    expect(formatMoney(null, 'HKD')).toBe('')
  })

  it("puts the currency code first, the region's or USD when none is named", () => {
    expect(formatMoney(90000, 'HKD')).toBe('HKD 90,000.00')
    expect(formatMoney('35000.5', 'SGD')).toBe('SGD 35,000.50')
    expect(formatMoney(1, null)).toBe('USD 1.00')
    expect(formatMoney(1, '')).toBe('USD 1.00')
    expect(regionCurrency('MOP')).toBe('MOP')
    expect(regionCurrency(undefined)).toBe('USD')
  })

  it('reads integer cents exactly, whatever their size', () => {
    expect(fromCents(12345)).toBe('123.45')
    expect(fromCents(5)).toBe('0.05')
    expect(fromCents(-5)).toBe('-0.05')
    expect(fromCents(0)).toBe('0.00')
    expect(fromCents('900719925474099312')).toBe('9007199254740993.12')
    expect(formatMoney(fromCents(9_700_000), 'HKD')).toBe('HKD 97,000.00')
    expect(toCents('97000.00')).toBe(9_700_000n)
    expect(toCents(12n)).toBe(1200n)
    expect(toCents('1,000')).toBeNull()
  })

  it('prints percentages with 2 decimals', () => {
    expect(formatPercent(12.5)).toBe('12.50%')
    expect(formatPercent('5')).toBe('5.00%')
    expect(formatPercent(null)).toBe('')
  })
})

describe('formatDayMonth and formatCount (chart axes and figures)', () => {
  it("prints a calendar day as that day in every zone, an instant on the region's clock, in both languages", () => {
    expect(formatDayMonth('2026-12-07', en(regions.HK))).toBe('07 Dec')
    expect(formatDayMonth('2026-12-07', zh(regions.GLOBAL))).toBe('12月07日')
    expect(formatDayMonth('2026-12-31T16:00:00Z', en(regions.HK))).toBe('01 Jan')
    expect(formatDayMonth(null)).toBe('')
  })

  it('prints counts as whole numbers with thousands separators', () => {
    expect(formatCount(0)).toBe('0')
    expect(formatCount(1234567)).toBe('1,234,567')
    expect(formatCount('42')).toBe('42')
    expect(formatCount(undefined)).toBe('')
  })
})
