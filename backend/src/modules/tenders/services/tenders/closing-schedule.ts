import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { holidaysOf } from '../../../../calendar/holidays.js'
import { getSetting } from '../../../../settings-values.js'
import { closingInstant, earliestClosingDate, localDate, type MinWorkingDays } from './closing-date.js'
import type { TenderParams } from './tender-moves.js'

// A tender's closing date in its region: the earliest allowed (closing-date.ts, the region's
// settings, time zone and holidays), and the job that closes the tender then.

/** The region's minimum working days before a tender or an ITQ closes (spec §8 settings). */
export async function minWorkingDays(app: Application, region: string): Promise<MinWorkingDays> {
  const db = app.get('knex')
  const [tender, itq] = await Promise.all([getSetting(db, region, 'tender.minWorkingDays'), getSetting(db, region, 'itq.minWorkingDays')])
  return { tender, itq }
}

/** The region's clock for closing dates: its time zone and the public holidays of the coming months (calendar/holidays.ts). */
export async function closingClock(app: Application, region: string) {
  const timeZone = (await app.get('regionCache').get(region))?.timeZone ?? 'UTC'
  const today = localDate(new Date(), timeZone)
  const holidays = await holidaysOf(app.get('knex'), region, today, localDate(new Date(Date.now() + 366 * 86_400_000), timeZone))
  return { timeZone, holidays }
}

/** The default closing: the first allowed working day (region's time zone, its public holidays skipped), 17:00 there. */
export async function earliestClosingAt(app: Application, region: string, kind: 'TENDER' | 'ITQ') {
  const clock = await closingClock(app, region)
  return closingInstant(earliestClosingDate(new Date(), kind, await minWorkingDays(app, region), clock), '17:00', clock.timeZone)
}

export async function assertClosingAhead(app: Application, closingAt: Date, kind: string, region: string) {
  const clock = await closingClock(app, region)
  const minDays = await minWorkingDays(app, region)
  // Any time on the earliest allowed day will do: compare with that day's local midnight.
  const earliest = closingInstant(earliestClosingDate(new Date(), kind as any, minDays, clock), '12:00 Noon', clock.timeZone)
  earliest.setTime(earliest.getTime() - 12 * 3_600_000)
  if (Number.isNaN(closingAt.getTime()) || closingAt.getTime() < earliest.getTime()) {
    throw appError(400, 'CLOSING_TOO_EARLY', { days: kind === 'ITQ' ? minDays.itq : minDays.tender, earliest: earliest.toISOString() })
  }
}

/** The job that closes the tender at its closing date, queued once the write commits. */
export function scheduleClosing(app: Application, params: TenderParams, tenderId: string, closingAt: Date) {
  const queue = app.get('queue')
  if (!queue) return
  const send = () => queue.send('tenders.close', { tenderId }, { startAfter: closingAt, singletonKey: `tenders.close:${tenderId}:${closingAt.getTime()}` })
  if (params.afterCommit) params.afterCommit.push(send)
  else void send()
}
