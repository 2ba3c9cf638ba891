import type { Application, HookContext, NextFunction } from '../../../../declarations.js'
import { calendarDay, formatAmount, formatDate, fromCents } from '../../../../format/format.shared.js'
import { pickLanguage } from '../../../../i18n/messages.js'
import { mailLink } from '../../../../mail/links.js'
import { logger } from '../../../../logger.js'
import { retentionDueDays } from '../../claims/claim-rules.shared.js'
import { heldRetentionCents } from './retention-held.js'
import '../../mail/templates.js'

declare module '../../../../jobs/queue.js' {
  interface JobTypes {
    'projects.retention-due': Record<string, never>
  }
}

const JOB = 'projects.retention-due'
const DAY = 86_400_000

/**
 * The reminder of retention falling due (issue 12 item 7): every day, each active or completed
 * project holding retention whose due day (the day after its defects liability date) is 30 days
 * away or less, and not passed, on its region's clock, mails its person in charge once (in their
 * language). The row in project_retention_reminders (unique per project and due day) is written
 * before the mail is recorded (and taken back if recording fails), so the reminder never repeats,
 * even when two runs meet. Answers how many projects were reminded.
 */
export async function remindRetentionDue(app: Application, now: Date = new Date()): Promise<number> {
  const db = app.get('knex')
  const mailer = app.get('mailer')
  const regions: Array<{ code: string; timeZone: string | null }> = await db('regions').select('code', 'timeZone')
  let reminded = 0
  for (const region of regions) {
    const today = calendarDay(now, region.timeZone || 'UTC')
    // Due from tomorrow to 30 days ahead: the defects liability date from today to 29 days ahead.
    const latestDlp = new Date(Date.parse(`${today}T00:00:00Z`) + 29 * DAY).toISOString().slice(0, 10)
    const projects: Array<{ id: string; number: string; managedBy: number | null; currency: string; dlpDay: string }> = await db('projects')
      .where({ region: region.code })
      .whereIn('status', ['ACTIVE', 'COMPLETED'])
      .whereNotNull('managedBy')
      .whereBetween('dlpDate', [today, latestDlp])
      .whereNotExists((sent) => sent.from('project_retention_reminders as sent').whereRaw('sent.project_id = projects.id AND sent.due_day = projects.dlp_date + 1'))
      .orderBy('id')
      .select('id', 'number', 'managedBy', 'currency', db.raw(`to_char(dlp_date, 'YYYY-MM-DD') AS dlp_day`))
    if (!projects.length) continue
    const held = await heldRetentionCents(
      db,
      projects.map((project) => project.id)
    )
    for (const project of projects) {
      const heldCents = held.get(project.id) ?? 0
      if (heldCents <= 0) continue
      const { dueDay, reminderDay } = retentionDueDays(project.dlpDay)
      if (today < reminderDay || today >= dueDay) continue
      const person = await db('users').where({ id: project.managedBy, enabled: true }).whereNotNull('email').first('email', 'language')
      if (!person) continue
      const language = pickLanguage(person.language)
      // The row first: of two runs that meet, one inserts it and mails; the other finds it and does not.
      const inserted = await db('project_retention_reminders')
        .insert({ region: region.code, projectId: project.id, dueDay, userId: project.managedBy, heldCents })
        .onConflict(['project_id', 'due_day'])
        .ignore()
        .returning(['id'])
      if (!inserted.length) continue
      try {
        await mailer.enqueue({
          template: 'project.retention-due',
          to: person.email,
          region: region.code,
          language,
          data: {
            number: project.number,
            dueDay: formatDate(dueDay, { language }),
            dlpDate: formatDate(project.dlpDay, { language }),
            held: `${project.currency} ${formatAmount(fromCents(heldCents))}`,
            link: mailLink(app, undefined, `/projects/${project.id}`)
          }
        })
      } catch (error) {
        // Not recorded: tomorrow's run tries again.
        await db('project_retention_reminders').where({ id: inserted[0].id }).delete()
        throw error
      }
      reminded++
    }
  }
  return reminded
}

/** The job runs daily at 01:30 UTC, once across all processes (pg-boss schedule). */
export function scheduleRetentionReminders(app: Application) {
  const queue = app.get('queue')
  if (!queue) return
  void queue.work(JOB, async () => {
    const reminded = await remindRetentionDue(app)
    if (reminded) logger.info(`${JOB}: reminded ${reminded} projects of retention falling due`)
  })
  app.hooks({
    setup: [
      async (_context: HookContext, next: NextFunction) => {
        await next()
        // The queue starts after every setup step (jobs/queue.ts); starting it here is the same start, a little earlier.
        await queue.start()
        await queue.schedule(JOB, '30 1 * * *', {})
      }
    ]
  } as any)
}
