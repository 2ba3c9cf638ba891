// Tender notices (spec §9 e-mail template types): invitation, addendum, extension (to vendors and
// to the person in charge), submit for approval, approval result, award, regret, bid submitted
// (with its receipt) and declined, query and query response. Their texts are the module's
// catalogue's `mail` (locales/<language>.ts); here is the data each needs, so `mailer.enqueue`
// checks it. The tender's facts and the link come from services/tenders/tender-mail.ts; a word
// that differs by language is passed in both.

import { mailFields } from '../../../mail/templates.js'

type Localized = { 'en-US': string; 'zh-CN': string }
export interface TenderMail {
  prNumber: string
  description: string
  closingAt: string
  link: string
}

declare module '../../../mail/templates.js' {
  interface MailTemplateData {
    'tender.invitation': TenderMail
    'tender.extension': TenderMail & { reason: string }
    'tender.approval-request': TenderMail & { approverName: string }
    'tender.approval-result': TenderMail & { result: Localized }
    'tender.extension-staff': TenderMail & { reason: string }
    'tender.bid-submitted': TenderMail & { companyName: string; submittedAt: string; receiptDigest: string }
    'tender.bid-declined': TenderMail & { companyName: string; reason: string }
    'tender.award': TenderMail
    'tender.regret': TenderMail
    'tender.query': TenderMail & { question: string; queryClosingAt: string }
    'tender.query-response': TenderMail & { companyName: string }
    'tender.addendum': TenderMail & { version: number; comment: string }
  }
}

const tender = ['prNumber', 'description', 'closingAt', 'link'] as const
/** The fields of each tender template (issue 27 item 19): the template screen shows them and a saved text may use only them. */
export const tenderMailFields = mailFields({
  'tender.invitation': [...tender],
  'tender.extension': [...tender, 'reason'],
  'tender.approval-request': [...tender, 'approverName'],
  'tender.approval-result': [...tender, 'result.en-US', 'result.zh-CN'],
  'tender.extension-staff': [...tender, 'reason'],
  'tender.bid-submitted': [...tender, 'companyName', 'submittedAt', 'receiptDigest'],
  'tender.bid-declined': [...tender, 'companyName', 'reason'],
  'tender.award': [...tender],
  'tender.regret': [...tender],
  'tender.query': [...tender, 'question', 'queryClosingAt'],
  'tender.query-response': [...tender, 'companyName'],
  'tender.addendum': [...tender, 'version', 'comment']
})
