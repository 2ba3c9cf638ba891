import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { claimAmountsOfApplication, computeApplication, computeLedger, figureMismatches, g703Columns, ledgerFailures, type Application, type G702Figures } from './g702.shared.js'
import { changeOrderSummary, claimLineProblems, contractSums, itemKey, scheduleProblems, scheduledValueCents, type ScheduleLine } from './schedule-of-values.shared.js'

/** Dollars and cents written as people write them, to cents: '1,025,000.00' → 102500000. */
const $ = (text: string) => Math.round(Number(text.replace(/,/g, '')) * 100)

/*
 * A worked AIA example, figured by hand: contract 1,000,000.00 on four lines; change order 1 adds
 * line 5 (drainage, +30,000.00), change order 2 takes 5,000.00 off sitework: net +25,000.00.
 * Retainage 10 % on completed work, 5 % on stored materials; three applications, then a release.
 */
const schedule: ScheduleLine[] = [
  { item: '1', description: 'General conditions', originalValueCents: $('100,000.00') },
  { item: '2', description: 'Sitework', originalValueCents: $('250,000.00'), changeOrders: [{ revision: 2, amountCents: -$('5,000.00') }] },
  { item: '3', description: 'Concrete', originalValueCents: $('400,000.00') },
  { item: '4', description: 'Electrical', originalValueCents: $('250,000.00') },
  { item: '5', description: 'Additional drainage (CO 1)', originalValueCents: 0, changeOrders: [{ revision: 1, amountCents: $('30,000.00') }] }
]
const rates = { workPercent: '10', storedPercent: '5' }
const line = (item: string, thisPeriod: string, stored = '0') => ({ item, workThisPeriodCents: $(thisPeriod), materialsStoredCents: $(stored) })
const applications: Application[] = [
  { lines: [line('1', '20,000.00'), line('2', '100,000.00'), line('3', '50,000.00', '40,000.00'), line('4', '0', '15,000.00')] },
  { lines: [line('1', '20,000.00'), line('2', '95,000.00'), line('3', '120,000.00'), line('4', '60,000.00', '5,000.00'), line('5', '10,000.33')] },
  { lines: [line('1', '60,000.00'), line('2', '50,000.00'), line('3', '230,000.00'), line('4', '190,000.00'), line('5', '19,999.67')] },
  { lines: [], retainageReleasedCents: $('102,500.00') }
]

