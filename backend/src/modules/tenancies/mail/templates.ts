// The tenancy records' mails (spec §9 "Tenancies: create, invitation request"; "Jobs: contact info
// confirm"): their texts are the module's catalogue's `mail` (locales/<language>.ts); here is the
// data each needs, so `mailer.enqueue` checks it.

import { mailFields } from '../../../mail/templates.js'

/** A word the mail prints in its reader's language (`{{type.en-US}}`, `{{type.zh-CN}}`). */
export type Worded = { 'en-US': string; 'zh-CN': string }

declare module '../../../mail/templates.js' {
  interface MailTemplateData {
    'tenancy.contacts-confirm': { companyName: string; tradeName: string; days: number; link: string }
    'tenancy.created': { companyName: string; tradeName: string; building: string; type: Worded; createdBy: string; link: string }
    'tenancy.invitation-request': { companyName: string; tradeName: string; building: string; requestedBy: string; displayName: string; email: string; remarks: string; link: string }
  }
}

/** The fields of each tenancy template (issue 27 item 19): the template screen shows them and a saved text may use only them. */
export const tenancyMailFields = mailFields({
  'tenancy.contacts-confirm': ['companyName', 'tradeName', 'days', 'link'],
  'tenancy.created': ['companyName', 'tradeName', 'building', 'type.en-US', 'type.zh-CN', 'createdBy', 'link'],
  'tenancy.invitation-request': ['companyName', 'tradeName', 'building', 'requestedBy', 'displayName', 'email', 'remarks', 'link']
})
