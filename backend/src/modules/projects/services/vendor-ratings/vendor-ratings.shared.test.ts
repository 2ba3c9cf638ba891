import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  defaultStandingBands,
  divideHalfUp,
  formatScore,
  ratingCriteria,
  ratingScore,
  scoreHundredths,
  standingOf,
  validBands,
  validWeights,
  type RatingScores,
  type RatingWeights
} from './vendor-ratings.shared.js'

const criterion = fc.integer({ min: 1, max: 5 })
const scores = fc.record(Object.fromEntries(ratingCriteria.map((name) => [name, criterion])) as Record<keyof RatingScores, fc.Arbitrary<number>>)
const weights = fc
  .record(Object.fromEntries(ratingCriteria.map((name) => [name, fc.integer({ min: 0, max: 100 })])) as Record<keyof RatingWeights, fc.Arbitrary<number>>)
  .filter((w) => Object.values(w).some((value) => value > 0))
const all = (value: number) => Object.fromEntries(ratingCriteria.map((name) => [name, value])) as RatingScores

describe('divideHalfUp', () => {
  it('rounds halves up and everything else to the nearest whole', () => {
    expect(divideHalfUp(5, 2)).toBe(3)
    expect(divideHalfUp(4, 3)).toBe(1)
    expect(divideHalfUp(5, 3)).toBe(2)
    expect(divideHalfUp(0, 7)).toBe(0)
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 1, max: 1e6 }), (a, b) => {
        const q = divideHalfUp(a, b)
        // |a/b − q| ≤ 1/2, and exactly 1/2 only rounding up.
        expect(Math.abs(2 * a - 2 * q * b)).toBeLessThanOrEqual(b)
        if (2 * a - 2 * q * b === b) throw new Error('a half rounded down')
      })
    )
  })
  it('refuses what it cannot divide exactly', () => {
    expect(() => divideHalfUp(1, 0)).toThrow(RangeError)
    expect(() => divideHalfUp(-1, 2)).toThrow(RangeError)
    expect(() => divideHalfUp(0.5, 2)).toThrow(RangeError)
  })
})

describe('ratingScore', () => {
  it('reads all 1s as 0, all 3s as 50 and all 5s as 100, whatever the weights', () => {
    fc.assert(
      fc.property(weights, (w) => {
        expect(ratingScore(all(1), w)).toBe(0)
        expect(ratingScore(all(3), w)).toBe(5000)
        expect(ratingScore(all(5), w)).toBe(10000)
      })
    )
  })
  it('weighs the criteria by the weights (worked figures with the defaults 30/20/20/15/15)', () => {
    // quality 5 → 100 × 30, timeliness 4 → 75 × 20, safety 3 → 50 × 20, cooperation 2 → 25 × 15, housekeeping 1 → 0: 5875 / 100 = 58.75
    expect(ratingScore({ quality: 5, timeliness: 4, safety: 3, cooperation: 2, housekeeping: 1 })).toBe(5875)
    // 1/3 of the weight on a 2 (25 points): 8.333… → 8.33; 2/3 → 16.67 (half up at the third decimal)
    const third: RatingWeights = { quality: 1, timeliness: 2, safety: 0, cooperation: 0, housekeeping: 0 }
    expect(ratingScore({ quality: 2, timeliness: 1, safety: 5, cooperation: 5, housekeeping: 5 }, third)).toBe(833)
    expect(ratingScore({ quality: 1, timeliness: 2, safety: 5, cooperation: 5, housekeeping: 5 }, third)).toBe(1667)
  })
  it('stays within 0 to 100 and never falls when one criterion rises', () => {
    fc.assert(
      fc.property(scores, weights, fc.constantFrom(...ratingCriteria), (s, w, name) => {
        const score = ratingScore(s, w)
        expect(Number.isInteger(score)).toBe(true)
        expect(score).toBeGreaterThanOrEqual(0)
        expect(score).toBeLessThanOrEqual(10000)
        if (s[name] < 5) expect(ratingScore({ ...s, [name]: s[name] + 1 }, w)).toBeGreaterThanOrEqual(score)
      })
    )
  })
  it('equals the exact weighted mean within half a hundredth', () => {
    fc.assert(
      fc.property(scores, weights, (s, w) => {
        const total = ratingCriteria.reduce((sum, name) => sum + w[name], 0)
        // exact: 10000 × Σ w (s − 1) / (4 Σ w), compared without floats: |4Σw·score − 10000Σw(s−1)| ≤ 2Σw
        const numerator = 10000 * ratingCriteria.reduce((sum, name) => sum + w[name] * (s[name] - 1), 0)
        expect(Math.abs(4 * total * ratingScore(s, w) - numerator)).toBeLessThanOrEqual(2 * total)
      })
    )
  })
  it('refuses a criterion outside 1 to 5 or not whole, and weights that weigh nothing', () => {
    for (const bad of [0, 6, 2.5, NaN]) expect(() => ratingScore({ ...all(3), safety: bad })).toThrow(RangeError)
    expect(() => ratingScore(all(3), { quality: 0, timeliness: 0, safety: 0, cooperation: 0, housekeeping: 0 })).toThrow(RangeError)
    expect(validWeights({ quality: 1, timeliness: -1, safety: 0, cooperation: 0, housekeeping: 0 })).toBe(false)
    expect(validWeights({ quality: 1 })).toBe(false)
  })
})