describe('schedule of values', () => {
  it('contract sums and the change order summary', () => {
    expect(contractSums(schedule)).toEqual({ originalContractSumCents: $('1,000,000.00'), netChangeByChangeOrdersCents: $('25,000.00'), contractSumToDateCents: $('1,025,000.00') })
    expect(changeOrderSummary(schedule)).toEqual([
      { revision: 1, amountCents: $('30,000.00') },
      { revision: 2, amountCents: -$('5,000.00') }
    ])
    expect(scheduledValueCents(schedule[1])).toBe($('245,000.00'))
  })
  it('problems: empty, missing item or description, duplicate item (trimmed, case-folded), bad amount', () => {
    expect(scheduleProblems([])).toEqual([{ code: 'SOV_EMPTY' }])
    expect(scheduleProblems(schedule)).toEqual([])
    expect(
      scheduleProblems([
        { item: 'A1', description: 'x', originalValueCents: 1 },
        { item: ' a1 ', description: 'y', originalValueCents: 2 },
        { item: ' ', description: ' ', originalValueCents: 1.5 },
        { item: 'B', description: 'z', originalValueCents: 1, changeOrders: [{ revision: 1, amountCents: Number.NaN }] }
      ]).map((p) => `${p.line}:${p.code}`)
    ).toEqual(['2:SOV_DUPLICATE_ITEM', '3:SOV_MISSING_ITEM', '3:SOV_MISSING_DESCRIPTION', '3:SOV_BAD_AMOUNT', '4:SOV_BAD_AMOUNT'])
  })
  it('no negative line, and the original values add up to the contract amount when it is given (issue 27 item 2)', () => {
    const contract = { contractCents: $('1,000,000.00') }
    expect(scheduleProblems(schedule, contract)).toEqual([])
    expect(scheduleProblems(schedule, { contractCents: $('1,025,000.00') })).toEqual([
      { code: 'SOV_CONTRACT_SUM_MISMATCH', field: 'scheduledValue', data: { scheduledCents: $('1,000,000.00'), contractCents: $('1,025,000.00') } }
    ])
    const negative = [
      { item: '1', description: 'x', originalValueCents: $('1,000,001.00') },
      { item: '2', description: 'y', originalValueCents: -$('1.00') },
      { item: '3', description: 'z', originalValueCents: 0, changeOrders: [{ revision: 1, amountCents: -1 }] }
    ]
    expect(scheduleProblems(negative, contract).map((p) => `${p.line}:${p.code}`)).toEqual(['2:SOV_NEGATIVE_LINE', '3:SOV_NEGATIVE_LINE'])
  })
  it('claim lines: a known item once, whole cents, no negative stock, the total to date within 0 and the scheduled value', () => {
    const previous = new Map([[itemKey('1'), $('40,000.00')]])
    expect(claimLineProblems(schedule, [line('1', '60,000.00'), line('5', '0', '30,000.00')], previous)).toEqual([])
    expect(
      claimLineProblems(
        schedule,
        [
          line('1', '60,000.01'),
          line('9', '1.00'),
          line('1', '1.00'),
          { item: '2', workThisPeriodCents: 0.5, materialsStoredCents: 0 },
          line('3', '0', '-1.00'),
          line('4', '-0.01'),
          line('5', '30,000.00', '0.01')
        ],
        previous
      ).map((p) => `${p.line}:${p.code}:${p.field}`)
    ).toEqual([
      '1:SOV_LINE_OVER_SCHEDULED:workThisPeriod',
      '2:SOV_UNKNOWN_ITEM:item',
      '3:SOV_DUPLICATE_ITEM:item',
      '4:SOV_BAD_AMOUNT:workThisPeriod',
      '5:SOV_STORED_NEGATIVE:materialsStored',
      '6:SOV_LINE_BELOW_ZERO:workThisPeriod',
      '7:SOV_LINE_OVER_SCHEDULED:workThisPeriod'
    ])
  })
  it('a line over its value names what remains of it to claim (issue 27 item 7)', () => {
    const previous = new Map([[itemKey('1'), $('40,000.00')]])
    expect(claimLineProblems(schedule, [line('1', '60,000.01')], previous)[0].data).toEqual({ remainingCents: $('60,000.00') })
    expect(claimLineProblems(schedule, [line('1', '0', '60,000.01')], previous)[0].data).toEqual({ remainingCents: $('60,000.00') })
  })
})

