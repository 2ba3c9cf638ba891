// Browser-safe: a record's key schedule (spec hotb §3 "key schedule: item, keys, keys handed over,
// access cards") and, at takeback, each line's outcome (issue 31 item 6).

export const hotbKeysPath = 'hotb-keys'
export const hotbKeysMethods = ['find', 'get', 'create', 'patch', 'remove'] as const

/** At takeback, what became of what was handed over: returned, lost (with a charge) or waived (with a reason). */
export const keyOutcomes = ['RETURNED', 'LOST', 'WAIVED'] as const
export type KeyOutcome = (typeof keyOutcomes)[number]

export const hotbKeyLimits = { item: 200, count: 10_000, reason: 1000, chargeCents: 100_000_000, lines: 200 } as const

/** A key line as the ledger rule reads it. */
export interface KeyLine {
  id?: number
  item: string
  keys: number
  keysHandedOver: number
  accessCards: number
  outcome?: KeyOutcome | null
  chargeCents?: number | null
  waiverReason?: string | null
}

/** Why a takeback's key line is still open (null: settled, or nothing to settle). */
export type KeyLineProblem = 'NO_OUTCOME' | 'NO_CHARGE' | 'NO_REASON'

/**
 * The ledger rule (issue 31 item 6): on a takeback, a line that handed anything over (keys or
 * access cards) is settled once returned, reported lost with a charge (cents, zero or more), or
 * waived with a reason; a line that handed nothing over needs nothing. A handover's lines are never open.
 */
export function keyLineProblem(type: string, line: KeyLine): KeyLineProblem | null {
  if (type !== 'TAKEBACK') return null
  if ((line.keysHandedOver ?? 0) <= 0 && (line.accessCards ?? 0) <= 0) return null
  if (!line.outcome) return 'NO_OUTCOME'
  if (line.outcome === 'LOST' && (line.chargeCents == null || !Number.isInteger(line.chargeCents) || line.chargeCents < 0)) return 'NO_CHARGE'
  if (line.outcome === 'WAIVED' && !line.waiverReason?.trim()) return 'NO_REASON'
  return null
}

/** The lines still open before a takeback may complete, in order. */
export function openKeyLines<L extends KeyLine>(type: string, lines: readonly L[]): Array<L & { problem: KeyLineProblem }> {
  return lines.flatMap((line) => {
    const problem = keyLineProblem(type, line)
    return problem ? [{ ...line, problem }] : []
  })
}
