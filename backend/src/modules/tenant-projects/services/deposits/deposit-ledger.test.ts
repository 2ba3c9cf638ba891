import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { formatCents, formatMoneyCents, ledgerTotals, MAX_CENTS, parseAmount, remainingCents } from './deposit-ledger.shared.js'

describe('deposit ledger (issue 30 item 2)', () => {
  it('the acceptance case: 120,000.00 less 3,456.78 and 1,000.00 refunds 115,543.22, deducted 4,456.78', () => {
    const totals = ledgerTotals({ depositCents: parseAmount('120,000.00')!, deductionCents: [parseAmount('3,456.78')!, parseAmount('1000.00')!] })
    expect(totals).toEqual({ depositCents: 12_000_000, refundCents: 11_554_322, deductedCents: 445_678 })
    expect(formatCents(totals!.refundCents)).toBe('115,543.22')
    expect(formatCents(totals!.deductedCents)).toBe('4,456.78')
    expect(formatMoneyCents(totals!.depositCents, 'HKD')).toBe('HKD 120,000.00')
  })

  it('worked figures: no deductions, the whole deposit deducted, cents that floating point would lose', () => {
    expect(ledgerTotals({ depositCents: 50_000, deductionCents: [] })).toEqual({ depositCents: 50_000, refundCents: 50_000, deductedCents: 0 })
    expect(ledgerTotals({ depositCents: 50_000, deductionCents: [20_000, 30_000] })).toEqual({ depositCents: 50_000, refundCents: 0, deductedCents: 50_000 })
    // 0.1 + 0.2 in floating point is 0.30000000000000004; in cents it is 30.
    expect(ledgerTotals({ depositCents: parseAmount('0.30')!, deductionCents: [parseAmount('0.1')!, parseAmount('0.2')!] })).toEqual({ depositCents: 30, refundCents: 0, deductedCents: 30 })
    expect(remainingCents({ depositCents: 12_000_000, deductionCents: [345_678] })).toBe(11_654_322)
  })

  it('refuses deductions larger than the deposit, a zero or negative deduction, a fraction of a cent', () => {
    expect(ledgerTotals({ depositCents: 100_000, deductionCents: [60_000, 40_001] })).toBeNull()
    expect(ledgerTotals({ depositCents: 100_000, deductionCents: [0] })).toBeNull()
    expect(ledgerTotals({ depositCents: 100_000, deductionCents: [-5] })).toBeNull()
    expect(ledgerTotals({ depositCents: 100_000, deductionCents: [1.5] })).toBeNull()
    expect(ledgerTotals({ depositCents: MAX_CENTS + 1, deductionCents: [] })).toBeNull()
  })

  it('parses amounts of at most 2 decimals with comma thousands; refuses the rest', () => {
    expect(parseAmount('120,000.00')).toBe(12_000_000)
    expect(parseAmount('1,000')).toBe(100_000)
    expect(parseAmount('0.5')).toBe(50)
    expect(parseAmount(' 7.05 ')).toBe(705)
    expect(parseAmount(1.05)).toBe(105)
    for (const bad of ['1.005', '-1.00', '1,00.00', '12,34', 'abc', '', '1e5', '.5', '1.', 1.005, Number.NaN, null, '100000000000.01']) expect(parseAmount(bad)).toBeNull()
  })

  it('formats cents with 2 decimals and thousands commas', () => {
    expect(formatCents(0)).toBe('0.00')
    expect(formatCents(5)).toBe('0.05')
    expect(formatCents(123_456_789)).toBe('1,234,567.89')
    expect(formatMoneyCents(100)).toBe('USD 1.00')
  })

  it('property: refund + Σ deductions = deposit, deducted = Σ deductions, for any valid ledger', () => {
    const ledger = fc.array(fc.integer({ min: 1, max: 100_000_000 }), { maxLength: 60 }).chain((deductionCents) => {
      const sum = deductionCents.reduce((a, b) => a + b, 0)
      return fc.integer({ min: sum, max: Math.min(MAX_CENTS, sum + 1_000_000_000) }).map((depositCents) => ({ depositCents, deductionCents }))
    })
    fc.assert(
      fc.property(ledger, ({ depositCents, deductionCents }) => {
        const totals = ledgerTotals({ depositCents, deductionCents })!
        const sum = deductionCents.reduce((a, b) => a + b, 0)
        expect(totals.refundCents + sum).toBe(depositCents)
        expect(totals.deductedCents).toBe(sum)
        expect(totals.refundCents).toBeGreaterThanOrEqual(0)
      })
    )
  })

  it('property: a ledger whose deductions exceed its deposit has no totals', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 1, maxLength: 20 }), fc.integer({ min: 1, max: 1_000_000 }), (deductionCents, over) => {
        const sum = deductionCents.reduce((a, b) => a + b, 0)
        expect(ledgerTotals({ depositCents: Math.max(0, sum - over), deductionCents })).toBeNull()
      })
    )
  })

  it('property: formatting and parsing give back the same cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_CENTS }), (cents) => {
        expect(parseAmount(formatCents(cents))).toBe(cents)
      })
    )
  })
})
