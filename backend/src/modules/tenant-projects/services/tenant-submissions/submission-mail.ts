import type { Params } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import type { Application } from '../../../../declarations.js'
import { isoDay } from '../../../../format/format.shared.js'
import { mailLink } from '../../../../mail/links.js'
import type { MailTemplateData, MailTemplateName } from '../../../../mail/templates.js'
import type { Worded } from '../../mail/templates.js'
import { batchNumber, holderColumn, stepOf, type ReviewStep } from './tenant-submission.workflow.js'
import { sendAfterCommit } from '../../../../mail/send-after-commit.js'

/*
 * The review's mails (issue 29 item 8): each recipient gets its own message, in its own language
 * (the mailer picks the account's), with an absolute link to the project's submissions in its own
 * portal; queued after the commit, so a rolled-back act mails no one. Recipients are found the
 * spec's way: the reviewer the batch names for a step (who holds the step's permission), and on the
 * tenant's side the project's accounts and its tenancy's master accounts.
 */

export const stepWords: Record<ReviewStep, Worded> = {
  design: { 'en-US': 'design review', 'zh-CN': '设计审核' },
  cp: { 'en-US': 'CP review', 'zh-CN': 'CP 审核' },
  technical: { 'en-US': 'technical review', 'zh-CN': '技术审核' }
}

const statusWords: Record<string, Worded> = {
  DISAPPROVED: { 'en-US': 'disapproved', 'zh-CN': '不批准' },
  UPDATE_PENDING: { 'en-US': 'waiting for your update (CP follow-up)', 'zh-CN': '待更新（CP 跟进）' },
  CANCELLED: { 'en-US': 'cancelled', 'zh-CN': '已取消' }
}

interface Mailbox {
  email: string
  portal: 'staff' | 'tenants'
}

const queue = (app: Application, params: Params, mails: Array<{ template: MailTemplateName; to: string; region: string; data: any }>) => sendAfterCommit(app, params as any, mails as any)

async function staffMailbox(db: Knex, id: number | null | undefined): Promise<Mailbox[]> {
  if (id == null) return []
  const user = await db('users').where({ id, enabled: true }).whereNot('email', '').first('email')
  return user ? [{ email: user.email, portal: 'staff' }] : []
}

/** The tenant's side of a project: its linked accounts and its tenancy's enabled master accounts. */
export async function tenantMailboxes(db: Knex, project: { id: number; tenancyId: number }): Promise<Mailbox[]> {
  const rows: Array<{ email: string }> = await db('users')
    .where({ enabled: true })
    .whereNot('email', '')
    .where((who) =>
      who
        .whereIn('id', db('tenant_project_accounts').where({ projectId: project.id }).whereNotNull('userId').select('userId'))
        .orWhere((master) => master.where({ tenancyId: project.tenancyId, userType: 601 }))
    )
    .orderBy('id')
    .select('email')
  return rows.map((row) => ({ email: row.email, portal: 'tenants' }))
}

const linkFor = (app: Application, params: Params, mailbox: Mailbox, projectId: number) =>
  mailLink(app, params as any, mailbox.portal === 'tenants' ? `/tenants/tenant-projects/${projectId}` : `/tenant-projects/${projectId}`, { tabIndex: 1 })

/** One message per mailbox (the same address once). */
function each<T extends MailTemplateName>(app: Application, params: Params, mailboxes: Mailbox[], template: T, region: string, data: (mailbox: Mailbox) => MailTemplateData[T]) {
  const seen = new Set<string>()
  const unique = mailboxes.filter((mailbox) => !seen.has(mailbox.email.toLowerCase()) && seen.add(mailbox.email.toLowerCase()))
  queue(
    app,
    params,
    unique.map((mailbox) => ({ template, to: mailbox.email, region, data: data(mailbox) }))
  )
}

/** The mail of a batch's act (`event`: the action taken, or `disapproved` / `completed` for where it led). */
export async function notifySubmission(app: Application, params: Params, batch: any, event: string) {
  const db: Knex = app.get('knex')
  const project = await db('tenant_projects').where({ id: batch.projectId }).first('id', 'tenancyId', 'projectName', 'companyName')
  if (!project) return
  const base = (mailbox: Mailbox) => ({ projectName: project.projectName, companyName: project.companyName ?? '', batch: batchNumber(batch.order), link: linkFor(app, params, mailbox, project.id) })
  const dueDate = batch.dueDate ? isoDay(batch.dueDate) : ''
  const step = stepOf(batch.status)
  const holder = step ? await staffMailbox(db, batch[holderColumn[step]]) : []
  switch (event) {
    case 'send':
      return each(app, params, holder, 'tenant-submission.sent', batch.region, (mailbox) => ({ ...base(mailbox), dueDate }))
    case 'designProceed':
    case 'designProceedCp':
    case 'cpApprove':
    case 'resend':
      return step && each(app, params, holder, 'tenant-submission.next-reviewer', batch.region, (mailbox) => ({ ...base(mailbox), step: stepWords[step], dueDate }))
    case 'reassign':
      return step && each(app, params, holder, 'tenant-submission.reassigned', batch.region, (mailbox) => ({ ...base(mailbox), step: stepWords[step], dueDate }))
    case 'disapproved':
    case 'cpFollowUp':
    case 'cancel': {
      const comments = await db('tenant_submission_comments').where({ submissionId: batch.id }).whereNotNull('sentAt').whereNot({ status: 'DELETED' }).count<{ count: string }[]>('id as count')
      return each(app, params, await tenantMailboxes(db, project), 'tenant-submission.status-changed', batch.region, (mailbox) => ({
        ...base(mailbox),
        status: statusWords[batch.status] ?? { 'en-US': batch.status, 'zh-CN': batch.status },
        comments: Number(comments[0].count)
      }))
    }
    case 'completed':
      return each(app, params, [...(await tenantMailboxes(db, project)), ...(await staffMailbox(db, batch.designManagerId))], 'tenant-submission.completed', batch.region, base)
  }
}

/**
 * The tenant withdrew its project (spec "withdraw"): the reviewers of its batches hear of it, each
 * in their language, with the reason.
 */
export async function notifyWithdrawn(app: Application, params: Params, project: { id: number; region: string; projectName: string; companyName: string | null }, reason: string) {
  const db: Knex = app.get('knex')
  const ids: number[] = await db('tenant_submissions')
    .where({ projectId: project.id })
    .whereNotNull('sentAt')
    .select('designManagerId', 'cpReviewerId', 'techManagerId')
    .then((rows) => [...new Set(rows.flatMap((row: any) => [row.designManagerId, row.cpReviewerId, row.techManagerId]).filter((id: number | null) => id != null))])
  const mailboxes = (await Promise.all(ids.map((id) => staffMailbox(db, id)))).flat()
  each(app, params, mailboxes, 'tenant-project.withdrawn', project.region, (mailbox) => ({
    projectName: project.projectName,
    companyName: project.companyName ?? '',
    reason,
    link: linkFor(app, params, mailbox, project.id)
  }))
}
