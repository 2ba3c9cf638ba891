// Browser-safe: the calendar of retention falling due (issue 12 item 7), by month and vendor.
export const projectRetentionCalendarPath = 'project-retention-calendar'
export const projectRetentionCalendarMethods = ['find'] as const

/** One project's retention held, falling due the day after its defects liability date. */
export interface RetentionDueProject {
  id: string
  number: string
  dlpDate: string
  /** The day after the defects liability date: retention may be released from then (yyyy-mm-dd). */
  dueDay: string
  heldCents: number
  currency: string
}

/** Retention falling due in one month ('yyyy-mm' of the due day) for one vendor, in cents. */
export interface RetentionCalendarRow {
  month: string
  vendorId: number
  vendorName: string
  currency: string
  heldCents: number
  projectIds: string[]
  projects: RetentionDueProject[]
}

export interface RetentionCalendarQuery {
  /** First month shown, 'yyyy-mm' (default: all). */
  from?: string
  /** Last month shown, 'yyyy-mm' (default: all). */
  to?: string
  /** The vendor (company) of the projects. */
  companyId?: number
  $limit?: number
  $skip?: number
  $sort?: Partial<Record<'month' | 'vendorName' | 'heldCents', 1 | -1>>
}
