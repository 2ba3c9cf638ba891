// Browser-safe: when a document is in effect (spec §3 "documents and attachments with effective
// dates", §9 "effective dates include the whole end day"). One rule for every module's documents:
// the server's `effectiveOnly` filter and period check, and the screens' tags.
import { calendarDay } from '../../format/format.shared.js'

/** A document's effective period: calendar days (YYYY-MM-DD), either end open. */
export interface EffectivePeriod {
  effectiveDate?: string | null
  effectiveUntil?: string | null
}

export type EffectiveState = 'EFFECTIVE' | 'NOT_YET_EFFECTIVE' | 'EXPIRED'

/** The calendar day (YYYY-MM-DD) an instant falls on in a time zone (UTC when the zone is unknown). */
export const dayIn = (timeZone: string, at: Date = new Date()): string => calendarDay(at, timeZone)

const day = (value: string | null | undefined) => (value ? value.slice(0, 10) : null)

/**
 * Where day D stands against the period: not yet effective before its first day, expired after
 * its last day (the whole last day counts), effective otherwise. No start: effective since ever;
 * no end: still effective. Days compare as YYYY-MM-DD text, which orders as the calendar does.
 */
export function effectiveStateOn(period: EffectivePeriod, onDay: string): EffectiveState {
  const from = day(period.effectiveDate)
  const until = day(period.effectiveUntil)
  if (from && onDay < from) return 'NOT_YET_EFFECTIVE'
  if (until && onDay > until) return 'EXPIRED'
  return 'EFFECTIVE'
}

/** Whether the document is in effect on day D (YYYY-MM-DD). */
export const isEffectiveOn = (period: EffectivePeriod, onDay: string) => effectiveStateOn(period, onDay) === 'EFFECTIVE'

/** Whether the document is in effect at an instant, on the region's calendar. */
export const isEffectiveAt = (period: EffectivePeriod, at: Date, timeZone: string) => isEffectiveOn(period, dayIn(timeZone, at))

/** A period the server takes: the end, when given, not before the start. */
export function isValidPeriod(period: EffectivePeriod): boolean {
  const from = day(period.effectiveDate)
  const until = day(period.effectiveUntil)
  return !from || !until || until >= from
}

/** How a record's documents are listed: as uploaded (oldest first), or newest effective first. */
export const documentSortTypes = ['UPLOADED', 'EFFECTIVE_DESC'] as const
export type DocumentSortType = (typeof documentSortTypes)[number]

/** Newest effective first: latest start first, documents without a start last, then newest upload. */
export function byNewestEffective(a: EffectivePeriod & { id: number }, b: EffectivePeriod & { id: number }): number {
  const left = day(a.effectiveDate)
  const right = day(b.effectiveDate)
  if (left !== right) {
    if (!left) return 1
    if (!right) return -1
    return left < right ? 1 : -1
  }
  return b.id - a.id
}
