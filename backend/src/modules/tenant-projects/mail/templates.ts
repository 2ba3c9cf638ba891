// The tenant projects' review mails (spec §7 "Tenant project e-mail events: submit, design docs,
// completion, ..., next reviewer, reassign, withdraw, batch status change"; issue 29 item 8): their
// texts are the module's catalogue's `mail` (locales/<language>.ts); here is the data each needs.

import { mailFields } from '../../../mail/templates.js'

/** A word the mail prints in its reader's language (`{{status.en-US}}`, `{{status.zh-CN}}`). */
export type Worded = { 'en-US': string; 'zh-CN': string }

/** What every review mail prints: the project, the batch and where to open it. */
interface BatchMail {
  projectName: string
  companyName: string
  batch: number
  link: string
}

declare module '../../../mail/templates.js' {
  interface MailTemplateData {
    /** To the design manager: a batch was sent (spec "submit", "design docs"). */
    'tenant-submission.sent': BatchMail & { dueDate: string }
    /** To the reviewer a step passes to (spec "next reviewer"). */
    'tenant-submission.next-reviewer': BatchMail & { step: Worded; dueDate: string }
    /** To the reviewer a step is handed to (spec "reassign"). */
    'tenant-submission.reassigned': BatchMail & { step: Worded; dueDate: string }
    /** To the project's people: the batch's status changed (spec "batch status change"), with the comments sent. */
    'tenant-submission.status-changed': BatchMail & { status: Worded; comments: number }
    /** To the project's people and the design manager (spec "completion"). */
    'tenant-submission.completed': BatchMail
    /** Daily, to the holder of an overdue step (PRODUCT.md "reminders daily once overdue"). */
    'tenant-submission.overdue': BatchMail & { step: Worded; dueDate: string; daysOverdue: number }
    /** To the reviewers of an open batch: the tenant withdrew the project (spec "withdraw"). */
    'tenant-project.withdrawn': { projectName: string; companyName: string; reason: string; link: string }
  }
}

export const tenantProjectMailFields = mailFields({
  'tenant-submission.sent': ['projectName', 'companyName', 'batch', 'link', 'dueDate'],
  'tenant-submission.next-reviewer': ['projectName', 'companyName', 'batch', 'link', 'step.en-US', 'step.zh-CN', 'dueDate'],
  'tenant-submission.reassigned': ['projectName', 'companyName', 'batch', 'link', 'step.en-US', 'step.zh-CN', 'dueDate'],
  'tenant-submission.status-changed': ['projectName', 'companyName', 'batch', 'link', 'status.en-US', 'status.zh-CN', 'comments'],
  'tenant-submission.completed': ['projectName', 'companyName', 'batch', 'link'],
  'tenant-submission.overdue': ['projectName', 'companyName', 'batch', 'link', 'step.en-US', 'step.zh-CN', 'dueDate', 'daysOverdue'],
  'tenant-project.withdrawn': ['projectName', 'companyName', 'reason', 'link']
})
