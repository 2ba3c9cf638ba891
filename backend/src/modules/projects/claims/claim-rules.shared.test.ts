import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  claimError,
  claimErrorCodes,
  claimFigures,
  claimProblems,
  completionTypes,
  invoiceClash,
  invoiceNumberKey,
  isRetentionRelease,
  ledgerError,
  readRetentionPercent,
  retentionCalendar,
  retentionCents,
  retentionDueDays,
  retentionReleaseProblems,
  suggestedCompletionType,
  type ClaimInput,
  type ClaimProject,
  type OtherClaim
} from './claim-rules.shared.js'
import enUS from './locales/en-US.json' with { type: 'json' }
import zhCN from './locales/zh-CN.json' with { type: 'json' }

const project = (over: Partial<ClaimProject> = {}): ClaimProject => ({
  totalAmountCents: 100_000_000, // 1,000,000.00
  retentionPercent: 5,
  actualCommencementDate: '2026-03-01',
  dlpDate: '2026-12-31',
  ...over
})
const claim = (over: Partial<ClaimInput> = {}): ClaimInput => ({
  id: 9,
  status: 'DRAFT',
  completionType: 'PARTIAL',
  completionAmountCents: 30_000_000,
  deductionAmountCents: 2_000_000, // 20,000.00
  retentionAmountCents: null,
  invoiceNumber: 'INV-009',
  ...over
})
const other = (id: number, status: OtherClaim['status'], completionAmountCents: number, completionType = 'PARTIAL'): OtherClaim => ({ id, status, completionType, completionAmountCents })

describe('completion types (spec §4)', () => {
  it('the six, in the spec order; two release retention', () => {
    expect(completionTypes).toEqual(['FULL', 'PARTIAL', 'FINAL_PARTIAL', 'RETENTION', 'FINAL_PAYMENT', 'RETENTION_PAYMENT'])
    expect(completionTypes.filter(isRetentionRelease)).toEqual(['RETENTION', 'RETENTION_PAYMENT'])
  })
})

describe('retention = percent × (project amount − deduction) / 100, 2 decimals (spec §4)', () => {
  it('worked figures', () => {
    expect(retentionCents(100_000_000, 5, 2_000_000)).toBe(4_900_000) // 5 % of 980,000.00 = 49,000.00
    expect(retentionCents(100_000_000, '10', 0)).toBe(10_000_000)
    expect(retentionCents(10_000_005, '7.5', 0)).toBe(750_000) // 7,500.00375 → 7,500.00
    expect(retentionCents(1_000_010, '12.5', 0)).toBe(125_001) // 1,250.0125 → 1,250.01
    expect(retentionCents(100_005, 10, 0)).toBe(10_001) // 100.005 → 100.01: half-up, once
    expect(retentionCents(100_004, 10, 0)).toBe(10_000)
    expect(retentionCents(33_333, '33.333', 0)).toBe(11_111) // 111.1088… → 111.11
    expect(retentionCents(100_000_000, 0, 0)).toBe(0)
    expect(retentionCents(100_000_000, 100, 100)).toBe(99_999_900)
  })
  it('a float percent is read as written (0.1 + 0.2 drift never enters)', () => {
    expect(retentionCents(100_000_000, 0.3, 0)).toBe(300_000)
    expect(retentionCents(100_000_000, 1.005, 0)).toBe(1_005_000)
  })
  it('not set is null; a percent outside 0..100 or no number is invalid', () => {
    for (const unset of [null, undefined, '', ' ']) {
      expect(retentionCents(100, unset)).toBeNull()
      expect(readRetentionPercent(unset)).toBeNull()
    }
    for (const bad of [-1, 100.01, 'abc', NaN]) expect(readRetentionPercent(bad)).toBe('invalid')
  })
  it('property: never more than half a cent from the exact value, and exact on whole cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 13 }), fc.integer({ min: 0, max: 10_000 }), (amount, basisPoints) => {
        const cents = retentionCents(amount, (basisPoints / 100).toFixed(2), 0)!
        const exactTimes10000 = BigInt(amount) * BigInt(basisPoints) // exact retention in 1/10000 of a cent
        const diff = BigInt(cents) * 10_000n - exactTimes10000
        return diff <= 5_000n && diff > -5_000n
      })
    )
  })
})

