import type { Params } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import type { AppAbility } from '../../../../abilities/define-rules.js'
import type { Application } from '../../../../declarations.js'
import { mailLink } from '../../../../mail/links.js'
import type { MailTemplateData, MailTemplateName } from '../../../../mail/templates.js'
import { tenantMailboxes } from '../tenant-submissions/submission-mail.js'
import '../../mail/control-templates.js'
import { sendAfterCommit } from '../../../../mail/send-after-commit.js'
import type { MailRequest } from '../../../../mail/mailer.js'

/*
 * The project control's mails (issue 30 item 11): one message per recipient, in the recipient's
 * language (the mailer picks the account's), with a link to the project in the recipient's own
 * portal; queued after the commit, so a rolled-back act mails no one. Staff recipients are found the
 * spec's way (§6 "Notification recipients are landlord users found by permission keys"): the
 * project managers are the region's staff who may complete its projects, accounting those who hold
 * the accounting right of the project control.
 */

export interface Recipient {
  email: string
  portal: 'staff' | 'tenants'
}

/** Who runs the region's fit-outs: may complete a tenant project. */
export const projectManagerHolds = (ability: AppAbility) => ability.can('complete', 'tenant-projects')
/** Accounting (the deposit and refund's staff; the deposit ledger names the same right). */
export const accountingHolds = (ability: AppAbility) => ability.can('accounting', 'tenant-projects') || ability.can('accounting', 'tenant-project-deposits')

/** The region's enabled staff whose ability `holds`. */
export async function staffHolding(app: Application, region: string, holds: (ability: AppAbility) => boolean): Promise<Recipient[]> {
  const db: Knex = app.get('knex')
  const candidates: Array<{ id: number; email: string }> = await db('users')
    .whereBetween('userType', [500, 599])
    .where({ enabled: true })
    .whereNull('lockedAt')
    .whereRaw('regions @> ARRAY[?]::varchar[]', [region])
    .whereExists(db('user_groups').whereRaw('user_groups.user_id = users.id').where('user_groups.region', region))
    .whereNot('email', '')
    .orderBy('id')
    .select('id', 'email')
  const principals = app.get('principals')
  const found: Recipient[] = []
  for (const candidate of candidates) {
    const principal = await principals.get(candidate.id)
    if (principal && holds(principal.forRegion(region).ability)) found.push({ email: candidate.email, portal: 'staff' })
  }
  return found
}

/** The tenant's side of a project: its linked accounts and its tenancy's master accounts. */
export const tenantRecipients = (db: Knex, project: { id: number; tenancyId: number }): Promise<Recipient[]> => tenantMailboxes(db, project) as Promise<Recipient[]>

/** The project's page in the recipient's portal (the project control's anchor). */
export const projectLink = (app: Application, params: Params | undefined, recipient: Recipient, projectId: number, anchor = 'inspection') =>
  `${mailLink(app, params as any, recipient.portal === 'tenants' ? `/tenants/tenant-projects/${projectId}` : `/tenant-projects/${projectId}`)}#${anchor}`

/** One message per recipient (the same address once), after the commit when there is one. */
export function mailEach<T extends MailTemplateName>(
  app: Application,
  params: Params | undefined,
  recipients: Recipient[],
  template: T,
  region: string,
  data: (recipient: Recipient) => MailTemplateData[T]
) {
  const seen = new Set<string>()
  const unique = recipients.filter((recipient) => !seen.has(recipient.email.toLowerCase()) && seen.add(recipient.email.toLowerCase()))
  return sendAfterCommit(
    app,
    params as any,
    unique.map((recipient) => ({ template, to: recipient.email, region, data: data(recipient) }) as MailRequest)
  )
}

export async function projectNames(db: Knex, projectId: number) {
  return db('tenant_projects').where({ id: projectId }).first('id', 'region', 'tenancyId', 'projectName', 'companyName')
}
