import type { Knex } from 'knex'
import { createEvent } from 'ics'
import type { Application } from '../../../declarations.js'
import { mailLink } from '../../../mail/links.js'
import type { MailAttachment, MailRequest } from '../../../mail/mailer.js'
import { sendAfterCommit } from '../../../mail/send-after-commit.js'
import type { MailTemplateData } from '../../../mail/templates.js'
import { formatMailDateTime, isoDay } from '../../../format/format.shared.js'
import type { WorkflowParams } from '../../../kit/workflow-runner.js'
import enUS from '../locales/en-US.js'
import zhCN from '../locales/zh-CN.js'
import './templates.js'

/*
 * Handover/takeback's mails (spec hotb §7; issue 31 §11): one message per recipient, in the
 * recipient's language (the mailer picks the account's; a contact without an account reads
 * en-US), queued after the commit. Staff get the staff page, the tenant's side the tenant portal's.
 * Arranging sends the appointment as an iCalendar file (METHOD:REQUEST, one UID per record and a
 * sequence that grows each time it is arranged again, so a calendar moves the event, not adds one).
 */

type Side = 'staff' | 'tenants'
interface Mailbox {
  email: string
  side: Side
}

/** An appointment is booked for an hour unless the building says otherwise. */
const APPOINTMENT_MINUTES = 60

/** The template of each move that is mailed. */
const templates = {
  submit: 'hotb.submitted',
  arrange: 'hotb.arranged',
  unsigned: 'hotb.unsigned',
  complete: 'hotb.completed',
  requestChange: 'hotb.change-requested',
  resetToDraft: 'hotb.reset-to-draft'
} as const
type MailedAction = keyof typeof templates
type HotbTemplate = (typeof templates)[MailedAction]

const emailsOf = (db: Knex, ids: Array<number | null | undefined>): Promise<Mailbox[]> =>
  db('users')
    .whereIn(
      'id',
      ids.filter((id): id is number => id != null)
    )
    .where({ enabled: true })
    .whereNot('email', '')
    .select('email')
    .then((rows: Array<{ email: string }>) => rows.map((row) => ({ email: row.email, side: 'staff' as const })))

/** The tenant's side: the record's contacts and additional e-mails, and its tenancy's master accounts. */
async function tenantSide(db: Knex, record: any): Promise<Mailbox[]> {
  const masters: Array<{ email: string }> = await db('users').where({ tenancyId: record.tenancyId, userType: 601, enabled: true }).whereNot('email', '').select('email')
  return [record.tenantContactEmail, record.companyContactEmail, ...(record.additionalEmails ?? []), ...masters.map((row) => row.email)]
    .filter((email): email is string => typeof email === 'string' && email.trim() !== '')
    .map((email) => ({ email: email.trim(), side: 'tenants' as const }))
}

/** Who hears of each move. */
async function recipientsOf(db: Knex, action: MailedAction, record: any): Promise<Mailbox[]> {
  switch (action) {
    case 'submit':
      return emailsOf(db, [record.approverId])
    case 'requestChange':
      return emailsOf(db, [record.managedBy, record.createdBy])
    case 'resetToDraft':
      return emailsOf(db, [record.managedBy])
    default:
      return [...(await emailsOf(db, [record.managedBy])), ...(await tenantSide(db, record))]
  }
}

/** The appointment as an iCalendar file (RFC 5545), in UTC: every calendar shows it in its own zone. */
export function appointmentOf(record: any, building: string | null, organizer: { name: string; email: string } | null, attendees: string[]): MailAttachment {
  const { error, value } = createEvent({
    productId: 'estate-portal/handover',
    method: 'REQUEST',
    uid: `hotb-${record.id}@estate-portal`,
    // Arranging again sends the same UID with a higher sequence (seconds from creation to this
    // arrangement), so calendars move the appointment instead of adding a second one.
    sequence: Math.max(0, Math.floor((new Date(record.arrangedAt ?? record.updatedAt).getTime() - new Date(record.createdAt).getTime()) / 1000)),
    start: new Date(record.scheduledAt).getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes: APPOINTMENT_MINUTES },
    title: `${enUS.values.hotb.type[record.type as 'HANDOVER'] ?? record.type}: ${record.name}`,
    description: [record.premises?.join(', '), record.remarkToTenant].filter(Boolean).join('\n'),
    location: [building, record.premises?.join(', ')].filter(Boolean).join(', '),
    status: 'CONFIRMED',
    ...(organizer ? { organizer } : {}),
    attendees: attendees.map((email) => ({ email, rsvp: true, role: 'REQ-PARTICIPANT', partstat: 'NEEDS-ACTION' }))
  })
  if (error || !value) throw error ?? new Error('The appointment could not be written')
  return { filename: 'appointment.ics', contentType: 'text/calendar; charset=utf-8; method=REQUEST', content: value }
}

/**
 * The mails of a move just written (`record` as stored), sent once the move commits. Reads what
 * the mails print (emails, the building, the region's zone) in the move's transaction.
 */
export async function mailMove(app: Application, db: Knex, params: WorkflowParams, action: string, record: any) {
  if (!Object.hasOwn(templates, action)) return
  const mailed = action as MailedAction
  const recipients = await recipientsOf(db, mailed, record)
  const seen = new Set<string>()
  const unique = recipients.filter((mailbox) => !seen.has(mailbox.email.toLowerCase()) && seen.add(mailbox.email.toLowerCase()))
  if (unique.length === 0) return
  const timeZone = (await app.get('regionCache').get(record.region))?.timeZone ?? 'UTC'
  const building = record.buildingId ? ((await db('buildings').where({ id: record.buildingId }).first('name'))?.name ?? null) : null
  const worded = { 'en-US': enUS.values.hotb.type[record.type as 'HANDOVER'], 'zh-CN': zhCN.values.hotb.type[record.type as 'HANDOVER'] }
  const common = (mailbox: Mailbox) => ({
    name: record.name,
    type: worded,
    companyName: record.companyName ?? '',
    premises: (record.premises ?? []).join(', '),
    link: mailLink(app, params as any, mailbox.side === 'tenants' ? `/tenants/handover-takeback/${record.id}` : `/handover-takeback/${record.id}`)
  })
  const data: Record<MailedAction, (mailbox: Mailbox) => MailTemplateData[HotbTemplate]> = {
    submit: common,
    arrange: (mailbox) => ({ ...common(mailbox), scheduledAt: formatMailDateTime(record.scheduledAt, timeZone), remarkToTenant: record.remarkToTenant ?? '' }),
    unsigned: (mailbox) => ({ ...common(mailbox), reason: record.statusReason ?? '' }),
    complete: (mailbox) => ({ ...common(mailbox), actualDate: isoDay(record.actualDate) }),
    requestChange: (mailbox) => ({ ...common(mailbox), reason: record.statusReason ?? '' }),
    resetToDraft: common
  }
  const template = templates[mailed]
  let attachments: MailAttachment[] | undefined
  if (mailed === 'arrange') {
    const pic = record.managedBy ? await db('users').where({ id: record.managedBy }).first('displayName', 'email') : null
    attachments = [
      appointmentOf(
        record,
        building,
        pic?.email ? { name: pic.displayName ?? pic.email, email: pic.email } : null,
        unique.filter((mailbox) => mailbox.side === 'tenants').map((mailbox) => mailbox.email)
      )
    ]
  }
  const mails: MailRequest[] = unique.map((mailbox) => ({ template, to: mailbox.email, region: record.region, data: data[mailed](mailbox), ...(attachments ? { attachments } : {}) }))
  return sendAfterCommit(app, params as any, mails)
}
