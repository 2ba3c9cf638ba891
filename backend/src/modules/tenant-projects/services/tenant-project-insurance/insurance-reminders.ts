import type { Application, HookContext, NextFunction } from '../../../../declarations.js'
import { calendarDay, isoDay } from '../../../../format/format.shared.js'
import { logger } from '../../../../logger.js'
import { mailEach, projectLink, projectManagerHolds, staffHolding, tenantRecipients } from '../tenant-project-inspections/control-mail.js'

declare module '../../../../jobs/queue.js' {
  interface JobTypes {
    'tenant-projects.insurance-reminders': Record<string, never>
  }
}

const JOB = 'tenant-projects.insurance-reminders'
/** Issue 30 item 5: "a reminder 30 days before it ends". */
export const INSURANCE_REMINDER_DAYS = 30

const addDays = (day: string, days: number) => {
  const date = new Date(`${day}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}

/**
 * Every open project (not completed, withdrawn or cancelled) whose insurance ends within 30 days
 * (the region's calendar) and that was not yet reminded of this end: one mail to each of the
 * project's people and each project manager of its region, in their language; the end reminded is
 * kept (`insuranceRemindedUntil`), so a new period is reminded again. Answers how many projects.
 */
export async function remindInsuranceEnding(app: Application, now: Date = new Date()): Promise<number> {
  const db = app.get('knex')
  const regions: string[] = (await db('tenant_projects').whereNotNull('insuredUntil').distinct('region')).map((row: { region: string }) => row.region)
  let reminded = 0
  for (const region of regions) {
    const today = calendarDay(now, (await app.get('regionCache').get(region))?.timeZone ?? 'UTC')
    const ending = await db('tenant_projects')
      .where({ region })
      .whereIn('status', ['SUBMITTED', 'IN_PROGRESS'])
      .whereBetween('insuredUntil', [today, addDays(today, INSURANCE_REMINDER_DAYS)])
      .where((fresh) => fresh.whereNull('insuranceRemindedUntil').orWhereRaw('insurance_reminded_until <> insured_until'))
      .orderBy('id')
      .select('id', 'region', 'tenancyId', 'projectName', 'companyName', 'insuredFrom', 'insuredUntil')
    if (!ending.length) continue
    const managers = await staffHolding(app, region, projectManagerHolds)
    for (const project of ending) {
      await db('tenant_projects')
        .where({ id: project.id })
        .update({ insuranceRemindedUntil: isoDay(project.insuredUntil) })
      await mailEach(app, undefined, [...(await tenantRecipients(db, project)), ...managers], 'tenant-project.insurance-expiring', region, (recipient) => ({
        projectName: project.projectName,
        companyName: project.companyName ?? '',
        link: projectLink(app, undefined, recipient, project.id, 'insurance'),
        insuredFrom: project.insuredFrom ? isoDay(project.insuredFrom) : '-',
        insuredUntil: isoDay(project.insuredUntil)
      }))
      reminded++
    }
  }
  return reminded
}

/** The job runs daily at 01:40 UTC, once across all processes (pg-boss schedule). */
export function scheduleInsuranceReminders(app: Application) {
  const queue = app.get('queue')
  if (!queue) return
  void queue.work(JOB, async () => {
    const reminded = await remindInsuranceEnding(app)
    if (reminded) logger.info(`${JOB}: reminded ${reminded} projects of their insurance end`)
  })
  app.hooks({
    setup: [
      async (_context: HookContext, next: NextFunction) => {
        await next()
        await queue.start()
        await queue.schedule(JOB, '40 1 * * *', {})
      }
    ]
  } as any)
}
