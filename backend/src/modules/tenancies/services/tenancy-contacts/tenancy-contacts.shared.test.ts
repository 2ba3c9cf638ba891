import { describe, expect, it } from 'vitest'
import { arrangeLinks, contactsStale, mayUnlink, type ContactLink } from './tenancy-contacts.shared.js'

const link = (id: number, fields: Partial<ContactLink> = {}): ContactLink => ({ id, isCircular: false, cPrimary: false, workingHourOrder: null, nonWorkingHourOrder: null, ...fields })

describe('the roles of a tenancy contact', () => {
  it('makes the first circular contact primary when none is', () => {
    const arranged = arrangeLinks([link(3, { isCircular: false }), link(5, { isCircular: true }), link(7, { isCircular: true })])
    expect(arranged.map((row) => row.cPrimary)).toEqual([false, true, false])
  })

  it('keeps the primary there is, moves it when the written link asks, and never gives it to a non-circular contact', () => {
    const links = [link(1, { isCircular: true }), link(2, { isCircular: true, cPrimary: true })]
    expect(arrangeLinks(links).map((row) => row.cPrimary)).toEqual([false, true])
    expect(arrangeLinks([{ ...links[0], cPrimary: true }, links[1]], 1).map((row) => row.cPrimary)).toEqual([true, false])
    expect(arrangeLinks([link(1, { cPrimary: true }), link(2)]).map((row) => row.cPrimary)).toEqual([false, false])
    // The primary unlinked: the first circular one left takes it.
    expect(arrangeLinks([link(4, { isCircular: true }), link(6, { isCircular: true })]).map((row) => row.cPrimary)).toEqual([true, false])
  })

  it('renumbers each call order 1..n, the written link at the place it asked for, and derives the emergency flag', () => {
    const arranged = arrangeLinks([link(1, { workingHourOrder: 1 }), link(2, { workingHourOrder: 2, nonWorkingHourOrder: 4 }), link(3, { workingHourOrder: 1 }), link(4)], 3)
    expect(arranged.map((row) => [row.id, row.workingHourOrder, row.nonWorkingHourOrder, row.isEmergency])).toEqual([
      [1, 2, null, true],
      [2, 3, 1, true],
      [3, 1, null, true],
      [4, null, null, false]
    ])
    // A gap left by an unlinked contact closes.
    expect(arrangeLinks([link(1, { workingHourOrder: 1 }), link(2, { workingHourOrder: 3 })]).map((row) => row.workingHourOrder)).toEqual([1, 2])
  })

  it('does not unlink a circular, emergency or marketing contact; others, main, lease and finance may go', () => {
    expect(mayUnlink({ isCircular: true })).toBe(false)
    expect(mayUnlink({ isEmergency: true })).toBe(false)
    expect(mayUnlink({ isMarketing: true, isOthers: true })).toBe(false)
    expect(mayUnlink({ isOthers: true, isMain: true, isLease: true, isFinance: true })).toBe(true)
  })

  it('counts contacts stale when never confirmed or confirmed more than the days ago', () => {
    const now = new Date('2026-11-26T00:00:00Z')
    expect(contactsStale(null, 180, now)).toBe(true)
    expect(contactsStale('2026-06-01T00:00:00Z', 180, now)).toBe(false)
    expect(contactsStale('2026-05-01T00:00:00Z', 180, now)).toBe(true)
  })
})