describe('scoreHundredths of several ratings (a vendor)', () => {
  it('is the mean of the ratings, rounded once from the sums (not a mean of rounded scores)', () => {
    fc.assert(
      fc.property(fc.array(scores, { minLength: 1, maxLength: 30 }), weights, (ratings, w) => {
        const sums = Object.fromEntries(ratingCriteria.map((name) => [name, ratings.reduce((sum, r) => sum + r[name] - 1, 0)])) as RatingScores
        const score = scoreHundredths(sums, ratings.length, w)
        const total = ratingCriteria.reduce((sum, name) => sum + w[name], 0)
        const numerator = 10000 * ratingCriteria.reduce((sum, name) => sum + w[name] * sums[name], 0)
        const denominator = 4 * total * ratings.length
        expect(Math.abs(denominator * score - numerator) * 2).toBeLessThanOrEqual(denominator)
        // Between the lowest and highest single rating.
        const singles = ratings.map((r) => ratingScore(r, w))
        expect(score).toBeGreaterThanOrEqual(Math.min(...singles) - 1)
        expect(score).toBeLessThanOrEqual(Math.max(...singles) + 1)
      })
    )
  })
  it('worked: three ratings of 58.75, 100 and 0 average to 52.92 (158.75 / 3 = 52.9166…)', () => {
    const ratings: RatingScores[] = [{ quality: 5, timeliness: 4, safety: 3, cooperation: 2, housekeeping: 1 }, all(5), all(1)]
    const sums = Object.fromEntries(ratingCriteria.map((name) => [name, ratings.reduce((sum, r) => sum + r[name] - 1, 0)])) as RatingScores
    expect(scoreHundredths(sums, 3)).toBe(5292)
    expect(() => scoreHundredths(sums, 0)).toThrow(RangeError)
  })
})

describe('standingOf', () => {
  it('reads the default bands: Very Poor below 30, Poor 30 to 50, Average 50 to 80, Excellent from 80', () => {
    expect(standingOf(0)).toBe('VERY_POOR')
    expect(standingOf(2999)).toBe('VERY_POOR')
    expect(standingOf(3000)).toBe('POOR')
    expect(standingOf(4999)).toBe('POOR')
    expect(standingOf(5000)).toBe('AVERAGE')
    expect(standingOf(7999)).toBe('AVERAGE')
    expect(standingOf(8000)).toBe('EXCELLENT')
    expect(standingOf(10000)).toBe('EXCELLENT')
  })
  it('is monotonic in the score for any ordered bands', () => {
    const order = ['VERY_POOR', 'POOR', 'AVERAGE', 'EXCELLENT']
    const bands = fc
      .tuple(fc.integer({ min: 0, max: 10000 }), fc.integer({ min: 0, max: 10000 }), fc.integer({ min: 0, max: 10000 }))
      .map((values) => values.sort((a, b) => a - b))
      .map(([poor, average, excellent]) => ({ poor: poor / 100, average: average / 100, excellent: excellent / 100 }))
    fc.assert(
      fc.property(bands, fc.integer({ min: 0, max: 10000 }), fc.integer({ min: 0, max: 10000 }), (b, x, y) => {
        expect(validBands(b)).toBe(true)
        const [low, high] = x <= y ? [x, y] : [y, x]
        expect(order.indexOf(standingOf(low, b))).toBeLessThanOrEqual(order.indexOf(standingOf(high, b)))
        // Each band starts exactly at its threshold.
        expect(standingOf(Math.round(b.excellent * 100), b)).toBe('EXCELLENT')
      })
    )
  })
  it('refuses bands out of order or beyond 0 to 100', () => {
    expect(validBands(defaultStandingBands)).toBe(true)
    expect(validBands({ poor: 50, average: 30, excellent: 80 })).toBe(false)
    expect(validBands({ poor: 30, average: 50, excellent: 101 })).toBe(false)
    expect(validBands({ poor: 30.001, average: 50, excellent: 80 })).toBe(false)
    expect(validBands({ poor: '30', average: 50, excellent: 80 })).toBe(false)
  })
})

describe('formatScore', () => {
  it('shows two decimals', () => {
    expect(formatScore(5875)).toBe('58.75')
    expect(formatScore(5)).toBe('0.05')
    expect(formatScore(10000)).toBe('100.00')
  })
})
