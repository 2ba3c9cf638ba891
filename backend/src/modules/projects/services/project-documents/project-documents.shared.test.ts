import { describe, expect, it } from 'vitest'
import { effectiveStateOn, isValidPeriod } from './project-documents.shared.js'

describe('a project document’s effective period (spec §9: the end day counts whole)', () => {
  it('is effective from its first day through the whole of its last', () => {
    const period = { effectiveDate: '2026-11-01', effectiveUntil: '2026-11-30' }
    expect(effectiveStateOn(period, '2026-10-31')).toBe('NOT_YET_EFFECTIVE')
    expect(effectiveStateOn(period, '2026-11-01')).toBe('EFFECTIVE')
    expect(effectiveStateOn(period, '2026-11-30')).toBe('EFFECTIVE')
    expect(effectiveStateOn(period, '2026-12-01')).toBe('EXPIRED')
    expect(effectiveStateOn({}, '2026-12-01')).toBe('EFFECTIVE')
  })

  it('takes an open end or an end not before the start', () => {
    expect(isValidPeriod({ effectiveDate: '2026-11-02', effectiveUntil: '2026-11-01' })).toBe(false)
    expect(isValidPeriod({ effectiveDate: '2026-11-01', effectiveUntil: '2026-11-01' })).toBe(true)
    expect(isValidPeriod({ effectiveUntil: '2026-11-01' })).toBe(true)
  })
})