describe('claim figures', () => {
  const others = [other(1, 'APPR', 20_000_000), other(2, 'OPEN', 10_000_000), other(3, 'REJECTED', 5_000_000), other(4, 'DRAFT', 7_000_000), other(5, 'APPR', 1_000_000, 'RETENTION')]
  it('a worked claim: 1,000,000.00 project, 20,000.00 deduction, 5 %, 300,000.00 claimed after 300,000.00', () => {
    expect(claimFigures(project(), claim(), others)).toEqual({
      revisedAmountCents: 98_000_000,
      retentionAmountCents: 4_900_000,
      previousAmountCents: 30_000_000, // submitted and accepted completion claims; refused and draft ones do not count, nor releases
      deductibleAmountCents: 70_000_000,
      balanceBeforeCents: 68_000_000,
      remainingBalanceCents: 38_000_000,
      fullCompletion: false,
      retentionHeldCents: 3_900_000 // 49,000.00 less 10,000.00 released
    })
  })
  it('the claim itself never counts as its own previous amount', () => {
    expect(claimFigures(project(), claim({ id: 2 }), others).previousAmountCents).toBe(20_000_000)
    expect(claimFigures(project(), claim({ id: '2' }), others).previousAmountCents).toBe(20_000_000)
    expect(claimFigures(project(), claim({ id: null }), others).previousAmountCents).toBe(30_000_000)
  })
  it('retention is computed afresh in DRAFT and REJECTED, frozen as stored in OPEN and APPR', () => {
    const p = project({ retentionPercent: 10 })
    for (const status of ['DRAFT', 'REJECTED'] as const) expect(claimFigures(p, claim({ status, retentionAmountCents: 1 }), []).retentionAmountCents).toBe(9_800_000)
    for (const status of ['OPEN', 'APPR'] as const) expect(claimFigures(p, claim({ status, retentionAmountCents: 4_900_000 }), []).retentionAmountCents).toBe(4_900_000)
    expect(claimFigures(p, claim({ status: 'OPEN', retentionAmountCents: null }), []).retentionAmountCents).toBe(9_800_000)
  })
  it('full completion ticks itself when the remaining balance is at or below the retention', () => {
    const atRetention = claim({ completionAmountCents: 98_000_000 - 30_000_000 - 4_900_000 })
    expect(claimFigures(project(), atRetention, others)).toMatchObject({ remainingBalanceCents: 4_900_000, fullCompletion: true })
    expect(claimFigures(project(), claim({ completionAmountCents: 98_000_000 - 30_000_000 - 4_900_001 }), others).fullCompletion).toBe(false)
    expect(claimFigures(project(), claim({ completionAmountCents: 68_000_000 }), others)).toMatchObject({ remainingBalanceCents: 0, fullCompletion: true })
    expect(suggestedCompletionType('PARTIAL', { fullCompletion: true })).toBe('FULL')
    expect(suggestedCompletionType(null, { fullCompletion: true })).toBe('FULL')
    expect(suggestedCompletionType('FINAL_PAYMENT', { fullCompletion: true })).toBe('FINAL_PAYMENT')
    expect(suggestedCompletionType('PARTIAL', { fullCompletion: false })).toBe('PARTIAL')
  })
  it('no retention set: no tick, no held balance', () => {
    expect(claimFigures(project({ retentionPercent: null }), claim(), [])).toMatchObject({ retentionAmountCents: null, fullCompletion: false, retentionHeldCents: null })
  })
  it('a release claim claims no work: the balance stays, the held retention is what it draws on', () => {
    const release = claim({ completionType: 'RETENTION', completionAmountCents: 3_000_000 })
    expect(claimFigures(project(), release, others)).toMatchObject({ balanceBeforeCents: 68_000_000, remainingBalanceCents: 68_000_000, fullCompletion: false, retentionHeldCents: 3_900_000 })
  })
})

