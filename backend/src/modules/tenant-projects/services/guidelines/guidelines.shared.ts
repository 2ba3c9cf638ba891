// Browser-safe: the region's fit-out guidelines (spec tenant projects §3 "Guideline: id, itemId,
// status (DRAFT default, PUBLISHED), sectionContent (order, value), order, secondaryOrder,
// displayOrder, version ..."; §7 Guidelines), one set per tab type (§2).

export const guidelinesPath = 'guidelines'
/** find and get read; `save` writes the drafts of a type (spec PUT /guidelines); `publishDrafts` publishes them (Feathers keeps the name `publish`) (spec PATCH /guidelines?type=). */
export const guidelinesMethods = ['find', 'get', 'patch', 'save', 'publishDrafts'] as const

/** Spec §2 "Tab types inside a tenant project". */
export const guidelineTypes = ['FIT_OUT', 'POST_FIT_OUT', 'GREEN_FIT_OUT'] as const
export type GuidelineType = (typeof guidelineTypes)[number]

export const guidelineStatuses = ['DRAFT', 'PUBLISHED'] as const
export type GuidelineStatus = (typeof guidelineStatuses)[number]

/** An item's number as the guidelines show it: "3", "3.b", "12.a.ii". */
export const guidelineItemIdPattern = '^[0-9A-Za-z]+(\\.[0-9A-Za-z]+)*$'

export const guidelineLimits = { itemId: 16, line: 2000, lines: 100, items: 200 } as const

export interface GuidelineLine {
  order: number
  value: string
}

export interface GuidelineItem {
  id?: number
  itemId: string
  sectionContent: GuidelineLine[]
  order: number
  secondaryOrder?: number
  displayOrder?: number
}

/** The order a set is shown in: display order, then order and secondary order, then the item id. */
export function sortGuidelines<T extends { displayOrder?: number; order?: number; secondaryOrder?: number; itemId: string }>(items: readonly T[]): T[] {
  return [...items].sort(
    (a, b) =>
      (a.displayOrder ?? 0) - (b.displayOrder ?? 0) || (a.order ?? 0) - (b.order ?? 0) || (a.secondaryOrder ?? 0) - (b.secondaryOrder ?? 0) || a.itemId.localeCompare(b.itemId, 'en', { numeric: true })
  )
}

/** The version stamp of a set a writer read: its latest `updatedAt` (the rows of one save or publish share it); null for no rows. */
export function setStamp(rows: readonly { updatedAt?: unknown }[]): string | null {
  const times = rows.map((row) => new Date(row.updatedAt as any).getTime()).filter((time) => Number.isFinite(time))
  return times.length ? new Date(Math.max(...times)).toISOString() : null
}