describe('G702/G703: the worked example, figure by figure', () => {
  const ledger = computeLedger(schedule, applications, rates)
  const g702 = (f: G702Figures) => ({
    1: f.originalContractSumCents,
    2: f.netChangeByChangeOrdersCents,
    3: f.contractSumToDateCents,
    4: f.totalCompletedAndStoredCents,
    '5a': f.retainageOnCompletedWork.cents,
    '5b': f.retainageOnStoredMaterials.cents,
    released: f.retainageReleasedCents,
    5: f.totalRetainageCents,
    6: f.totalEarnedLessRetainageCents,
    7: f.lessPreviousCertificatesCents,
    8: f.currentPaymentDueCents,
    9: f.balanceToFinishIncludingRetainageCents
  })
  const g703 = (f: G702Figures) =>
    f.lines.map((l) => [
      l.item,
      l.scheduledValueCents,
      l.previousApplicationCents,
      l.thisPeriodCents,
      l.materialsStoredCents,
      l.totalCompletedAndStoredCents,
      l.percentComplete,
      l.balanceToFinishCents
    ])

  it('application 1: 170,000.00 of work and 55,000.00 stored', () => {
    expect(g702(ledger[0])).toEqual({
      1: $('1,000,000.00'),
      2: $('25,000.00'),
      3: $('1,025,000.00'),
      4: $('225,000.00'),
      '5a': $('17,000.00'),
      '5b': $('2,750.00'),
      released: 0,
      5: $('19,750.00'),
      6: $('205,250.00'),
      7: 0,
      8: $('205,250.00'),
      9: $('819,750.00')
    })
    expect(ledger[0].retainageOnCompletedWork.percent).toBe('10')
    expect(ledger[0].retainageOnStoredMaterials.percent).toBe('5')
    expect(g703(ledger[0])).toEqual([
      ['1', $('100,000.00'), 0, $('20,000.00'), 0, $('20,000.00'), '20.00', $('80,000.00')],
      ['2', $('245,000.00'), 0, $('100,000.00'), 0, $('100,000.00'), '40.82', $('145,000.00')],
      ['3', $('400,000.00'), 0, $('50,000.00'), $('40,000.00'), $('90,000.00'), '22.50', $('310,000.00')],
      ['4', $('250,000.00'), 0, 0, $('15,000.00'), $('15,000.00'), '6.00', $('235,000.00')],
      ['5', $('30,000.00'), 0, 0, 0, 0, '0.00', $('30,000.00')]
    ])
  })
  it('application 2: stored rebar built in, an odd-cent line; 10 % of 475,000.33 is 47,500.033, held once as 47,500.03', () => {
    expect(g702(ledger[1])).toEqual({
      1: $('1,000,000.00'),
      2: $('25,000.00'),
      3: $('1,025,000.00'),
      4: $('480,000.33'),
      '5a': $('47,500.03'),
      '5b': $('250.00'),
      released: 0,
      5: $('47,750.03'),
      6: $('432,250.30'),
      7: $('205,250.00'),
      8: $('227,000.30'),
      9: $('592,749.70')
    })
    expect(g703(ledger[1])).toEqual([
      ['1', $('100,000.00'), $('20,000.00'), $('20,000.00'), 0, $('40,000.00'), '40.00', $('60,000.00')],
      ['2', $('245,000.00'), $('100,000.00'), $('95,000.00'), 0, $('195,000.00'), '79.59', $('50,000.00')],
      ['3', $('400,000.00'), $('50,000.00'), $('120,000.00'), 0, $('170,000.00'), '42.50', $('230,000.00')],
      ['4', $('250,000.00'), 0, $('60,000.00'), $('5,000.00'), $('65,000.00'), '26.00', $('185,000.00')],
      ['5', $('30,000.00'), 0, $('10,000.33'), 0, $('10,000.33'), '33.33', $('19,999.67')]
    ])
  })
  it('application 3: everything complete; the balance to finish is the retainage held', () => {
    expect(g702(ledger[2])).toEqual({
      1: $('1,000,000.00'),
      2: $('25,000.00'),
      3: $('1,025,000.00'),
      4: $('1,025,000.00'),
      '5a': $('102,500.00'),
      '5b': 0,
      released: 0,
      5: $('102,500.00'),
      6: $('922,500.00'),
      7: $('432,250.30'),
      8: $('490,249.70'),
      9: $('102,500.00')
    })
    expect(ledger[2].lines.map((l) => [l.previousApplicationCents, l.percentComplete, l.balanceToFinishCents])).toEqual([
      [$('40,000.00'), '100.00', 0],
      [$('195,000.00'), '100.00', 0],
      [$('170,000.00'), '100.00', 0],
      [$('60,000.00'), '100.00', 0],
      [$('10,000.33'), '100.00', 0]
    ])
  })
  it('application 4 releases the retainage: the certificates add up to the contract sum to date', () => {
    expect(g702(ledger[3])).toMatchObject({ 4: $('1,025,000.00'), released: $('102,500.00'), 5: 0, 6: $('1,025,000.00'), 7: $('922,500.00'), 8: $('102,500.00'), 9: 0 })
    expect(ledger.reduce((sum, f) => sum + f.currentPaymentDueCents, 0)).toBe($('1,025,000.00'))
  })
  it('the claim amounts of each application agree with its G702 figures', () => {
    expect(claimAmountsOfApplication(ledger[0], null)).toEqual({
      completionAmountCents: $('225,000.00'),
      previousAmountCents: 0,
      remainingBalanceCents: $('800,000.00'),
      retentionAmountCents: $('19,750.00'),
      paymentDueCents: $('205,250.00')
    })
    expect(claimAmountsOfApplication(ledger[1], ledger[0])).toEqual({
      completionAmountCents: $('255,000.33'), // 305,000.33 of work less the 50,000.00 of stored materials built in
      previousAmountCents: $('225,000.00'),
      remainingBalanceCents: $('544,999.67'),
      retentionAmountCents: $('47,750.03'),
      paymentDueCents: $('227,000.30')
    })
    expect(claimAmountsOfApplication(ledger[3], ledger[2])).toMatchObject({ completionAmountCents: 0, remainingBalanceCents: 0, retentionAmountCents: 0, paymentDueCents: $('102,500.00') })
  })
  it('every application passes every invariant, chained to the one before', () => {
    ledger.forEach((figures, index) => expect(ledgerFailures(figures, index === 0 ? null : ledger[index - 1])).toEqual([]))
    expect(computeApplication(schedule, applications.slice(0, 2), rates)).toEqual(ledger[1])
    expect(() => computeApplication(schedule, [], rates)).toThrow(RangeError)
    expect(() => computeLedger(schedule, applications, { workPercent: '110', storedPercent: '5' })).toThrow(RangeError)
  })
})

