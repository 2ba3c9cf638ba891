// Handover/takeback's mails (spec hotb §7 "Handover: submit for approval, arrange, unsigned,
// complete, request change, reset to draft"; issue 31 §11): their texts are the module's
// catalogue's `mail` (locales/<language>.ts); here is the data each needs.

import { mailFields } from '../../../mail/templates.js'

/** A word the mail prints in its reader's language (`{{type.en-US}}`, `{{type.zh-CN}}`). */
export type Worded = { 'en-US': string; 'zh-CN': string }

/** What every handover mail prints: the record, its premises and where to open it. */
interface HotbMail {
  name: string
  type: Worded
  companyName: string
  premises: string
  link: string
}

declare module '../../../mail/templates.js' {
  interface MailTemplateData {
    /** To the chosen approver: a record waits for approval. */
    'hotb.submitted': HotbMail
    /** To the tenant's contacts and the person in charge: the appointment, with an iCalendar file. */
    'hotb.arranged': HotbMail & { scheduledAt: string; remarkToTenant: string }
    /** To the tenant's contacts and the person in charge: the record was left unsigned at the appointment. */
    'hotb.unsigned': HotbMail & { reason: string }
    /** To the tenant's contacts and the person in charge: completed on the actual date. */
    'hotb.completed': HotbMail & { actualDate: string }
    /** To the person in charge and the creator: a change was requested, with the reason. */
    'hotb.change-requested': HotbMail & { reason: string }
    /** To the person in charge: the record is a draft again. */
    'hotb.reset-to-draft': HotbMail
  }
}

export const hotbMailFields = mailFields({
  'hotb.submitted': ['name', 'type.en-US', 'type.zh-CN', 'companyName', 'premises', 'link'],
  'hotb.arranged': ['name', 'type.en-US', 'type.zh-CN', 'companyName', 'premises', 'link', 'scheduledAt', 'remarkToTenant'],
  'hotb.unsigned': ['name', 'type.en-US', 'type.zh-CN', 'companyName', 'premises', 'link', 'reason'],
  'hotb.completed': ['name', 'type.en-US', 'type.zh-CN', 'companyName', 'premises', 'link', 'actualDate'],
  'hotb.change-requested': ['name', 'type.en-US', 'type.zh-CN', 'companyName', 'premises', 'link', 'reason'],
  'hotb.reset-to-draft': ['name', 'type.en-US', 'type.zh-CN', 'companyName', 'premises', 'link']
})
