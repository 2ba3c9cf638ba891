// The deposit ledger's mails (spec §7 "deposit / refund / management-fee notices to project
// manager and accounting (amounts in ...)", "request refund"; issue 30 items 1 to 4 and 11): their
// texts are the module's catalogue's `mail` (locales/<language>.ts); here is the data each needs.

import { mailFields } from '../../../mail/templates.js'
import type { Worded } from './templates.js'

/** What every ledger mail prints: the project, its tenant and where to open its project control. */
interface LedgerMail {
  projectName: string
  companyName: string
  link: string
}

declare module '../../../mail/templates.js' {
  interface MailTemplateData {
    /** To the project managers and accounting: the deposit to collect, in the region's currency (or that it is waived). */
    'tenant-project-deposit.notice': LedgerMail & { amount: string; payee: Worded; cheque: string; waived: Worded }
    /** To the project managers: the tenant requested its refund, and what it comes to. */
    'tenant-project-refund.requested': LedgerMail & { deposit: string; deducted: string; refund: string }
    /** To the project managers or accounting: the refund is theirs to act on (its step). */
    'tenant-project-refund.notice': LedgerMail & { step: Worded; deposit: string; deducted: string; refund: string; reason: string }
    /** To the tenant's side: the refund was confirmed, with the figures. */
    'tenant-project-refund.confirmed': LedgerMail & { deposit: string; deducted: string; refund: string }
    /** To accounting: the management fee to debit. */
    'tenant-project-management-fee.notice': LedgerMail & { amount: string; debitNote: string; accountCode: string }
  }
}

export const depositMailFields = mailFields({
  'tenant-project-deposit.notice': ['projectName', 'companyName', 'link', 'amount', 'payee.en-US', 'payee.zh-CN', 'cheque', 'waived.en-US', 'waived.zh-CN'],
  'tenant-project-refund.requested': ['projectName', 'companyName', 'link', 'deposit', 'deducted', 'refund'],
  'tenant-project-refund.notice': ['projectName', 'companyName', 'link', 'step.en-US', 'step.zh-CN', 'deposit', 'deducted', 'refund', 'reason'],
  'tenant-project-refund.confirmed': ['projectName', 'companyName', 'link', 'deposit', 'deducted', 'refund'],
  'tenant-project-management-fee.notice': ['projectName', 'companyName', 'link', 'amount', 'debitNote', 'accountCode']
})
