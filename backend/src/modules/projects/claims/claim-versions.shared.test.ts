import { describe, expect, it } from 'vitest'
import { claimVersionChanges, comparedClaimFields, type ClaimVersion } from './claim-versions.shared.js'
import enUS from './locales/en-US.json' with { type: 'json' }
import zhCN from './locales/zh-CN.json' with { type: 'json' }

const version1: ClaimVersion = {
  completionType: 'PARTIAL',
  invoiceNumber: 'INV-7',
  invoiceAmountCents: 20_525_000,
  invoiceDate: '2026-11-02',
  completionAmountCents: 22_500_000,
  deductionAmountCents: 0,
  retentionAmountCents: 1_975_000,
  remainingBalanceCents: 80_000_000,
  lines: [
    { item: '1', workThisPeriodCents: 2_000_000, materialsStoredCents: 0 },
    { item: '2', workThisPeriodCents: 10_000_000, materialsStoredCents: 0 },
    { item: '3', workThisPeriodCents: 5_000_000, materialsStoredCents: 4_000_000 }
  ]
}

describe('compare with previous: what a resubmitted version changed', () => {
  it('nothing, when nothing changed (blank and missing are the same)', () => {
    expect(claimVersionChanges(version1, { ...version1, lines: [...version1.lines!].reverse() })).toEqual({ fields: [], lines: [] })
    expect(claimVersionChanges({ invoiceDate: '' }, { invoiceDate: null })).toEqual({ fields: [], lines: [] })
  })
  it('after a rejected line: the line corrected, one added, one removed, the amounts that follow', () => {
    const version2: ClaimVersion = {
      ...version1,
      invoiceAmountCents: 19_525_000,
      completionAmountCents: 21_500_000,
      lines: [
        { item: '1', workThisPeriodCents: 2_000_000, materialsStoredCents: 0 },
        { item: ' 2 ', workThisPeriodCents: 9_000_000, materialsStoredCents: 0 }, // the rejected line, corrected
        { item: '4', workThisPeriodCents: 0, materialsStoredCents: 1_500_000 }
      ]
    }
    expect(claimVersionChanges(version1, version2)).toEqual({
      fields: [
        { field: 'invoiceAmountCents', before: 20_525_000, after: 19_525_000 },
        { field: 'completionAmountCents', before: 22_500_000, after: 21_500_000 }
      ],
      lines: [
        { item: ' 2 ', change: 'changed', workThisPeriodCents: { before: 10_000_000, after: 9_000_000 } },
        { item: '4', change: 'added', workThisPeriodCents: { before: null, after: 0 }, materialsStoredCents: { before: null, after: 1_500_000 } },
        { item: '3', change: 'removed', workThisPeriodCents: { before: 5_000_000, after: null }, materialsStoredCents: { before: 4_000_000, after: null } }
      ]
    })
  })
  it('a claim without a schedule compares its fields only', () => {
    expect(claimVersionChanges({ completionType: 'PARTIAL', invoiceNumber: 'A' }, { completionType: 'FULL', invoiceNumber: 'A' })).toEqual({
      fields: [{ field: 'completionType', before: 'PARTIAL', after: 'FULL' }],
      lines: []
    })
  })
})

describe('the compare screen names every field and change in both languages', () => {
  it('labels', () => {
    for (const catalogue of [enUS, zhCN]) {
      const fields = catalogue.fields['project-submissions'] as Record<string, string>
      for (const field of [...comparedClaimFields, 'workThisPeriodCents', 'materialsStoredCents']) expect(fields[field], field).toBeTruthy()
      for (const change of ['changed', 'added', 'removed']) expect((catalogue.compare as Record<string, string>)[change]).toBeTruthy()
    }
  })
})