describe('the claim screen of a big project', () => {
  it('60 claims of 500 lines: the last application alone equals the full ledger’s last, with its lines only', () => {
    const lines = Array.from({ length: 500 }, (_, i): ScheduleLine => ({ item: `ITEM-${i + 1}`, description: `Line ${i + 1}`, originalValueCents: 1_000_003 + i }))
    const claims: Application[] = Array.from({ length: 60 }, (_, n) => ({
      lines: lines.map((l, i) => ({ item: ` item-${i + 1} `, workThisPeriodCents: 1_000 + ((n * 7 + i) % 13), materialsStoredCents: (n + i) % 5 }))
    }))
    const ledger = computeLedger(lines, claims, rates)
    const last = computeApplication(lines, claims, rates)
    expect(last).toEqual(ledger[59])
    expect(last.lines).toHaveLength(500)
    expect(last.lines[0].previousApplicationCents).toBe(ledger.slice(0, 59).reduce((sum, f) => sum + f.lines[0].thisPeriodCents, 0))
    expect(ledgerFailures(last, ledger[58])).toEqual([])
  })
  it('amounts beyond the safe integers are refused, never rounded', () => {
    const huge: ScheduleLine[] = [
      { item: '1', description: 'a', originalValueCents: Number.MAX_SAFE_INTEGER },
      { item: '2', description: 'b', originalValueCents: 1 }
    ]
    expect(() => computeApplication(huge, [{ lines: [] }], rates)).toThrow(RangeError)
  })
})

