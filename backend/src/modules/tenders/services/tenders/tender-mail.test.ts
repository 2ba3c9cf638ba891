import { describe, expect, it } from 'vitest'
import { regionTime } from './tender-mail.js'

describe('regionTime', () => {
  it('reads the instant in the region, with its offset', () => {
    expect(regionTime('2026-12-04T09:00:00Z', 'Asia/Hong_Kong')).toBe('2026-12-04 17:00 (UTC+08:00)')
    expect(regionTime('2026-12-04T09:00:00Z', 'UTC')).toBe('2026-12-04 09:00 (UTC+00:00)')
  })

  it('crosses the date line where the region does', () => {
    expect(regionTime('2026-12-04T20:30:00Z', 'Asia/Shanghai')).toBe('2026-12-05 04:30 (UTC+08:00)')
  })

  it('answers a dash without a date', () => {
    expect(regionTime(null, 'Asia/Hong_Kong')).toBe('-')
  })
})
