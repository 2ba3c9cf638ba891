// Browser-safe: move-in and move-out records of a tenancy (spec tenancies §3 "Move-in or move-out
// record", §5 "needs either remarks or the corresponding handover/takeback"), shared by the
// service, its validators and the screens.
export const movesPath = 'moves'

/** A move in, a move out, or a temporary close (which is reopened later, spec §3). */
export const moveKinds = ['MOVE_IN', 'MOVE_OUT', 'TEMPORARY_CLOSE'] as const
export type MoveKind = (typeof moveKinds)[number]

export interface MoveFields {
  kind: MoveKind
  date: string
  floor?: string | null
  remarks?: string | null
  handoverId?: number | null
  /** Business commencement (move in) or last trading date (move out); a temporary close has none. */
  businessDate?: string | null
  reopenDate?: string | null
}

export type MoveProblem = 'REMARKS_OR_HANDOVER' | 'BUSINESS_DATE' | 'REOPEN_DATE'

const day = (value: string | null | undefined) => String(value ?? '').slice(0, 10)

/**
 * What is wrong with a move as it will be stored, empty when nothing (the browser's form and the
 * server ask the same; the database holds the first rule as a CHECK too):
 * - REMARKS_OR_HANDOVER: neither remarks (a non-blank character) nor the corresponding handover or takeback;
 * - BUSINESS_DATE: a business date on a temporary close, a commencement before the move in, or a
 *   last trading date after the move out;
 * - REOPEN_DATE: a reopen date on a move in or out, or before the close.
 */
export function moveProblems(move: MoveFields): MoveProblem[] {
  const problems: MoveProblem[] = []
  if (!String(move.remarks ?? '').trim() && move.handoverId == null) problems.push('REMARKS_OR_HANDOVER')
  const date = day(move.date)
  if (move.businessDate) {
    const business = day(move.businessDate)
    const wrong = move.kind === 'TEMPORARY_CLOSE' || (move.kind === 'MOVE_IN' && business < date) || (move.kind === 'MOVE_OUT' && business > date)
    if (wrong) problems.push('BUSINESS_DATE')
  }
  if (move.reopenDate && (move.kind !== 'TEMPORARY_CLOSE' || day(move.reopenDate) < date)) problems.push('REOPEN_DATE')
  return problems
}

const epochDay = (value: string) => Date.UTC(Number(value.slice(0, 4)), Number(value.slice(5, 7)) - 1, Number(value.slice(8, 10))) / 86_400_000

/**
 * The move's duration in days (spec §3 "duration"): from the move in to business commencement,
 * from the last trading day to the move out, and how long a temporary close lasted (to its
 * reopen). Null while the other date is not known.
 */
export function moveDuration(move: Pick<MoveFields, 'kind' | 'date' | 'businessDate' | 'reopenDate'>): number | null {
  const date = day(move.date)
  const other = move.kind === 'TEMPORARY_CLOSE' ? move.reopenDate : move.businessDate
  if (!date || !other) return null
  return Math.abs(epochDay(day(other)) - epochDay(date))
}

export const movesMethods = ['find', 'get', 'create', 'patch', 'remove', 'reopen'] as const
