import { describe, expect, it } from 'vitest'
import { parseNumericFilter, timeFilterOptions, timeFilterSince, toFeathersQuery } from './numeric-filter.js'

describe('parseNumericFilter', () => {
  const cases: [string, ReturnType<typeof parseNumericFilter>][] = [
    ['100', { op: '=', value: 100 }],
    ['=100', { op: '=', value: 100 }],
    ['<100', { op: '<', value: 100 }],
    ['>100', { op: '>', value: 100 }],
    ['<=100', { op: '<=', value: 100 }],
    ['>=100', { op: '>=', value: 100 }],
    ['0', { op: '=', value: 0 }],
    ['  >=  1,000,000.5 ', { op: '>=', value: 1000000.5 }],
    ['1 000', { op: '=', value: 1000 }],
    ['< = 5', { op: '<=', value: 5 }],
    ['1.2', { op: '=', value: 1.2 }],
    ['1.23', { op: '=', value: 1.23 }],
    ['1.239', { op: '=', value: 1.23 }], // cut, not rounded
    ['1.999999', { op: '=', value: 1.99 }],
    ['0.001', { op: '=', value: 0 }],
    ['007', { op: '=', value: 7 }],
    ['1,2.3,4', { op: '=', value: 12.34 }]
  ]
  for (const [text, parsed] of cases) it(`${JSON.stringify(text)} → ${JSON.stringify(parsed)}`, () => expect(parseNumericFilter(text)).toEqual(parsed))
  for (const text of ['', '   ', ',', 'abc', '10abc', '-5', '+5', '.5', '5.', '1.2.3', '=>5', '==5', '<>5', '<', '1e3', 'NaN', 'Infinity', '½']) {
    it(`${JSON.stringify(text)} → null`, () => expect(parseNumericFilter(text)).toBeNull())
  }
  it('non-strings → null', () => {
    expect(parseNumericFilter(null)).toBeNull()
    expect(parseNumericFilter(undefined)).toBeNull()
    expect(parseNumericFilter(5 as any)).toBeNull()
  })
})

describe('toFeathersQuery', () => {
  it('maps each operator', () => {
    expect(toFeathersQuery('amount', { op: '=', value: 100 })).toEqual({ amount: 100 })
    expect(toFeathersQuery('amount', { op: '<', value: 100 })).toEqual({ amount: { $lt: 100 } })
    expect(toFeathersQuery('amount', { op: '>', value: 100 })).toEqual({ amount: { $gt: 100 } })
    expect(toFeathersQuery('amount', { op: '<=', value: 100 })).toEqual({ amount: { $lte: 100 } })
    expect(toFeathersQuery('amount', { op: '>=', value: 100 })).toEqual({ amount: { $gte: 100 } })
  })
  it('no filter → {}', () => expect(toFeathersQuery('amount', null)).toEqual({}))
  it('composes with the parser', () => expect(toFeathersQuery('total', parseNumericFilter('<= 1,234.567'))).toEqual({ total: { $lte: 1234.56 } }))
})

describe('timeFilterSince', () => {
  const now = '2026-03-31T10:00:00.000Z'
  it('every option', () => {
    expect(timeFilterOptions).toEqual(['1 Week', '2 Weeks', '3 Weeks', '1 Month', 'Show All'])
    expect(timeFilterSince('1 Week', now)?.toISOString()).toBe('2026-03-24T10:00:00.000Z')
    expect(timeFilterSince('2 Weeks', now)?.toISOString()).toBe('2026-03-17T10:00:00.000Z')
    expect(timeFilterSince('3 Weeks', now)?.toISOString()).toBe('2026-03-10T10:00:00.000Z')
    expect(timeFilterSince('1 Month', now)?.toISOString()).toBe('2026-02-28T10:00:00.000Z') // 31 days, not a calendar month
    expect(timeFilterSince('Show All', now)).toBeNull()
  })
  it('accepts a Date', () => expect(timeFilterSince('1 Week', new Date(now))?.toISOString()).toBe('2026-03-24T10:00:00.000Z'))
  it('refuses an unknown option', () => expect(() => timeFilterSince('1 Year' as any, now)).toThrow(RangeError))
})
