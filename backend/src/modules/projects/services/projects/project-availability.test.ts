import { describe, expect, it } from 'vitest'
import { availableForWorkPermits } from './project-availability.shared.js'

/*
 * Spec §4: a project takes work permits when ACTIVE, or COMPLETED with its defects liability
 * date not yet passed; the whole end day counts, on the region's clock.
 */
const HK = 'Asia/Hong_Kong'

describe('availableForWorkPermits', () => {
  it('is true for every ACTIVE project, dlp date or not', () => {
    expect(availableForWorkPermits({ status: 'ACTIVE' }, new Date('2026-11-26T04:00:00Z'), HK)).toBe(true)
    expect(availableForWorkPermits({ status: 'ACTIVE', dlpDate: '2020-01-01' }, new Date('2026-11-26T04:00:00Z'), HK)).toBe(true)
  })

  it('is false for drafts and cancelled projects, and for a completed one without a dlp date', () => {
    for (const status of ['DRAFT', 'CANCELLED']) expect(availableForWorkPermits({ status, dlpDate: '2030-01-01' }, new Date('2026-11-26T04:00:00Z'), HK)).toBe(false)
    expect(availableForWorkPermits({ status: 'COMPLETED', dlpDate: null }, new Date('2026-11-26T04:00:00Z'), HK)).toBe(false)
  })

  it('counts the whole dlp end day in the region’s zone', () => {
    const completed = { status: 'COMPLETED', dlpDate: '2026-11-30' }
    // 23:59:59 on the 30th in Hong Kong is 15:59:59 UTC: still available.
    expect(availableForWorkPermits(completed, new Date('2026-11-30T15:59:59Z'), HK)).toBe(true)
    // 00:00 on 1 December in Hong Kong (16:00 UTC on the 30th): passed, though UTC still reads the 30th.
    expect(availableForWorkPermits(completed, new Date('2026-11-30T16:00:00Z'), HK)).toBe(false)
    expect(availableForWorkPermits(completed, new Date('2026-11-30T16:00:00Z'), 'UTC')).toBe(true)
    expect(availableForWorkPermits(completed, new Date('2026-11-20T00:00:00Z'), HK)).toBe(true)
  })

  it('reads a DATE column as the driver gives it (local midnight of the stored day)', () => {
    expect(availableForWorkPermits({ status: 'COMPLETED', dlpDate: new Date(2026, 10, 30) }, new Date('2026-11-30T15:00:00Z'), HK)).toBe(true)
    expect(availableForWorkPermits({ status: 'COMPLETED', dlpDate: new Date(2026, 10, 29) }, new Date('2026-11-30T15:00:00Z'), HK)).toBe(false)
  })
})