describe('the invariant check names what is off by a cent', () => {
  const figures = computeLedger(schedule, applications, rates)
  const [first, second] = figures
  const tampered = (change: (f: G702Figures) => void) => {
    const copy: G702Figures = structuredClone(second)
    change(copy)
    return ledgerFailures(copy, first).map((f) => [f.code, f.item ?? f.figure])
  }
  it('a line total, a line balance, a column sum', () => {
    expect(tampered((f) => (f.lines[2].totalCompletedAndStoredCents += 1))).toEqual([
      ['LEDGER_LINE_TOTAL', '3'],
      ['LEDGER_LINE_BALANCE', '3'],
      ['LEDGER_COLUMN_SUM', 'totalCompletedAndStoredCents']
    ])
    expect(tampered((f) => (f.lines[0].percentComplete = '40.01'))).toEqual([['LEDGER_LINE_PERCENT', '1']])
    // 10 % of 475,000.32 still rounds to 47,500.03: only the column sum is off.
    expect(tampered((f) => (f.totals.thisPeriodCents -= 1))).toEqual([['LEDGER_COLUMN_SUM', 'thisPeriodCents']])
    expect(tampered((f) => (f.totals.thisPeriodCents -= 10))).toEqual([
      ['LEDGER_COLUMN_SUM', 'thisPeriodCents'],
      ['LEDGER_RETAINAGE_ROUNDING', 'retainageOnCompletedWork']
    ])
  })
  it('retainage rounded twice (per line, then summed) is caught', () => {
    expect(tampered((f) => (f.retainageOnCompletedWork.cents = 4_750_004))).toEqual([
      ['LEDGER_RETAINAGE_ROUNDING', 'retainageOnCompletedWork'],
      ['LEDGER_RETAINAGE_TOTAL', 'totalRetainageCents']
    ])
  })
  it('the G702 lines, the certificates chain, over-certification and negative retention', () => {
    expect(tampered((f) => (f.currentPaymentDueCents += 1))).toEqual([['LEDGER_PAYMENT_DUE', 'currentPaymentDueCents']])
    expect(tampered((f) => (f.contractSumToDateCents += 1))).toEqual([
      ['LEDGER_CONTRACT_SUM', 'contractSumToDateCents'],
      ['LEDGER_BALANCE_TO_FINISH', 'balanceToFinishIncludingRetainageCents']
    ])
    expect(tampered((f) => (f.lessPreviousCertificatesCents -= 1))).toEqual([
      ['LEDGER_PAYMENT_DUE', 'currentPaymentDueCents'],
      ['LEDGER_PREVIOUS_CERTIFICATES', 'lessPreviousCertificatesCents']
    ])
    const over = computeApplication(schedule, [...applications.slice(0, 3), { lines: [], retainageReleasedCents: $('102,500.01') }], rates)
    expect(ledgerFailures(over).map((f) => f.code)).toEqual(['LEDGER_RETENTION_NEGATIVE', 'LEDGER_OVER_CERTIFIED'])
    expect(tampered((f) => (f.totalEarnedLessRetainageCents = 0.5))).toEqual([['LEDGER_NOT_CENTS', 'totalEarnedLessRetainageCents']])
  })
  it('what the lines do not explain (issue 27 item 1): a line over its value or below nothing, an unknown item, a stated amount the lines do not add', () => {
    // The review's release bent: 80,000.01 of work on a 100,000.00 line after 20,000.00, and an item the schedule lacks.
    const bent = computeApplication(schedule, [applications[0], { lines: [line('1', '80,000.01'), line('ZZZ', '1.00')], retainageReleasedCents: 1 }], rates)
    const failures = ledgerFailures(bent, computeApplication(schedule, [applications[0]], rates)).map((f) => [f.code, f.item ?? f.figure])
    expect(failures).toEqual([
      ['LEDGER_LINE_OVER_SCHEDULED', '1'],
      ['LEDGER_UNKNOWN_ITEM', 'ZZZ']
    ])
    expect(bent.unscheduledLines).toEqual([line('ZZZ', '1.00')])
    expect(tampered((f) => (f.lines[3].materialsStoredCents = -1)).map(([code]) => code)).toContain('LEDGER_LINE_NEGATIVE')
    const stated = (cents: number) => ledgerFailures(second, first, { completionAmountCents: cents }).map((f) => f.code)
    const added = second.totalCompletedAndStoredCents - first.totalCompletedAndStoredCents
    expect(stated(added)).toEqual([])
    expect(stated(added + 1)).toEqual(['LEDGER_CLAIM_AMOUNT'])
    expect(ledgerFailures(second, first, { completionAmountCents: null })).toEqual([])
  })
  it('figureMismatches compares every figure of two computations to the cent', () => {
    expect(figureMismatches(second, structuredClone(second))).toEqual([])
    const other = structuredClone(second)
    other.retainageOnStoredMaterials.cents += 1
    other.lines[4].balanceToFinishCents -= 1
    expect(figureMismatches(second, other).map((f) => [f.figure, f.item, f.expectedCents, f.actualCents])).toEqual([
      ['retainageOnStoredMaterials', undefined, 25_000, 25_001],
      ['balanceToFinishCents', '5', 1_999_967, 1_999_966]
    ])
  })
})

