import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { PAGE_COUNT, schedulePages, scheduleWeight } from './schedule-pages.js'

/*
 * The spec's page rule (§8 "Handover PDF schedule pages break when the running count reaches 4 (a
 * schedule with more than 2 files counts as 2)"): every small case written out, then the rule's
 * properties over any list of schedules.
 */

describe('a schedule’s weight', () => {
  it('is 1 up to 2 files and 2 from 3 files', () => {
    expect([0, 1, 2, 3, 4, 10].map(scheduleWeight)).toEqual([1, 1, 1, 2, 2, 2])
  })
})

describe('the pages of schedules', () => {
  it.each([
    [[], []],
    [[0], [[0]]],
    [[0, 0, 0], [[0, 1, 2]]],
    [[0, 0, 0, 0], [[0, 1, 2, 3]]],
    [
      [0, 0, 0, 0, 0],
      [[0, 1, 2, 3], [4]]
    ],
    [[3, 3], [[0, 1]]],
    [
      [3, 3, 3],
      [[0, 1], [2]]
    ],
    [[0, 0, 3], [[0, 1, 2]]],
    [
      [0, 0, 0, 3, 0],
      [[0, 1, 2, 3], [4]]
    ],
    [
      [2, 2, 2, 2, 1],
      [[0, 1, 2, 3], [4]]
    ],
    [
      [5, 0, 0, 0],
      [[0, 1, 2], [3]]
    ],
    [
      [0, 5, 0, 5],
      [[0, 1, 2], [3]]
    ]
  ])('%j → %j', (files, pages) => {
    expect(schedulePages(files)).toEqual(pages)
  })

  it('keeps every schedule once, in order', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(8), { maxLength: 60 }), (files) => {
        expect(schedulePages(files).flat()).toEqual(files.map((_, index) => index))
      })
    )
  })

  it('breaks a page exactly when its running count reaches 4: every page but the last reaches it, and no earlier prefix does', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(8), { maxLength: 60 }), (files) => {
        const pages = schedulePages(files)
        pages.forEach((page, number) => {
          const weights = page.map((index) => scheduleWeight(files[index]))
          const total = weights.reduce((sum, weight) => sum + weight, 0)
          // No prefix short of the whole page reaches the count (the page would have broken there).
          for (let end = 1; end < weights.length; end++) expect(weights.slice(0, end).reduce((sum, weight) => sum + weight, 0)).toBeLessThan(PAGE_COUNT)
          if (number < pages.length - 1) expect(total).toBeGreaterThanOrEqual(PAGE_COUNT)
          else expect(page.length).toBeGreaterThan(0)
          expect(total).toBeLessThanOrEqual(PAGE_COUNT + 1)
        })
      })
    )
  })

  it('holds 4 schedules of at most 2 files a page, and 2 of more', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40 }), fc.boolean(), (n, many) => {
        const pages = schedulePages(Array.from({ length: n }, () => (many ? 3 : 2)))
        const perPage = many ? 2 : 4
        expect(pages.length).toBe(Math.ceil(n / perPage))
        for (const page of pages.slice(0, -1)) expect(page.length).toBe(perPage)
      })
    )
  })
})
