import { describe, expect, it } from 'vitest'
import { computeLedger, ledgerFailures } from '../../claims/g702.shared.js'
import { scheduleAsOf, type ScheduleLine } from '../../claims/schedule-of-values.shared.js'
import { changeOrderNumberText, changeOrderProblems, claimedToDate, netChangeCents, scheduleWithChangeOrder } from './project-change-orders.shared.js'

/*
 * The change orders' pure rules (issue 27 item 3): the lines a change order may carry, what was
 * claimed on a line, the schedule once one is approved, and G702 line 2 of an application: the
 * change orders approved by its date, and only those.
 */

const schedule: ScheduleLine[] = [
  { item: '1', description: 'Site works', originalValueCents: 6_000_000, changeOrders: [] },
  // A change imported with the schedule: part of every application.
  { item: '2', description: 'Electrical', originalValueCents: 4_000_000, changeOrders: [{ revision: 1, amountCents: -200_000 }] }
]
const rates = { workPercent: '5', storedPercent: '5' }

describe('a change order’s lines', () => {
  it('add new items worth more than nothing, with a description; revise items of the schedule by a non-zero amount; name no item twice', () => {
    expect(changeOrderProblems(schedule, [])).toEqual([{ code: 'CO_LINES_EMPTY', field: 'lines' }])
    expect(
      changeOrderProblems(schedule, [
        { type: 'REVISE', item: '9', amountCents: 1 },
        { type: 'ADD', item: ' 1 ', description: 'Again', amountCents: 1 },
        { type: 'ADD', item: '3', description: ' ', amountCents: 0 },
        { type: 'REVISE', item: '2', amountCents: 0 },
        { type: 'REVISE', item: '3', amountCents: 5 },
        { type: 'REVISE', item: '', amountCents: 5 }
      ]).map(({ code, line, field }) => [code, line, field])
    ).toEqual([
      ['CO_UNKNOWN_ITEM', 1, 'item'],
      ['CO_ITEM_EXISTS', 2, 'item'],
      ['CO_MISSING_DESCRIPTION', 3, 'description'],
      ['CO_AMOUNT_INVALID', 3, 'amountCents'],
      ['CO_AMOUNT_INVALID', 4, 'amountCents'],
      ['CO_DUPLICATE_ITEM', 5, 'item'],
      ['CO_MISSING_ITEM', 6, 'item']
    ])
    expect(changeOrderProblems(schedule, [{ type: 'REVISE', item: '1', amountCents: 0.5 }]).map((problem) => problem.code)).toEqual(['CO_AMOUNT_INVALID'])
    expect(changeOrderProblems(schedule, [{ type: 'ADD', item: '3', description: 'Lighting', amountCents: 1 }])).toEqual([])
    expect(netChangeCents([{ amountCents: 500 }, { amountCents: -200 }])).toBe(300)
    expect(changeOrderNumberText(7)).toBe('CO-007')
    expect(changeOrderNumberText(1234)).toBe('CO-1234')
  })

  it('never take a line below what was claimed on it (work and stored materials to date), down to exactly that', () => {
    const claims = [
      { lines: [{ item: '1', workThisPeriodCents: 2_000_000, materialsStoredCents: 500_000 }] },
      { lines: [{ item: '1', workThisPeriodCents: 1_000_000, materialsStoredCents: 250_000 }] }
    ]
    const claimed = claimedToDate(schedule, claims)
    expect(claimed.get('1')).toBe(3_250_000)
    expect(claimed.get('2')).toBe(0)
    expect(changeOrderProblems(schedule, [{ type: 'REVISE', item: '1', amountCents: -2_750_001 }], claimed)).toEqual([
      { code: 'CO_BELOW_CLAIMED', line: 1, item: '1', field: 'amountCents', data: { claimedCents: 3_250_000, valueCents: 3_249_999 } }
    ])
    expect(changeOrderProblems(schedule, [{ type: 'REVISE', item: '1', amountCents: -2_750_000 }], claimed)).toEqual([])
    // Nothing claimed: never below nothing either.
    expect(changeOrderProblems(schedule, [{ type: 'REVISE', item: '2', amountCents: -3_800_001 }], claimed).map((problem) => problem.code)).toEqual(['CO_BELOW_CLAIMED'])
    expect(claimedToDate(schedule, []).size).toBe(0)
  })
})

describe('an approved change order in the schedule and in G702 line 2', () => {
  const approvedAt = '2026-11-10T02:00:00.000Z'
  const changed = scheduleWithChangeOrder(
    schedule,
    {
      id: 41,
      number: 2,
      lines: [
        { type: 'REVISE', item: '1', amountCents: 500_000 },
        { type: 'ADD', item: ' 3 ', description: ' Lighting ', amountCents: 250_000 }
      ]
    },
    approvedAt
  )

  it('keeps each line’s original value and earlier changes, adds the change dated with the approval, and the new item after the others', () => {
    expect(changed).toEqual([
      { ...schedule[0], changeOrders: [{ revision: 2, amountCents: 500_000, changeOrderId: 41, approvedAt }] },
      schedule[1],
      { item: '3', description: 'Lighting', originalValueCents: 0, changeOrders: [{ revision: 2, amountCents: 250_000, changeOrderId: 41, approvedAt }] }
    ])
    expect(scheduleAsOf(changed, '2026-11-10T01:59:59.999Z')).toEqual([schedule[0], schedule[1]])
    expect(scheduleAsOf(changed, approvedAt)).toEqual(changed)
    expect(scheduleAsOf(changed, null)).toBe(changed)
  })

  it('counts in the applications made on or after its approval, never in one made before; every figure reconciles', () => {
    const work = (item: string, cents: number) => ({ item, workThisPeriodCents: cents, materialsStoredCents: 0 })
    const ledger = computeLedger(
      changed,
      [{ lines: [work('1', 6_000_000)], date: '2026-11-01T00:00:00.000Z' }, { lines: [work('1', 500_000), work('3', 250_000)], date: approvedAt }, { lines: [work('2', 1_000_000)] }],
      rates
    )
    expect(ledger.map((figures) => [figures.originalContractSumCents, figures.netChangeByChangeOrdersCents, figures.contractSumToDateCents, figures.lines.length])).toEqual([
      [10_000_000, -200_000, 9_800_000, 2],
      [10_000_000, 550_000, 10_550_000, 3],
      [10_000_000, 550_000, 10_550_000, 3]
    ])
    expect(ledger[1].lines.map((line) => [line.item, line.scheduledValueCents, line.previousApplicationCents, line.totalCompletedAndStoredCents])).toEqual([
      ['1', 6_500_000, 6_000_000, 6_500_000],
      ['2', 3_800_000, 0, 0],
      ['3', 250_000, 0, 250_000]
    ])
    ledger.forEach((figures, index) => expect(ledgerFailures(figures, index ? ledger[index - 1] : null)).toEqual([]))
    // Work on the added item before its approval is work on no item of the contract then: the ledger's own check refuses it.
    const early = computeLedger(changed, [{ lines: [work('3', 1)], date: '2026-11-01T00:00:00.000Z' }], rates)[0]
    expect(ledgerFailures(early, null).map((failure) => failure.code)).toEqual(['LEDGER_UNKNOWN_ITEM'])
  })
})
