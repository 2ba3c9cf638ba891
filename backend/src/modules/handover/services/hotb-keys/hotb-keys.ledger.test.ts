import { describe, expect, it } from 'vitest'
import { hotbTypes } from '../hotb/hotb.shared.js'
import { keyLineProblem, keyOutcomes, openKeyLines, type KeyLine, type KeyLineProblem } from './hotb-keys.shared.js'

/*
 * The key ledger rule (issue 31 item 6), every combination: a takeback's line that handed keys or
 * access cards over is settled only as RETURNED, LOST with a charge (whole cents, zero or more) or
 * WAIVED with a reason; a line that handed nothing over needs nothing; a handover's lines are never
 * open. `openKeyLines` lists exactly the open lines, in order, each with what it lacks.
 */
const counts = [0, 1, 3]
const outcomes = [null, undefined, ...keyOutcomes] as const
const charges = [null, undefined, -1, 0, 1.5, 2500] as const
const reasons = [null, undefined, '', '   ', 'Lost in the move'] as const

/** What the rule must answer, worked out the long way. */
function expectedProblem(type: string, line: KeyLine): KeyLineProblem | null {
  if (type === 'HANDOVER') return null
  const handed = line.keysHandedOver + line.accessCards
  if (handed === 0) return null
  switch (line.outcome) {
    case 'RETURNED':
      return null
    case 'LOST':
      return typeof line.chargeCents === 'number' && Number.isInteger(line.chargeCents) && line.chargeCents >= 0 ? null : 'NO_CHARGE'
    case 'WAIVED':
      return typeof line.waiverReason === 'string' && line.waiverReason.trim() !== '' ? null : 'NO_REASON'
    default:
      return 'NO_OUTCOME'
  }
}

describe('the key ledger rule', () => {
  it('answers every combination of type, counts, outcome, charge and reason', () => {
    let tried = 0
    for (const type of hotbTypes)
      for (const keys of counts)
        for (const keysHandedOver of counts)
          for (const accessCards of counts)
            for (const outcome of outcomes)
              for (const chargeCents of charges)
                for (const waiverReason of reasons) {
                  const line: KeyLine = { item: 'Door', keys, keysHandedOver, accessCards, outcome: outcome as any, chargeCents: chargeCents as any, waiverReason: waiverReason as any }
                  expect(keyLineProblem(type, line), JSON.stringify({ type, ...line })).toBe(expectedProblem(type, line))
                  tried++
                }
    expect(tried).toBe(2 * 3 * 3 * 3 * 5 * 6 * 5)
  })

  it('lists exactly the open lines of a takeback, in order, with what each lacks; none of a handover', () => {
    const lines: KeyLine[] = [
      { id: 1, item: 'Main door', keys: 3, keysHandedOver: 3, accessCards: 0, outcome: 'RETURNED' },
      { id: 2, item: 'Back door', keys: 2, keysHandedOver: 2, accessCards: 0 },
      { id: 3, item: 'Cards', keys: 0, keysHandedOver: 0, accessCards: 10, outcome: 'LOST', chargeCents: null },
      { id: 4, item: 'Spare', keys: 1, keysHandedOver: 0, accessCards: 0 },
      { id: 5, item: 'Cabinet', keys: 1, keysHandedOver: 1, accessCards: 0, outcome: 'WAIVED', waiverReason: ' ' },
      { id: 6, item: 'Gate', keys: 1, keysHandedOver: 1, accessCards: 0, outcome: 'LOST', chargeCents: 0 }
    ]
    expect(openKeyLines('TAKEBACK', lines).map(({ id, problem }) => [id, problem])).toEqual([
      [2, 'NO_OUTCOME'],
      [3, 'NO_CHARGE'],
      [5, 'NO_REASON']
    ])
    expect(openKeyLines('HANDOVER', lines)).toEqual([])
    expect(openKeyLines('TAKEBACK', [])).toEqual([])
  })
})