describe('claim problems (spec §5 project rules), with error codes', () => {
  const codes = (p: ClaimProject, c: ClaimInput, others: OtherClaim[], check: 'save' | 'submit' | 'accept') => claimProblems(p, c, others, check).map((f) => f.code)
  it('a good claim has none at every step', () => {
    for (const check of ['save', 'submit', 'accept'] as const) expect(codes(project(), claim(), [], check)).toEqual([])
  })
  it('the actual commencement date is required before accepting, not before', () => {
    expect(codes(project({ actualCommencementDate: null }), claim(), [], 'accept')).toEqual(['CLAIM_COMMENCEMENT_DATE_REQUIRED'])
    expect(codes(project({ actualCommencementDate: '' }), claim(), [], 'submit')).toEqual([])
  })
  it('retention must be set to submit or accept; an invalid percent is refused always', () => {
    expect(codes(project({ retentionPercent: null }), claim(), [], 'save')).toEqual([])
    expect(codes(project({ retentionPercent: null }), claim(), [], 'submit')).toEqual(['CLAIM_RETENTION_NOT_SET'])
    expect(codes(project({ retentionPercent: null }), claim(), [], 'accept')).toEqual(['CLAIM_RETENTION_NOT_SET'])
    expect(codes(project({ retentionPercent: 120 }), claim(), [], 'save')).toEqual(['CLAIM_RETENTION_INVALID'])
  })
  it('the deduction cannot exceed the deductible amount (project amount − previous amount), to the cent', () => {
    const previous = [other(1, 'APPR', 60_000_000)]
    expect(codes(project(), claim({ deductionAmountCents: 40_000_000, completionAmountCents: 0 }), previous, 'save')).toEqual([])
    const over = claimProblems(project(), claim({ deductionAmountCents: 40_000_001, completionAmountCents: 0 }), previous, 'save')
    expect(over).toEqual([{ code: 'CLAIM_DEDUCTION_EXCEEDS_DEDUCTIBLE', field: 'deductionAmountCents', data: { deductibleCents: 40_000_000 } }])
  })
  it('the completion amount cannot exceed the remaining balance, to the cent', () => {
    const previous = [other(1, 'APPR', 60_000_000)]
    expect(codes(project(), claim({ completionAmountCents: 38_000_000 }), previous, 'submit')).toEqual([])
    expect(claimProblems(project(), claim({ completionAmountCents: 38_000_001 }), previous, 'submit')).toEqual([
      { code: 'CLAIM_COMPLETION_EXCEEDS_BALANCE', field: 'completionAmountCents', data: { balanceCents: 38_000_000 } }
    ])
  })
  it('a release cannot draw more than the retention held', () => {
    const released = [other(1, 'APPR', 4_000_000, 'RETENTION')]
    expect(codes(project(), claim({ completionType: 'RETENTION_PAYMENT', completionAmountCents: 900_000 }), released, 'submit')).toEqual([])
    expect(claimProblems(project(), claim({ completionType: 'RETENTION_PAYMENT', completionAmountCents: 900_001 }), released, 'submit')).toEqual([
      { code: 'CLAIM_RELEASE_EXCEEDS_HELD', field: 'completionAmountCents', data: { heldCents: 900_000 } }
    ])
  })
  it('a release submitted or accepted is held to the defects liability date when the clock is given', () => {
    const early = { now: '2026-11-26T04:00:00Z', timeZone: 'Asia/Hong_Kong' }
    const release = claim({ completionType: 'RETENTION', completionAmountCents: 100 })
    expect(codes(project(), release, [], 'save')).toEqual([])
    expect(claimProblems(project(), release, [], 'save', early)).toEqual([])
    expect(claimProblems(project(), release, [], 'submit', early).map((f) => f.code)).toEqual(['CLAIM_RELEASE_BEFORE_DLP'])
    expect(claimProblems(project(), release, [], 'accept', { ...early, override: { reason: 'Early release agreed' } })).toEqual([])
    expect(claimProblems(project(), release, [], 'accept', { now: '2027-01-01T00:00:00Z', timeZone: 'Asia/Hong_Kong' })).toEqual([])
    expect(claimProblems(project(), claim(), [], 'submit', early)).toEqual([]) // a work claim has no release date
  })
  it('submitting needs an invoice number, a completion type and an amount', () => {
    expect(codes(project(), claim({ invoiceNumber: '  ', completionType: null, completionAmountCents: null }), [], 'save')).toEqual([])
    expect(codes(project(), claim({ invoiceNumber: '  ', completionType: null, completionAmountCents: 0 }), [], 'submit')).toEqual([
      'CLAIM_INVOICE_NUMBER_REQUIRED',
      'CLAIM_COMPLETION_TYPE_INVALID',
      'CLAIM_AMOUNT_REQUIRED'
    ])
  })
  it('bad amounts and types are named by field, and stop the balance checks', () => {
    expect(claimProblems(project(), claim({ completionAmountCents: 1.5, deductionAmountCents: -1, completionType: 'HALF' }), [], 'save')).toEqual([
      { code: 'CLAIM_AMOUNT_INVALID', field: 'completionAmountCents' },
      { code: 'CLAIM_AMOUNT_INVALID', field: 'deductionAmountCents' },
      { code: 'CLAIM_COMPLETION_TYPE_INVALID', field: 'completionType' }
    ])
  })
  it('the server answers the first failure as 400 with every failure listed', () => {
    const error = claimError([
      { code: 'CLAIM_COMPLETION_EXCEEDS_BALANCE', field: 'completionAmountCents', data: { balanceCents: 5 } },
      { code: 'CLAIM_INVOICE_NUMBER_REQUIRED', field: 'invoiceNumber' }
    ])
    expect(error).toMatchObject({ code: 400, message: 'CLAIM_COMPLETION_EXCEEDS_BALANCE' })
    expect(error.data).toMatchObject({
      code: 'CLAIM_COMPLETION_EXCEEDS_BALANCE',
      field: 'completionAmountCents',
      balanceCents: 5,
      failures: [{ code: 'CLAIM_COMPLETION_EXCEEDS_BALANCE' }, { code: 'CLAIM_INVOICE_NUMBER_REQUIRED' }]
    })
    expect(claimError([{ code: 'CLAIM_INVOICE_NUMBER_TAKEN', field: 'invoiceNumber', data: { order: 3 } }])).toMatchObject({ code: 409 })
  })
  it('figures in cents also come as the amounts the messages print', () => {
    const error = claimError(claimProblems(project(), claim({ completionAmountCents: 98_000_001 }), [other(1, 'APPR', 60_000_000)], 'submit'))
    expect(error.data).toMatchObject({ balanceCents: 38_000_000, balance: '380,000.00' })
    const message = (enUS.errors as Record<string, string>)[error.message].replace(/\{\{(\w+)\}\}/g, (_, name) => String(error.data[name]))
    expect(message).toBe('The completion amount cannot exceed the remaining balance of 380,000.00.')
  })
  it('every claim error code reads in both languages', () => {
    for (const code of claimErrorCodes) for (const catalogue of [enUS, zhCN]) expect((catalogue.errors as Record<string, string>)[code], code).toBeTruthy()
  })
  it('approval with figures off is refused (409) naming each broken rule', () => {
    const error = ledgerError([{ code: 'LEDGER_COLUMN_SUM', figure: 'thisPeriodCents' }, { code: 'LEDGER_PAYMENT_DUE' }, { code: 'LEDGER_COLUMN_SUM', figure: 'balanceToFinishCents' }])
    expect(error).toMatchObject({ code: 409, message: 'LEDGER_OUT_OF_BALANCE' })
    expect(error.data).toMatchObject({ failures: 'LEDGER_COLUMN_SUM, LEDGER_PAYMENT_DUE' })
    expect(error.data.details).toHaveLength(3)
  })
})

