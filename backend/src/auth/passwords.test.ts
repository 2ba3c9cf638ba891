import { describe, expect, it } from 'vitest'
import { isStrongPassword, passwordAge } from './passwords.js'

describe('isStrongPassword', () => {
  it.each([
    ['Demo#2026', true],
    ['abcdEFGH', false],
    ['abcdEF12', true],
    ['abcd12!!', true],
    ['ABCD12!!', true],
    ['abcdefgh', false],
    ['12345678', false],
    ['Ab1!', false],
    ['Abc1!xy', false],
    ['', false]
  ])('%s → %s', (password, expected) => {
    expect(isStrongPassword(password)).toBe(expected)
  })
  it('rejects what is not a string', () => {
    expect(isStrongPassword(undefined)).toBe(false)
    expect(isStrongPassword(12345678)).toBe(false)
  })
})

describe('passwordAge', () => {
  const now = new Date('2026-11-21T00:00:00Z')
  const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000)
  it('is valid before 90 days', () => {
    expect(passwordAge(daysAgo(89.9), now)).toEqual({ state: 'valid' })
  })
  it('warns with the days left during the 14 days of grace', () => {
    expect(passwordAge(daysAgo(90), now)).toEqual({ state: 'grace', daysLeft: 14 })
    expect(passwordAge(daysAgo(100), now)).toEqual({ state: 'grace', daysLeft: 4 })
    expect(passwordAge(daysAgo(103.5), now)).toEqual({ state: 'grace', daysLeft: 1 })
  })
  it('forces the change after the grace', () => {
    expect(passwordAge(daysAgo(104), now)).toEqual({ state: 'expired' })
  })
  it('treats a password never set as expired', () => {
    expect(passwordAge(null, now)).toEqual({ state: 'expired' })
  })
})