/* Property-based: random schedules (up to 500 lines) and random applications against them. */
const amount = fc.integer({ min: 0, max: 5_000_000_00 }) // up to 5,000,000.00 a line
const scheduleArb = (maxLines: number) =>
  fc.array(fc.tuple(amount, fc.option(fc.integer({ min: -1_000_000, max: 1_000_000 }), { nil: undefined })), { minLength: 1, maxLength: maxLines }).map((values) =>
    values.map(([value, change], i): ScheduleLine => ({
      item: String(i + 1),
      description: `Line ${i + 1}`,
      originalValueCents: value,
      changeOrders: change === undefined ? [] : [{ revision: 1 + (i % 3), amountCents: Math.max(change, -value) }]
    }))
  )
/** Applications that claim parts of each line's remaining value (never above it), with materials stored. */
const ledgerArb = (maxLines: number, maxApplications: number) =>
  scheduleArb(maxLines).chain((lines) =>
    fc
      .array(fc.array(fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true })), { minLength: lines.length, maxLength: lines.length }), {
        minLength: 1,
        maxLength: maxApplications
      })
      .map((shares) => {
        const done = lines.map(() => 0)
        const applications: Application[] = shares.map((share) => ({
          lines: lines.map((line, i) => {
            const left = Math.max(scheduledValueCents(line) - done[i], 0)
            const work = Math.floor(left * share[i][0] * 0.6)
            const stored = Math.floor((left - work) * share[i][1] * 0.5)
            done[i] += work
            return { item: line.item, workThisPeriodCents: work, materialsStoredCents: stored }
          })
        }))
        return { lines, applications }
      })
  )
const rateArb = fc.record({
  workPercent: fc.integer({ min: 0, max: 10_000 }).map((bp) => (bp / 100).toFixed(2)),
  storedPercent: fc.integer({ min: 0, max: 1_000 }).map((bp) => (bp / 100).toFixed(2))
})

