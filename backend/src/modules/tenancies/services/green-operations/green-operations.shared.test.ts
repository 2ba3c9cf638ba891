import { describe, expect, it } from 'vitest'
import { greenExpiry, greenProblems, greenStatusOn } from './green-operations.shared.js'

describe('green operation validity', () => {
  it('needs a validity period of 1 to 120 whole months (spec §5)', () => {
    expect(greenProblems({ validityMonths: null })).toEqual(['VALIDITY'])
    expect(greenProblems({})).toEqual(['VALIDITY'])
    for (const months of [0, -1, 121, 1.5]) expect(greenProblems({ validityMonths: months })).toEqual(['VALIDITY'])
    for (const months of [1, 12, 120]) expect(greenProblems({ validityMonths: months })).toEqual([])
    expect(greenProblems({ validityMonths: 12, month: '2026-13' })).toEqual(['MONTH'])
    expect(greenProblems({ validityMonths: 12, month: '2026-03' })).toEqual([])
  })
  it('expires the day before the period ends, a month-end start staying in the shorter month', () => {
    expect(greenExpiry('2026-01-01', 12)).toBe('2026-12-31')
    expect(greenExpiry('2026-03-15', 1)).toBe('2026-04-14')
    expect(greenExpiry('2026-01-31', 1)).toBe('2026-02-27')
    expect(greenExpiry('2024-02-29', 12)).toBe('2025-02-27')
  })
  it('is valid through its expiry day and expired from the next', () => {
    expect(greenStatusOn('2026-12-31', '2026-12-31')).toBe('VALID')
    expect(greenStatusOn('2026-12-31', '2027-01-01')).toBe('EXPIRED')
  })
})
