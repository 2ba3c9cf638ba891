// Browser-safe: whether a project takes work permits (spec §4 "A project is available for work
// permits when ACTIVE, or COMPLETED with a defects liability date not yet passed"). One function
// for the projects service, its screens and the work permit module.
import { calendarDay } from '../../../../format/format.shared.js'

export interface ProjectAvailabilityFacts {
  status: string
  /** The defects liability end date, a calendar day ('yyyy-mm-dd' or a Date read from a DATE column). */
  dlpDate?: string | Date | null
}

/** A DATE column read by the driver is local midnight: its local calendar day is the stored one. */
function dayOf(value: string | Date): string {
  if (value instanceof Date) return `${value.getFullYear()}-${String(value.getMonth() + 1).padStart(2, '0')}-${String(value.getDate()).padStart(2, '0')}`
  return String(value).slice(0, 10)
}

/**
 * ACTIVE, or COMPLETED while the defects liability date has not passed: its whole end day counts,
 * as a day of the region's clock (`timeZone`, e.g. Asia/Hong_Kong), so a project completed with a
 * DLP date of 30 November takes permits until 23:59:59 on the 30th in Hong Kong.
 */
export function availableForWorkPermits(project: ProjectAvailabilityFacts, now: Date = new Date(), timeZone?: string | null): boolean {
  return availableOnDay(project, calendarDay(now, timeZone))
}

/** The same on `today`, a calendar day of the region's clock ('yyyy-mm-dd'): a list works it out once for its rows. */
export function availableOnDay(project: ProjectAvailabilityFacts, today: string): boolean {
  if (project.status === 'ACTIVE') return true
  if (project.status !== 'COMPLETED' || !project.dlpDate) return false
  return today <= dayOf(project.dlpDate)
}