describe('properties', () => {
  it('totals equal the sum of the lines to the cent, and every invariant holds, over 500-line schedules', () => {
    fc.assert(
      fc.property(ledgerArb(500, 3), rateArb, ({ lines, applications }, rates) => {
        const ledger = computeLedger(lines, applications, rates)
        ledger.forEach((figures, index) => {
          for (const column of g703Columns) expect(figures.totals[column]).toBe(figures.lines.reduce((sum, l) => sum + l[column], 0))
          expect(figures.totalCompletedAndStoredCents).toBe(figures.totals.totalCompletedAndStoredCents)
          expect(ledgerFailures(figures, index === 0 ? null : ledger[index - 1])).toEqual([])
        })
      }),
      { numRuns: 40 }
    )
  })
  it('the figures of a claim after many applications are the ledger’s own (the earlier ones folded into one), releases and a claim without some items included', () => {
    fc.assert(
      fc.property(ledgerArb(30, 9), rateArb, fc.array(fc.nat(1_000), { maxLength: 9 }), fc.nat(29), ({ lines, applications }, rates, releases, dropped) => {
        // Some applications release retainage; one claims no line for an item at all.
        const claimed = applications.map((application, index) => ({
          lines: index % 2 ? application.lines.filter((_, at) => at !== dropped) : application.lines,
          retainageReleasedCents: releases[index] ?? 0
        }))
        const ledger = computeLedger(lines, claimed, rates)
        const last = ledger[ledger.length - 1]
        expect(computeApplication(lines, claimed, rates)).toEqual(last)
        if (claimed.length > 1) {
          const previous = computeApplication(lines, claimed.slice(0, -1), rates)
          expect({ ...previous, lines: [] }).toEqual({ ...ledger[ledger.length - 2], lines: [] })
        }
        if (claimed.length > 2) {
          // Folded beforehand, as the claim screen has the database do it: each item's work summed, the releases too.
          const earlier = claimed.slice(0, -2)
          const work = new Map<string, number>()
          for (const application of earlier) for (const line of application.lines) work.set(line.item, (work.get(line.item) ?? 0) + line.workThisPeriodCents)
          const folded = {
            lines: [...work].map(([item, workThisPeriodCents]) => ({ item, workThisPeriodCents, materialsStoredCents: 0 })),
            retainageReleasedCents: earlier.reduce((sum, application) => sum + application.retainageReleasedCents, 0),
            count: earlier.length
          }
          expect(computeApplication(lines, [folded, ...claimed.slice(-2)], rates)).toEqual(last)
        }
      }),
      { numRuns: 60 }
    )
  })
  it('retainage is rounded once, on the totals to date: however the same work is spread over applications, it is the same', () => {
    fc.assert(
      fc.property(ledgerArb(60, 4), rateArb, ({ lines, applications }, rates) => {
        const last = computeApplication(lines, applications, rates)
        // The same work to date claimed in one application (stored materials as at the last one).
        const lastLines = applications[applications.length - 1].lines
        const inOne = computeApplication(
          lines,
          [
            {
              lines: lines.map((line, i) => ({
                item: line.item,
                workThisPeriodCents: applications.reduce((sum, a) => sum + a.lines[i].workThisPeriodCents, 0),
                materialsStoredCents: lastLines[i].materialsStoredCents
              }))
            }
          ],
          rates
        )
        expect(inOne.retainageOnCompletedWork).toEqual(last.retainageOnCompletedWork)
        expect(inOne.retainageOnStoredMaterials).toEqual(last.retainageOnStoredMaterials)
        expect(inOne.totalEarnedLessRetainageCents).toBe(last.totalEarnedLessRetainageCents)
        // And held is the exact percent of its base, rounded half-up once (never a sum of rounded lines).
        const base = BigInt(last.totals.previousApplicationCents + last.totals.thisPeriodCents)
        const [units, decimals = ''] = String(rates.workPercent).split('.')
        const rate = BigInt(units + decimals.padEnd(2, '0'))
        expect(BigInt(last.retainageOnCompletedWork.cents)).toBe((2n * base * rate + 10_000n) / 20_000n)
      }),
      { numRuns: 60 }
    )
  })
  it('current payment due = total earned less retainage − previous certificates, and the certificates add up', () => {
    fc.assert(
      fc.property(ledgerArb(40, 6), rateArb, ({ lines, applications }, rates) => {
        const ledger = computeLedger(lines, applications, rates)
        let certified = 0
        for (const figures of ledger) {
          expect(figures.currentPaymentDueCents).toBe(figures.totalEarnedLessRetainageCents - figures.lessPreviousCertificatesCents)
          expect(figures.lessPreviousCertificatesCents).toBe(certified)
          certified += figures.currentPaymentDueCents
        }
        expect(certified).toBe(ledger[ledger.length - 1].totalEarnedLessRetainageCents)
      }),
      { numRuns: 60 }
    )
  })
  it('no float drift over 500 lines: odd cents everywhere, the sums are the exact integer sums', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 99 }), { minLength: 500, maxLength: 500 }), (centsList) => {
        // Lines of n cents each (0.01 .. 0.99): a float sum of 0.1-like amounts drifts, integer cents do not.
        const lines = centsList.map((c, i): ScheduleLine => ({ item: `L${i}`, description: 'd', originalValueCents: c * 1_000_001 }))
        const claims = centsList.map((c, i) => ({ item: `L${i}`, workThisPeriodCents: c * 10_001, materialsStoredCents: c }))
        const figures = computeApplication(lines, [{ lines: claims }], { workPercent: '10', storedPercent: '5' })
        const exact = (f: (c: number) => number) => centsList.reduce((sum, c) => sum + BigInt(f(c)), 0n)
        expect(BigInt(figures.contractSumToDateCents)).toBe(exact((c) => c * 1_000_001))
        expect(BigInt(figures.totals.thisPeriodCents)).toBe(exact((c) => c * 10_001))
        expect(BigInt(figures.totalCompletedAndStoredCents)).toBe(exact((c) => c * 10_002))
        expect(BigInt(figures.totals.balanceToFinishCents)).toBe(exact((c) => c * 1_000_001 - c * 10_002))
        expect(ledgerFailures(figures, null)).toEqual([])
      }),
      { numRuns: 30 }
    )
  })
})
