import { describe, expect, it } from 'vitest'
import { bidTotal, discountTypeLabel, flattenLineItems, lineTotal, lineTotalCents, tenderTotal, tenderUnits, toDecimal, type TenderLineItem } from './tender-amounts.js'

describe('toDecimal', () => {
  it('reads numbers and strings exactly', () => {
    expect(toDecimal(0.1)).toEqual({ units: 1n, scale: 1 })
    expect(toDecimal('1,234.50')).toEqual({ units: 123450n, scale: 2 })
    expect(toDecimal(1e21)).toEqual({ units: 10n ** 21n, scale: 0 })
    expect(toDecimal(1.5e-7)).toEqual({ units: 15n, scale: 8 })
    expect(toDecimal('-2.5')).toEqual({ units: -25n, scale: 1 })
    expect(toDecimal('.5')).toEqual({ units: 5n, scale: 1 })
    expect(toDecimal(null)).toEqual({ units: 0n, scale: 0 })
    expect(toDecimal(undefined)).toEqual({ units: 0n, scale: 0 })
    expect(toDecimal('  ')).toEqual({ units: 0n, scale: 0 })
  })
  for (const bad of ['abc', '1.2.3', '-', '.', '1e', NaN, Infinity, -Infinity, '12abc']) {
    it(`refuses ${String(bad)}`, () => expect(() => toDecimal(bad as any)).toThrow('INVALID_NUMBER'))
  }
})

describe('lineTotal', () => {
  it('qty × rate without discount', () => {
    expect(lineTotal({ itemQty: 3, rate: 100 })).toBe(300)
    expect(lineTotal({ itemQty: 2.5, rate: 10.1 })).toBe(25.25)
    expect(lineTotal({ itemQty: 3, rate: 0.1 })).toBe(0.3) // 0.30000000000000004 in floats
    expect(lineTotal({ itemQty: 1.1, rate: 1.1 })).toBe(1.21)
    expect(lineTotal({ itemQty: 0, rate: 100 })).toBe(0)
    expect(lineTotal({ itemQty: null, rate: 100 })).toBe(0)
    expect(lineTotal({ itemQty: 5, rate: undefined })).toBe(0)
    expect(lineTotal({ itemQty: '1,000', rate: '2.50' })).toBe(2500)
    expect(lineTotal({ itemQty: 1, rate: 100, discountType: null, discount: 50 })).toBe(100) // no type, no discount
  })
  it('rounds half away from zero on cents', () => {
    expect(lineTotal({ itemQty: 1, rate: 1.005 })).toBe(1.01) // 1.005 is 1.00499… as a float
    expect(lineTotal({ itemQty: 1, rate: 1.004 })).toBe(1)
    expect(lineTotal({ itemQty: 3, rate: 0.335 })).toBe(1.01) // 1.005
    expect(lineTotal({ itemQty: 1, rate: 2.675 })).toBe(2.68)
    expect(lineTotal({ itemQty: 1, rate: 0.125 })).toBe(0.13)
    expect(lineTotal({ itemQty: 1, rate: 0.124999 })).toBe(0.12)
    expect(lineTotalCents({ itemQty: 1, rate: 0.005 })).toBe(1)
    expect(lineTotalCents({ itemQty: 1, rate: 0.0049 })).toBe(0)
  })
  describe('PERCENT', () => {
    it('takes the percent off, rounded once', () => {
      expect(lineTotal({ itemQty: 2, rate: 100, discountType: 'PERCENT', discount: 10 })).toBe(180)
      expect(lineTotal({ itemQty: 1, rate: 99.99, discountType: 'PERCENT', discount: 12.5 })).toBe(87.49) // 87.49125
      expect(lineTotal({ itemQty: 3, rate: 0.335, discountType: 'PERCENT', discount: 10 })).toBe(0.9) // 0.9045
      expect(lineTotal({ itemQty: 1, rate: 10.05, discountType: 'PERCENT', discount: 50 })).toBe(5.03) // 5.025
      expect(lineTotal({ itemQty: 1, rate: 100, discountType: 'PERCENT', discount: 0 })).toBe(100)
      expect(lineTotal({ itemQty: 1, rate: 100, discountType: 'PERCENT', discount: null })).toBe(100)
    })
    it('boundaries: 100 % is 0, above 100 % is never below 0', () => {
      expect(lineTotal({ itemQty: 1, rate: 100, discountType: 'PERCENT', discount: 99.99 })).toBe(0.01)
      expect(lineTotal({ itemQty: 1, rate: 100, discountType: 'PERCENT', discount: 100 })).toBe(0)
      expect(lineTotal({ itemQty: 1, rate: 100, discountType: 'PERCENT', discount: 100.01 })).toBe(0)
      expect(lineTotal({ itemQty: 1, rate: 100, discountType: 'PERCENT', discount: 250 })).toBe(0)
    })
  })
  describe('AMOUNT', () => {
    it('takes the amount off', () => {
      expect(lineTotal({ itemQty: 2, rate: 100, discountType: 'AMOUNT', discount: 15.5 })).toBe(184.5)
      expect(lineTotal({ itemQty: 3, rate: 0.1, discountType: 'AMOUNT', discount: 0.2 })).toBe(0.1)
      expect(lineTotal({ itemQty: 1, rate: 1.005, discountType: 'AMOUNT', discount: 0.001 })).toBe(1)
    })
    it('boundaries: equal is 0, above is never below 0', () => {
      expect(lineTotal({ itemQty: 2, rate: 100, discountType: 'AMOUNT', discount: 199.99 })).toBe(0.01)
      expect(lineTotal({ itemQty: 2, rate: 100, discountType: 'AMOUNT', discount: 200 })).toBe(0)
      expect(lineTotal({ itemQty: 2, rate: 100, discountType: 'AMOUNT', discount: 200.01 })).toBe(0)
      expect(lineTotal({ itemQty: 2, rate: 100, discountType: 'AMOUNT', discount: 1e6 })).toBe(0)
    })
  })
  it('a negative line is 0', () => {
    expect(lineTotal({ itemQty: -1, rate: 100 })).toBe(0)
    expect(lineTotal({ itemQty: 1, rate: -0.004 })).toBe(0)
  })
  it('refuses a negative discount (400 INVALID_DISCOUNT), for both types', () => {
    for (const discountType of ['PERCENT', 'AMOUNT'] as const) {
      expect(() => lineTotal({ itemQty: 1, rate: 100, discountType, discount: -0.01 })).toThrow(expect.objectContaining({ code: 400, message: 'INVALID_DISCOUNT' }))
      expect(() => lineTotal({ itemQty: 1, rate: 100, discountType, discount: '-5' })).toThrow('INVALID_DISCOUNT')
    }
    expect(() => lineTotal({ itemQty: 1, rate: 100, discountType: null, discount: -1 })).toThrow('INVALID_DISCOUNT')
  })
  it('refuses non-numbers', () => {
    expect(() => lineTotal({ itemQty: 'two', rate: 100 })).toThrow(expect.objectContaining({ code: 400, message: 'INVALID_NUMBER' }))
    expect(() => lineTotal({ itemQty: 1, rate: NaN })).toThrow('INVALID_NUMBER')
  })
  it('large amounts stay exact', () => {
    expect(lineTotal({ itemQty: 1000000, rate: 12345.67 })).toBe(12345670000)
    expect(lineTotalCents({ itemQty: 3, rate: '33333333.335' })).toBe(10000000001) // 100,000,000.005
  })
})

