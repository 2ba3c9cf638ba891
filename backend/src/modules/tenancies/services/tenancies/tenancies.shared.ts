// Browser-safe: the tenancy record's vocabulary (spec tenancies §3, §9), shared by the service,
// its validators and the screens.
import { calendarDay, isoDay } from '../../../../format/format.shared.js'

export const tenanciesPath = 'tenancies'
export const tenanciesMethods = ['find', 'get', 'create', 'patch', 'changeStatus', 'linkLeases', 'unlinkLeases'] as const

/** Tenancy types: Office (O) and Retail (R). */
export const tenancyTypes = ['O', 'R'] as const
export type TenancyType = (typeof tenancyTypes)[number]
export const tenancyStatuses = ['ACTIVE', 'INACTIVE'] as const

/**
 * The company types a tenancy may be of: tenant companies (T). Of the spec's company types
 * (tenancies §3 Company: O, T, C, D, PC), C is the vendors' (contractors invited to tenders) and
 * O, D and PC are no tenants; the company picker lists these only and the server refuses others.
 */
export const tenancyCompanyTypes: readonly string[] = ['T']

/** Working days of the opening hours: Monday to Sunday plus public holidays. */
export const openingDays = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN', 'PH'] as const
export type OpeningDay = (typeof openingDays)[number]
export const ANYTIME = 'Anytime'

/** Spec §9: time options every 30 minutes 00:00 to 23:30; working hours add Anytime and 23:59. */
export const halfHours: readonly string[] = Array.from({ length: 48 }, (_, i) => `${String(Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`)
export const workingHourOptions: readonly string[] = [ANYTIME, ...halfHours, '23:59']

/** One day's hours: closed (null), all day (`start: 'Anytime'`) or from `start` to `end`. */
export type DayHours = { start: string; end?: string | null } | null
export type OpeningHours = Partial<Record<OpeningDay, DayHours>>

/**
 * The days whose hours are not valid: a time outside the options, an end missing, or an end not
 * after the start (both on the same day). Empty when every day is fine.
 */
export function openingHoursProblems(hours: OpeningHours | null | undefined): OpeningDay[] {
  const problems: OpeningDay[] = []
  for (const [day, value] of Object.entries(hours ?? {}) as Array<[OpeningDay, DayHours]>) {
    if (!(openingDays as readonly string[]).includes(day)) {
      problems.push(day)
      continue
    }
    if (value == null) continue
    if (value.start === ANYTIME) {
      if (value.end != null && value.end !== ANYTIME) problems.push(day)
      continue
    }
    const valid = (time: unknown) => typeof time === 'string' && time !== ANYTIME && workingHourOptions.includes(time)
    if (!valid(value.start) || !valid(value.end) || String(value.end) <= value.start) problems.push(day)
  }
  return problems
}

/** A premises line of a tenancy: effective from `effectiveDate` to the whole of `endDate` (none: open-ended). */
export interface Premises {
  id?: number
  floor: string
  zone?: string | null
  effectiveDate: string
  endDate?: string | null
  detail?: string | null
}

/** Spec §9 "effective dates include the whole end day": the line holds on `day` from its effective date to its end date, both included. */
export function premisesHoldOn(premises: Pick<Premises, 'effectiveDate' | 'endDate'>, day: string): boolean {
  const from = isoDay(premises.effectiveDate)
  const to = premises.endDate ? isoDay(premises.endDate) : null
  return from <= day && (to === null || day <= to)
}

/**
 * Why a tenant project cannot be created for the tenancy on `day` (spec §5 "project creation fails
 * when floor info is missing or expired"): MISSING without any premises, EXPIRED when none holds
 * on that day any more; null when a line holds.
 */
export function floorInformationProblem(premises: readonly Pick<Premises, 'effectiveDate' | 'endDate'>[], day: string): 'MISSING' | 'EXPIRED' | null {
  if (!premises.length) return 'MISSING'
  return premises.some((line) => premisesHoldOn(line, day)) ? null : 'EXPIRED'
}

/** End dates of premises that are not after their effective date's day: the lines at fault (indexes). */
export function premisesProblems(premises: readonly Premises[], floors: readonly string[]): number[] {
  return premises.flatMap((line, index) => {
    const badFloor = !floors.includes(line.floor)
    const badRange = line.endDate ? isoDay(line.endDate) < isoDay(line.effectiveDate) : false
    return badFloor || badRange ? [index] : []
  })
}

/** The floors a tenancy's premises hold today (the server sorts them in the building's order). */
export function currentFloors(premises: unknown, today = calendarDay(new Date())): string {
  const lines = ((premises as Array<{ floor: string }> | undefined) ?? []).filter((line) => premisesHoldOn(line as never, today))
  return [...new Set(lines.map((line) => line.floor))].join(', ')
}
