import type { Application, HookContext, NextFunction } from '../../../../declarations.js'
import { calendarDay, isoDay } from '../../../../format/format.shared.js'
import { holidaysOf } from '../../../../calendar/holidays.js'
import { readClock } from './review-clock.shared.js'
import { logger } from '../../../../logger.js'
import { mailLink } from '../../../../mail/links.js'
import { stepWords } from './submission-mail.js'
import { batchNumber, holderColumn, reviewSteps, stepOf } from './tenant-submission.workflow.js'
import '../../mail/templates.js'

declare module '../../../../jobs/queue.js' {
  interface JobTypes {
    'tenant-projects.review-overdue': Record<string, never>
  }
}

const JOB = 'tenant-projects.review-overdue'

/**
 * PRODUCT.md "reminders daily once overdue": every batch whose review step is past its due day
 * (the region's calendar) and whose reviewer was not reminded today gets one mail to that
 * reviewer, in their language, with the days overdue counted in working days. Answers how many
 * reminders went out.
 */
export async function remindOverdueReviews(app: Application, now: Date = new Date()): Promise<number> {
  const db = app.get('knex')
  const regions: string[] = (await db('tenant_submissions').whereIn('status', Object.keys(reviewSteps)).distinct('region')).map((row: { region: string }) => row.region)
  let sent = 0
  for (const region of regions) {
    const today = calendarDay(now, (await app.get('regionCache').get(region))?.timeZone ?? 'UTC')
    const due = await db('tenant_submissions as s')
      .join('tenant_projects as p', 'p.id', 's.projectId')
      .where('s.region', region)
      .whereIn('s.status', Object.keys(reviewSteps))
      .where('s.dueDate', '<', today)
      .where((quiet) => quiet.whereNull('s.remindedOn').orWhere('s.remindedOn', '<', today))
      .orderBy('s.id')
      .select('s.*', 'p.projectName', 'p.companyName')
    if (!due.length) continue
    const holidays = await holidaysOf(db, region, isoDay(due.map((batch: any) => isoDay(batch.dueDate)).sort()[0]), today)
    for (const batch of due) {
      const step = stepOf(batch.status)!
      const reviewer = batch[holderColumn[step]] ? await db('users').where({ id: batch[holderColumn[step]], enabled: true }).whereNot('email', '').first('email') : null
      await db('tenant_submissions').where({ id: batch.id }).update({ remindedOn: today })
      if (!reviewer) continue
      const dueDate = isoDay(batch.dueDate)
      await app.get('mailer').enqueue({
        template: 'tenant-submission.overdue',
        to: reviewer.email,
        region,
        data: {
          projectName: batch.projectName,
          companyName: batch.companyName ?? '',
          batch: batchNumber(batch.order),
          link: mailLink(app, undefined, `/tenant-projects/${batch.projectId}`, { tabIndex: 1 }),
          step: stepWords[step],
          dueDate,
          daysOverdue: -readClock(dueDate, today, holidays).daysLeft
        }
      })
      sent++
    }
  }
  return sent
}

/** The job runs daily at 01:30 UTC, once across all processes (pg-boss schedule). */
export function scheduleOverdueReminders(app: Application) {
  const queue = app.get('queue')
  if (!queue) return
  void queue.work(JOB, async () => {
    const sent = await remindOverdueReviews(app)
    if (sent) logger.info(`${JOB}: reminded ${sent} overdue reviews`)
  })
  app.hooks({
    setup: [
      async (_context: HookContext, next: NextFunction) => {
        await next()
        await queue.start()
        await queue.schedule(JOB, '30 1 * * *', {})
      }
    ]
  } as any)
}
