import { describe, expect, it } from 'vitest'
import { assertLineItems, lineItemProblems, moneyProblem } from './line-item-rules.js'

describe('moneyProblem', () => {
  const cases: [unknown, string | null][] = [
    [null, null],
    [undefined, null],
    ['', null],
    [0, null],
    [12, null],
    [12.5, null],
    [12.34, null],
    ['1,234.50', null],
    ['12.340', null],
    [12.345, 'MONEY_DECIMALS'],
    ['0.001', 'MONEY_DECIMALS'],
    [1e-7, 'MONEY_DECIMALS'],
    [-0.01, 'NEGATIVE'],
    ['-5', 'NEGATIVE'],
    ['abc', 'INVALID_NUMBER'],
    [Number.NaN, 'INVALID_NUMBER'],
    [Number.POSITIVE_INFINITY, 'INVALID_NUMBER'],
    ['1.2.3', 'INVALID_NUMBER']
  ]
  for (const [value, problem] of cases) it(`${String(value)} → ${problem}`, () => expect(moneyProblem(value as any)).toBe(problem))
})

describe('lineItemProblems', () => {
  it('names each wrong field', () => {
    expect(lineItemProblems({ rate: 10.5, discount: 5, discountType: 'PERCENT' })).toEqual({})
    expect(lineItemProblems({ rate: 10.555, discount: -1, discountType: 'AMOUNT' })).toEqual({ rate: 'MONEY_DECIMALS', discount: 'NEGATIVE' })
    expect(lineItemProblems({})).toEqual({})
  })
})

describe('assertLineItems', () => {
  const groups = (item: Record<string, unknown>) => [
    {
      lineItems: [
        { id: 'a', rate: 1 },
        { id: 'b', ...item }
      ]
    }
  ]
  const codeOf = (item: Record<string, unknown>) => {
    try {
      assertLineItems(groups(item))
      return null
    } catch (error: any) {
      return [error.code, error.data.code]
    }
  }
  it('passes fine items and empty groups', () => {
    expect(codeOf({ rate: 99.99, discount: 10, discountType: 'PERCENT' })).toBeNull()
    expect(() => assertLineItems([{ lineItems: [] }, {}])).not.toThrow()
  })
  it('takes only the units of the spec, or none yet', () => {
    for (const itemUnit of ['ft', 'ft squared', 'm squared', 'Man Day', 'No.', 'Yard', '', null, undefined]) expect(codeOf({ itemUnit })).toBeNull()
    for (const itemUnit of ['pcs', 'lot', 'm2', 'Sum ']) expect(codeOf({ itemUnit })).toEqual([400, 'INVALID_UNIT'])
  })
  it('refuses 3 decimals, a negative discount and garbage with 400 and a code', () => {
    expect(codeOf({ rate: 1.005 })).toEqual([400, 'MONEY_DECIMALS'])
    expect(codeOf({ discount: -3, discountType: 'AMOUNT' })).toEqual([400, 'INVALID_DISCOUNT'])
    expect(codeOf({ rate: 'x' })).toEqual([400, 'INVALID_NUMBER'])
  })
})
