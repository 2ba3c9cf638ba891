import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { decimalText, decimalToCents, hasAtMostDecimals, isBlank, parseCents, parseDecimal, percentOfCents, ratioPercentText, roundHalfAway, safeCents } from './money.shared.js'

describe('parseDecimal', () => {
  it('reads numbers, strings and bigints exactly', () => {
    expect(parseDecimal(0.1)).toEqual({ units: 1n, scale: 1 })
    expect(parseDecimal('1,234.50')).toEqual({ units: 123450n, scale: 2 })
    expect(parseDecimal(1e21)).toEqual({ units: 10n ** 21n, scale: 0 })
    expect(parseDecimal('-2.5')).toEqual({ units: -25n, scale: 1 })
    expect(parseDecimal(12n)).toEqual({ units: 12n, scale: 0 })
  })
  it('says null for blanks and for anything that is no finite decimal', () => {
    for (const bad of [null, undefined, '', '  ', 'abc', '1.2.3', '-', '.', ',', NaN, Infinity, {}, true]) expect(parseDecimal(bad)).toBeNull()
    expect([null, undefined, '', ' \t'].every(isBlank)).toBe(true)
    expect(isBlank(0)).toBe(false)
  })
  it('refuses, at once, a text that would make a number of millions of digits', () => {
    for (const huge of ['1e999999999', '-1e-999999999', '9'.repeat(41), `0.${'1'.repeat(40)}`]) expect(parseDecimal(huge)).toBeNull()
    expect(parseDecimal('1e30')).toEqual({ units: 10n ** 30n, scale: 0 })
  })
})

describe('rounding once, half away from zero', () => {
  it('roundHalfAway', () => {
    expect(roundHalfAway(5n, 2n)).toBe(3n)
    expect(roundHalfAway(-5n, 2n)).toBe(-3n)
    expect(roundHalfAway(149n, 100n)).toBe(1n)
    expect(roundHalfAway(150n, 100n)).toBe(2n)
    expect(() => roundHalfAway(1n, 0n)).toThrow(RangeError)
  })
  it('decimalToCents: 1.005 is 101 cents (as a float it would be 100)', () => {
    expect(decimalToCents(parseDecimal(1.005)!)).toBe(101n)
    expect(decimalToCents(parseDecimal('2.675')!)).toBe(268n)
    expect(decimalToCents(parseDecimal('-0.005')!)).toBe(-1n)
  })
  it('percentOfCents: 10 % of 10.05 is 1.01 (1.005 rounded up), 12.5 % of 99.99 is 12.50', () => {
    expect(percentOfCents(1005n, parseDecimal('10')!)).toBe(101n)
    expect(percentOfCents(9999, parseDecimal('12.5')!)).toBe(1250n)
    expect(percentOfCents(100000000, parseDecimal('7.125')!)).toBe(7125000n)
  })
  it('ratioPercentText: exact part ÷ whole, two decimals', () => {
    expect(ratioPercentText(1n, 3n)).toBe('33.33')
    expect(ratioPercentText(2, 3)).toBe('66.67')
    expect(ratioPercentText(1, 8)).toBe('12.50')
    expect(ratioPercentText(5, 0)).toBeNull()
    expect(ratioPercentText(-1, 8)).toBe('-12.50')
    expect(ratioPercentText(1, -8)).toBe('-12.50')
  })
})

describe('parseCents: money has at most 2 decimals (spec §5)', () => {
  it('reads exactly, never rounds', () => {
    expect(parseCents('1,000,000.00')).toBe(100000000n)
    expect(parseCents(0.1)).toBe(10n)
    expect(parseCents('12.5')).toBe(1250n)
    expect(parseCents('12.500')).toBe(1250n)
    expect(parseCents('-3')).toBe(-300n)
    expect(parseCents('12.345')).toBeNull()
    expect(parseCents('')).toBeNull()
    expect(parseCents('x')).toBeNull()
  })
  it('hasAtMostDecimals', () => {
    expect(hasAtMostDecimals({ units: 1250n, scale: 3 }, 2)).toBe(true)
    expect(hasAtMostDecimals({ units: 1251n, scale: 3 }, 2)).toBe(false)
  })
  it('agrees with the text of every cent amount', () => {
    fc.assert(fc.property(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), (cents) => parseCents(decimalText({ units: cents, scale: 2 })) === cents))
  })
})

describe('decimalText and safeCents', () => {
  it('prints every digit of the scale', () => {
    expect(decimalText({ units: 1250n, scale: 2 })).toBe('12.50')
    expect(decimalText({ units: -5n, scale: 2 })).toBe('-0.05')
    expect(decimalText({ units: 7n, scale: 0 })).toBe('7')
  })
  it('refuses cents beyond the safe integers instead of losing one', () => {
    expect(safeCents(9007199254740991n)).toBe(9007199254740991)
    expect(() => safeCents(9007199254740992n)).toThrow(RangeError)
  })
})