describe('invoice numbers: unique per vendor after trimming and case-folding', () => {
  it('the key', () => {
    expect(invoiceNumberKey('  Inv-001 ')).toBe('inv-001')
    expect(invoiceNumberKey('INV-001')).toBe(invoiceNumberKey('inv-001'))
    expect(invoiceNumberKey('ＩＮＶ－００１')).toBe('inv-001') // full-width input from a Chinese keyboard
    expect(invoiceNumberKey('\u3000INV-001\u00a0')).toBe('inv-001') // ideographic and no-break spaces
    expect(invoiceNumberKey('Straße')).toBe(invoiceNumberKey('STRASSE'))
    expect(invoiceNumberKey(null)).toBe('')
    expect(invoiceNumberKey('INV 001')).not.toBe(invoiceNumberKey('INV001'))
  })
  const claims = [
    { id: 1, vendorId: 7, invoiceNumber: 'INV-001', order: 1 },
    { id: 2, vendorId: 8, invoiceNumber: 'INV-002', order: 1 }
  ]
  it('names the vendor’s clashing claim; another vendor’s, its own, or an empty number never clash', () => {
    expect(invoiceClash({ id: 3, vendorId: 7, invoiceNumber: ' inv-001' }, claims)).toMatchObject({ id: 1, order: 1 })
    expect(invoiceClash({ id: 3, vendorId: '7', invoiceNumber: 'INV-001' }, claims)?.id).toBe(1)
    expect(invoiceClash({ id: 3, vendorId: 7, invoiceNumber: 'INV-002' }, claims)).toBeNull()
    expect(invoiceClash({ id: 1, vendorId: 7, invoiceNumber: 'inv-001' }, claims)).toBeNull()
    expect(invoiceClash({ vendorId: 7, invoiceNumber: 'INV-001' }, claims)?.id).toBe(1)
    expect(invoiceClash({ vendorId: 7, invoiceNumber: ' ' }, [{ id: 5, vendorId: 7, invoiceNumber: '' }])).toBeNull()
  })
})