const groups: { lineItems: TenderLineItem[] }[] = [
  {
    lineItems: [
      { id: 'a', itemQty: 2, rate: 100 },
      { id: 'b', itemQty: 1, rate: 50, discountType: 'PERCENT', discount: 10 },
      { id: 'c', itemQty: 1, rate: 1000, optional: true }
    ]
  },
  {
    lineItems: [
      { id: 'd', itemQty: 3, rate: 0.1 },
      { id: 'e', itemQty: 1, rate: 999, forReference: true },
      { id: 'f', itemQty: 1, rate: 10, optional: false, forReference: false }
    ]
  }
]

describe('tenderTotal', () => {
  it('adds the line totals, leaving out optional and for-reference items', () => {
    expect(tenderTotal(groups)).toBe(200 + 45 + 0.3 + 10)
  })
  it('adds cents, not floats', () => {
    expect(tenderTotal([{ lineItems: Array.from({ length: 10 }, (_, i) => ({ id: i, itemQty: 1, rate: 0.1 })) }])).toBe(1)
  })
  it('empty', () => {
    expect(tenderTotal([])).toBe(0)
    expect(tenderTotal([{ lineItems: [] }, { lineItems: null }, {}])).toBe(0)
  })
  it('flattenLineItems keeps every item', () => expect(flattenLineItems(groups).map((i) => i.id)).toEqual(['a', 'b', 'c', 'd', 'e', 'f']))
})

describe('bidTotal', () => {
  const items = flattenLineItems(groups)
  it('vendor rates × tender quantities, optional and reference items left out', () => {
    expect(bidTotal(items, {}, { a: 90, b: 40, c: 5000, d: 1, e: 1, f: 2 })).toBe(180 + 36 + 3 + 2)
  })
  it('the vendor quantity wins when given', () => {
    expect(bidTotal(items, { a: 3, d: null, f: '' }, { a: 90, d: 1, f: 2 })).toBe(270 + 3 + 2)
    expect(bidTotal(items, { a: 0 }, { a: 90 })).toBe(0)
  })
  it('a rate with its own discount replaces the item discount', () => {
    expect(bidTotal(items, {}, { b: { rate: 40, discountType: 'AMOUNT', discount: 5 } })).toBe(35)
    expect(bidTotal(items, {}, { b: { rate: 40 } })).toBe(40)
  })
  it('missing rates count 0; numeric ids match string keys', () => {
    expect(bidTotal(items)).toBe(0)
    expect(bidTotal([{ id: 7, itemQty: 2, rate: null }], { 7: 3 }, { 7: 1.5 })).toBe(4.5)
  })
  it('refuses a negative discount', () => {
    expect(() => bidTotal(items, {}, { a: { rate: 1, discountType: 'PERCENT', discount: -1 } })).toThrow('INVALID_DISCOUNT')
  })
})

describe('constants', () => {
  it('tender units: the spec list, in order', () => {
    expect(tenderUnits.map((u) => u.code)).toEqual(['ft', 'ft squared', 'kg', 'lb', 'Litre', 'Lot', 'm', 'm squared', 'Man Day', 'Man Hour', 'No.', 'Pack', 'Roll', 'Set', 'Sum', 'Yard'])
    expect(tenderUnits.find((u) => u.code === 'm squared')?.label).toBe('m²')
    expect(tenderUnits.find((u) => u.code === 'ft squared')?.label).toBe('ft²')
  })
  it('discount labels', () => {
    expect(discountTypeLabel('PERCENT')).toBe('% OFF')
    expect(discountTypeLabel('AMOUNT')).toBe('HKD OFF')
    expect(discountTypeLabel('AMOUNT', 'SGD')).toBe('SGD OFF')
  })
})
