import type { Params } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import type { Application } from '../../../../declarations.js'
import { mailLink } from '../../../../mail/links.js'
import type { MailTemplateData, MailTemplateName } from '../../../../mail/templates.js'
import { tenantMailboxes } from '../tenant-submissions/submission-mail.js'
import { sendAfterCommit } from '../../../../mail/send-after-commit.js'

/*
 * The ledger's mails (issue 30 item 11): one message per recipient in its own language (the
 * mailer picks the account's), queued after the commit, with a link to the project control tab in
 * the recipient's portal. Staff recipients are found the spec's way (§6 "Notification recipients
 * are landlord users found by permission keys"): the region's enabled staff whose groups hold the
 * permission (accounting: confirming refunds; project managers: resuming them).
 */

interface Mailbox {
  email: string
  portal: 'staff' | 'tenants'
}

/** The region's enabled staff whose groups grant `action` on `resource`. */
export async function staffHolding(db: Knex, region: string, resource: string, action: string): Promise<Mailbox[]> {
  const rows: Array<{ email: string }> = await db('users')
    .join('user_groups', 'user_groups.user_id', 'users.id')
    .join('security_groups', 'security_groups.id', 'user_groups.group_id')
    .where('user_groups.region', region)
    .where('users.enabled', true)
    .whereNull('users.locked_at')
    .whereBetween('users.user_type', [500, 599])
    .whereNot('users.email', '')
    .whereRaw('security_groups.permissions @> ?::jsonb', [JSON.stringify([{ resource, action }])])
    .distinct('users.email')
  return rows.map((row) => ({ email: row.email, portal: 'staff' }))
}

/** Accounting: who confirms refunds. */
export const accountingMailboxes = (db: Knex, region: string) => staffHolding(db, region, 'tenant-project-refunds', 'confirm')
/** The project managers: who resume refunds. */
export const projectManagerMailboxes = (db: Knex, region: string) => staffHolding(db, region, 'tenant-project-refunds', 'resume')
export const tenantSideMailboxes = (db: Knex, project: { id: number; tenancyId: number }) => tenantMailboxes(db, project)

/** Each mailbox once, its own message, after the commit. */
export function mailEach<T extends MailTemplateName>(
  app: Application,
  params: Params,
  project: { id: number; region: string },
  mailboxes: Mailbox[],
  template: T,
  data: (link: string) => MailTemplateData[T]
) {
  const seen = new Set<string>()
  const mails = mailboxes
    .filter((mailbox) => !seen.has(mailbox.email.toLowerCase()) && seen.add(mailbox.email.toLowerCase()))
    .map((mailbox) => ({
      template,
      to: mailbox.email,
      region: project.region,
      data: data(mailLink(app, params as any, mailbox.portal === 'tenants' ? `/tenants/tenant-projects/${project.id}` : `/tenant-projects/${project.id}`, { tabIndex: 4 }))
    }))
  sendAfterCommit(app, params as any, mails)
}