describe('retention release: after the defects liability date (whole end day, region zone) or with an override and reason', () => {
  const HK = 'Asia/Hong_Kong'
  const release = (now: string, over: { dlpDate?: string | Date | null; override?: { reason?: string | null } | null; timeZone?: string } = {}) =>
    retentionReleaseProblems({ dlpDate: '2026-12-31', now, timeZone: HK, ...over }).map((f) => f.code)
  it('the whole dlp day belongs to the period, on the region’s clock', () => {
    expect(release('2026-12-31T15:59:59.999Z')).toEqual(['CLAIM_RELEASE_BEFORE_DLP']) // 23:59:59 on 31 Dec in Hong Kong
    expect(release('2026-12-31T16:00:00.000Z')).toEqual([]) // midnight of 1 Jan in Hong Kong
    expect(release('2026-12-31T16:00:00.000Z', { timeZone: 'UTC' })).toEqual(['CLAIM_RELEASE_BEFORE_DLP']) // still 31 Dec in UTC
    expect(release('2026-11-26T04:00:00Z')).toEqual(['CLAIM_RELEASE_BEFORE_DLP'])
    expect(retentionReleaseProblems({ dlpDate: '2026-12-31', now: '2026-06-01T00:00:00Z', timeZone: HK })[0].data).toEqual({ dlpDate: '2026-12-31' })
  })
  it('a dlp date kept as an instant is read as the region’s day', () => {
    // 16:00 UTC on 31 Dec is 1 Jan in Hong Kong: the dlp day is 1 Jan, release opens on 2 Jan at midnight there.
    expect(release('2027-01-01T15:59:59Z', { dlpDate: new Date('2026-12-31T16:00:00Z') })).toEqual(['CLAIM_RELEASE_BEFORE_DLP'])
    expect(release('2027-01-01T16:00:00Z', { dlpDate: new Date('2026-12-31T16:00:00Z') })).toEqual([])
  })
  it('an override needs a reason; with one, the date does not matter', () => {
    expect(release('2026-06-01T00:00:00Z', { override: { reason: 'Defects made good early, certified by the architect' } })).toEqual([])
    expect(release('2026-06-01T00:00:00Z', { override: { reason: '  ' } })).toEqual(['CLAIM_RELEASE_OVERRIDE_REASON_REQUIRED'])
    expect(release('2026-06-01T00:00:00Z', { override: {} })).toEqual(['CLAIM_RELEASE_OVERRIDE_REASON_REQUIRED'])
  })
  it('no dlp date: only an override releases', () => {
    expect(release('2030-01-01T00:00:00Z', { dlpDate: null })).toEqual(['CLAIM_RELEASE_DLP_NOT_SET'])
    expect(release('2030-01-01T00:00:00Z', { dlpDate: null, override: { reason: 'Agreed at final account' } })).toEqual([])
  })
})

