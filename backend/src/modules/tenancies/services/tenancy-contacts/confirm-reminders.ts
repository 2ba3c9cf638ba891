import type { Application, HookContext, NextFunction } from '../../../../declarations.js'
import { getSetting } from '../../../../settings-values.js'
import { mailLink } from '../../../../mail/links.js'
import { logger } from '../../../../logger.js'
import '../../mail/templates.js'

declare module '../../../../jobs/queue.js' {
  interface JobTypes {
    'tenancies.contacts-confirm': Record<string, never>
  }
}

const JOB = 'tenancies.contacts-confirm'

/**
 * The job "contact info confirm" (spec §9): every active tenancy whose contacts were not
 * confirmed within the region's `tenancies.contactConfirmDays` (default 180), and whose master
 * accounts were not asked within that time either, gets a mail to each enabled master account
 * (in the account's language) with a one-click link to its contacts, which confirms them.
 * Answers how many tenancies were asked.
 */
export async function remindContactConfirmations(app: Application, now: Date = new Date()): Promise<number> {
  const db = app.get('knex')
  const mailer = app.get('mailer')
  const regions: string[] = (await db('tenancies').distinct('region')).map((row: { region: string }) => row.region)
  let asked = 0
  for (const region of regions) {
    const days = Number(await getSetting(db, region, 'tenancies.contactConfirmDays'))
    const before = new Date(now.getTime() - days * 86_400_000)
    const due = await db('tenancies')
      .where({ region, status: 'ACTIVE' })
      .where((stale) => stale.whereNull('confirmedAt').orWhere('confirmedAt', '<', before))
      .where((quiet) => quiet.whereNull('contactsRemindedAt').orWhere('contactsRemindedAt', '<', before))
      .orderBy('id')
      .select('id', 'companyName', 'tradeName')
    for (const tenancy of due) {
      const masters: Array<{ email: string }> = await db('users').where({ tenancyId: tenancy.id, userType: 601, enabled: true }).whereNotNull('email').select('email')
      // Another tenancy of the same company is asked for its own; one without a master waits for one.
      if (!masters.length) continue
      const link = mailLink(app, undefined, `/tenants/tenancies/${tenancy.id}`, { confirmContacts: 1 })
      for (const master of masters) {
        await mailer.enqueue({ template: 'tenancy.contacts-confirm', to: master.email, region, data: { companyName: tenancy.companyName, tradeName: tenancy.tradeName ?? '', days, link } })
      }
      await db('tenancies').where({ id: tenancy.id }).update({ contactsRemindedAt: now })
      asked++
    }
  }
  return asked
}

/** The job runs daily at 01:00 UTC, once across all processes (pg-boss schedule). */
export function scheduleContactReminders(app: Application) {
  const queue = app.get('queue')
  if (!queue) return
  void queue.work(JOB, async () => {
    const asked = await remindContactConfirmations(app)
    if (asked) logger.info(`${JOB}: asked ${asked} tenancies to confirm their contacts`)
  })
  app.hooks({
    setup: [
      async (_context: HookContext, next: NextFunction) => {
        await next()
        // The queue starts after every setup step (jobs/queue.ts); starting it here is the same start, a little earlier.
        await queue.start()
        await queue.schedule(JOB, '0 1 * * *', {})
      }
    ]
  } as any)
}
