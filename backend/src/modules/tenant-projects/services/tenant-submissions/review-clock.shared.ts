import { addWorkingDays, workingDaysBetween } from '../../../../calendar/working-days.shared.js'
import type { ReviewStep } from './tenant-submission.workflow.js'

/*
 * The review clock of a batch's step (PRODUCT.md "Fit-out review targets in working days: design
 * 5, technical 5, CP 3; clocks skip weekends and the region's public holidays"): a step started on
 * a day is due that many working days later (the platform's one count, calendar/working-days);
 * days left count working days from today to the due day, negative once overdue. Browser-safe and
 * pure: the server fixes the due day when the step starts, the screens show what is left.
 */

export const defaultReviewDays: Record<ReviewStep, number> = { design: 5, technical: 5, cp: 3 }

/** The day a step started on `startDay` ('YYYY-MM-DD', the region's calendar) is due. */
export const stepDueDay = (startDay: string, workingDays: number, holidays: Iterable<string> = []) => addWorkingDays(startDay, workingDays, holidays)

export interface ClockReading {
  dueDate: string
  /** Working days from today to the due day: 0 on the day itself, negative once overdue. */
  daysLeft: number
  overdue: boolean
}

export function readClock(dueDate: string, today: string, holidays: Iterable<string> = []): ClockReading {
  const daysLeft = workingDaysBetween(today, dueDate, holidays)
  return { dueDate, daysLeft, overdue: today > dueDate }
}