describe('the calendar of retention falling due', () => {
  it('due the day after the dlp date, reminded 30 days before', () => {
    expect(retentionDueDays('2026-12-31')).toEqual({ dueDay: '2027-01-01', reminderDay: '2026-12-02' })
    expect(retentionDueDays('2028-02-28')).toEqual({ dueDay: '2028-02-29', reminderDay: '2028-01-30' })
  })
  it('by month and vendor, released projects left out', () => {
    expect(
      retentionCalendar([
        { projectId: 1, vendorId: 7, dlpDate: '2026-12-31', heldCents: 4_900_000 },
        { projectId: 2, vendorId: 7, dlpDate: '2027-01-15', heldCents: 100 },
        { projectId: 3, vendorId: 10, dlpDate: '2027-01-02', heldCents: 5 },
        { projectId: 4, vendorId: 8, dlpDate: '2027-01-20', heldCents: 7 },
        { projectId: 5, vendorId: 8, dlpDate: '2026-11-30', heldCents: 0 }
      ])
    ).toEqual([
      { month: '2027-01', vendorId: 7, heldCents: 4_900_100, projectIds: [1, 2] },
      { month: '2027-01', vendorId: 8, heldCents: 7, projectIds: [4] },
      { month: '2027-01', vendorId: 10, heldCents: 5, projectIds: [3] }
    ])
  })
})

describe('property: a claim the rules let through never over-claims', () => {
  it('submitted claims never add up beyond the revised amount, and the remaining balance never goes below 0', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 ** 12 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 10 ** 12 }), fc.constantFrom(...completionTypes)), { maxLength: 12 }),
        (total, basisPoints, attempts) => {
          const p = project({ totalAmountCents: total, retentionPercent: (basisPoints / 100).toFixed(2) })
          const accepted: OtherClaim[] = []
          attempts.forEach(([amount, completionType], i) => {
            const c = claim({ id: 100 + i, completionType, completionAmountCents: amount, deductionAmountCents: 0 })
            if (claimProblems(p, c, accepted, 'submit').length === 0) {
              const figures = claimFigures(p, c, accepted)
              expect(figures.remainingBalanceCents).toBeGreaterThanOrEqual(0)
              expect(figures.retentionHeldCents!).toBeGreaterThanOrEqual(isRetentionRelease(completionType) ? amount : 0)
              accepted.push({ id: 100 + i, status: 'APPR', completionType, completionAmountCents: amount })
            }
          })
          const claimed = accepted.filter((o) => !isRetentionRelease(o.completionType)).reduce((sum, o) => sum + o.completionAmountCents!, 0)
          const released = accepted.filter((o) => isRetentionRelease(o.completionType)).reduce((sum, o) => sum + o.completionAmountCents!, 0)
          expect(claimed).toBeLessThanOrEqual(total)
          expect(released).toBeLessThanOrEqual(retentionCents(total, (basisPoints / 100).toFixed(2))!)
        }
      ),
      { numRuns: 300 }
    )
  })
})
