import { defineTemplates } from '../../../mail/templates.js'

// Tender notices (spec §9 e-mail template types): invitation, addendum, extension (to vendors and
// to the person in charge), submit for approval, approval result, award, regret, bid submitted
// (with its receipt) and withdrawn, query and query response. The tender's facts and the link
// come from services/tenders/tender-mail.ts; a word that differs by language is passed in both.

type Localized = { 'en-US': string; 'zh-CN': string }
interface TenderMail {
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

const plain = (text: string) => ({
  html: text
    .split('\n\n')
    .map((p) => `<p>${p.replace(/\n/g, '<br>')}</p>`)
    .join('\n'),
  text
})

export const tenderTemplates = defineTemplates({
  'tender.invitation': {
    'en-US': { subject: 'Invitation to tender: {{prNumber}}', ...plain('You are invited to tender for {{description}} (PR {{prNumber}}).\n\nClosing date: {{closingAt}}\n\n{{link}}') },
    'zh-CN': { subject: '投标邀请：{{prNumber}}', ...plain('诚邀贵公司就 {{description}}（采购申请 {{prNumber}}）投标。\n\n截标日期：{{closingAt}}\n\n{{link}}') }
  },
  'tender.addendum': {
    'en-US': {
      subject: 'Tender addendum {{version}}: {{prNumber}}',
      ...plain(
        'Addendum {{version}} to the tender {{description}} (PR {{prNumber}}) has been issued. Please review the changes and submit your bid again before the closing date.\n\nClosing date: {{closingAt}}\n\nComment: {{comment}}\n\n{{link}}'
      )
    },
    'zh-CN': {
      subject: '招标补遗 {{version}}：{{prNumber}}',
      ...plain('招标 {{description}}（采购申请 {{prNumber}}）已发出补遗 {{version}}。请查阅变更内容，并于截标日期前重新提交投标。\n\n截标日期：{{closingAt}}\n\n备注：{{comment}}\n\n{{link}}')
    }
  },
  'tender.extension': {
    'en-US': { subject: 'Closing date extended: {{prNumber}}', ...plain('The closing date of the tender {{description}} (PR {{prNumber}}) is now {{closingAt}}.\n\nReason: {{reason}}\n\n{{link}}') },
    'zh-CN': { subject: '截标日期已延长：{{prNumber}}', ...plain('招标 {{description}}（采购申请 {{prNumber}}）的截标日期已改为 {{closingAt}}。\n\n原因：{{reason}}\n\n{{link}}') }
  },
  'tender.approval-request': {
    'en-US': { subject: 'Tender waiting for your approval: {{prNumber}}', ...plain('Dear {{approverName}},\n\nThe tender {{description}} (PR {{prNumber}}) waits for your approval.\n\n{{link}}') },
    'zh-CN': { subject: '待审批招标：{{prNumber}}', ...plain('{{approverName}}，您好：\n\n招标 {{description}}（采购申请 {{prNumber}}）正等待您审批。\n\n{{link}}') }
  },
  'tender.approval-result': {
    'en-US': { subject: 'Tender {{result.en-US}}: {{prNumber}}', ...plain('The tender {{description}} (PR {{prNumber}}) was {{result.en-US}}.\n\n{{link}}') },
    'zh-CN': { subject: '招标审批结果（{{result.zh-CN}}）：{{prNumber}}', ...plain('招标 {{description}}（采购申请 {{prNumber}}）的审批结果：{{result.zh-CN}}。\n\n{{link}}') }
  },
  'tender.extension-staff': {
    'en-US': {
      subject: 'Closing date extended: {{prNumber}}',
      ...plain('You extended the closing date of the tender {{description}} (PR {{prNumber}}) to {{closingAt}}. The vendors who have not replied were told.\n\nReason: {{reason}}\n\n{{link}}')
    },
    'zh-CN': {
      subject: '截标日期已延长：{{prNumber}}',
      ...plain('招标 {{description}}（采购申请 {{prNumber}}）的截标日期已延长至 {{closingAt}}，尚未回复的供应商已获通知。\n\n原因：{{reason}}\n\n{{link}}')
    }
  },
  'tender.bid-submitted': {
    'en-US': {
      subject: 'Bid received: {{prNumber}}',
      ...plain(
        '{{companyName}} submitted its bid for {{description}} (PR {{prNumber}}) at {{submittedAt}}.\n\nReceipt digest (SHA-256 of the bid as submitted with a secret nonce): {{receiptDigest}}\n\nThe nonce is shown with the receipt on your bid screen and in the bid PDF, never in a mail. Keep both: together they prove the content and time of your bid once the tender is opened. The bid stays sealed until the closing date, {{closingAt}}.\n\n{{link}}'
      )
    },
    'zh-CN': {
      subject: '已收到投标：{{prNumber}}',
      ...plain(
        '{{companyName}} 已于 {{submittedAt}} 提交 {{description}}（采购申请 {{prNumber}}）的投标。\n\n回执摘要（所提交投标内容连同保密随机数的 SHA-256 摘要）：{{receiptDigest}}\n\n随机数仅显示在您的投标页面及投标 PDF 的回执中，不会通过邮件发送。请一并保存：开标后，两者可共同证明投标的内容及提交时间。投标在截标日期 {{closingAt}} 前保持密封。\n\n{{link}}'
      )
    }
  },
  'tender.bid-declined': {
    'en-US': { subject: 'Bid withdrawn: {{prNumber}}', ...plain('{{companyName}} declined to bid for {{description}} (PR {{prNumber}}).\n\nReason: {{reason}}\n\n{{link}}') },
    'zh-CN': { subject: '供应商放弃投标：{{prNumber}}', ...plain('{{companyName}} 已放弃投标 {{description}}（采购申请 {{prNumber}}）。\n\n原因：{{reason}}\n\n{{link}}') }
  },
  'tender.award': {
    'en-US': { subject: 'Award notice: {{prNumber}}', ...plain('We are pleased to inform you that the tender {{description}} (PR {{prNumber}}) is awarded to your company.\n\n{{link}}') },
    'zh-CN': { subject: '中标通知：{{prNumber}}', ...plain('谨通知贵公司已获授予招标 {{description}}（采购申请 {{prNumber}}）。\n\n{{link}}') }
  },
  'tender.regret': {
    'en-US': { subject: 'Tender result: {{prNumber}}', ...plain('Thank you for your bid for {{description}} (PR {{prNumber}}). We regret that it was not successful this time.\n\n{{link}}') },
    'zh-CN': { subject: '招标结果：{{prNumber}}', ...plain('感谢贵公司就 {{description}}（采购申请 {{prNumber}}）投标。很遗憾，此次投标未获接纳。\n\n{{link}}') }
  },
  'tender.query': {
    'en-US': { subject: 'Tender query: {{prNumber}}', ...plain('A query on your bid for {{description}} (PR {{prNumber}}) waits for your answer by {{queryClosingAt}}.\n\n{{question}}\n\n{{link}}') },
    'zh-CN': { subject: '招标澄清问题：{{prNumber}}', ...plain('贵公司就 {{description}}（采购申请 {{prNumber}}）的投标有一项澄清问题，请于 {{queryClosingAt}} 前回复。\n\n{{question}}\n\n{{link}}') }
  },
  'tender.query-response': {
    'en-US': { subject: 'Query answered: {{prNumber}}', ...plain('{{companyName}} answered the query on the tender {{description}} (PR {{prNumber}}).\n\n{{link}}') },
    'zh-CN': { subject: '澄清问题已回复：{{prNumber}}', ...plain('{{companyName}} 已回复招标 {{description}}（采购申请 {{prNumber}}）的澄清问题。\n\n{{link}}') }
  }
})
