import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { deductionsTotalCents } from './hotb-deductions.shared.js'

describe('deductionsTotalCents', () => {
  it('adds the lines exactly, counting an unpriced item as nothing', () => {
    expect(deductionsTotalCents([])).toBe(0)
    expect(deductionsTotalCents([{ deductionCents: 150_000 }, { deductionCents: null }, {}, { deductionCents: '2599' }])).toBe(152_599)
  })

  it('is the integer sum of any lines of integer cents, whatever their order', () => {
    fc.assert(
      fc.property(fc.array(fc.option(fc.integer({ min: 1, max: 1e11 }))), (amounts) => {
        const lines = amounts.map((deductionCents) => ({ deductionCents }))
        const total = deductionsTotalCents(lines)
        expect(Number.isInteger(total)).toBe(true)
        expect(total).toBe(deductionsTotalCents([...lines].reverse()))
        expect(total).toBe(amounts.reduce<number>((sum, cents) => sum + (cents ?? 0), 0))
      })
    )
  })
})
