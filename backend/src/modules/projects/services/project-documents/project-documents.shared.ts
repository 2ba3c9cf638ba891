// Browser-safe: the documents filed in a project's folders (spec §4 folders, §3 "documents with
// effective dates", §9 "effective dates include the whole end day").
export const projectDocumentsPath = 'project-documents'
export const projectDocumentsMethods = ['find', 'create', 'remove'] as const
export const projectDocumentContentPath = 'project-documents/:id/content'
export const projectDocumentContentMethods = ['find'] as const
export const projectDocumentContentUrl = (id: number | string) => `project-documents/${encodeURIComponent(String(id))}/content`

/** Spec §9 "Attachment description maximum: 255 characters". */
export const projectDocumentDescriptionMax = 255

/** A document's effective period: calendar days (YYYY-MM-DD), either end open. */
export interface EffectivePeriod {
  effectiveDate?: string | null
  effectiveUntil?: string | null
}

export type EffectiveState = 'EFFECTIVE' | 'NOT_YET_EFFECTIVE' | 'EXPIRED'

const dayOf = (value: string | null | undefined) => (value ? value.slice(0, 10) : null)

/**
 * Where day D (YYYY-MM-DD, on the region's calendar) stands against the period: not yet effective
 * before its first day, expired after its last (the whole last day counts, spec §9), effective
 * otherwise. The rule of tenders' effective-period.ts, which its module wall keeps to itself.
 */
export function effectiveStateOn(period: EffectivePeriod, onDay: string): EffectiveState {
  const from = dayOf(period.effectiveDate)
  const until = dayOf(period.effectiveUntil)
  if (from && onDay < from) return 'NOT_YET_EFFECTIVE'
  if (until && onDay > until) return 'EXPIRED'
  return 'EFFECTIVE'
}

/** A period the server takes: the end, when given, not before the start. */
export function isValidPeriod(period: EffectivePeriod): boolean {
  const from = dayOf(period.effectiveDate)
  const until = dayOf(period.effectiveUntil)
  return !from || !until || until >= from
}
