import { defineTemplates, registerTemplates } from '../templates.js'

// Tender notices (spec §9 e-mail template types): invitation, extension, submit for approval,
// approval result. Links are built by the service.

interface TenderMail { prNumber: string; description: string; closingAt: string; link: string }

declare module '../templates.js' {
  interface MailTemplateData {
    'tender.invitation': TenderMail
    'tender.extension': TenderMail & { reason: string }
    'tender.approval-request': TenderMail & { approverName: string }
    'tender.approval-result': TenderMail & { result: string }
  }
}

const plain = (text: string) => ({ html: text.split('\n\n').map((p) => `<p>${p.replace(/\n/g, '<br>')}</p>`).join('\n'), text })

export const tenderTemplates = defineTemplates({
  'tender.invitation': {
    'en-US': { subject: 'Invitation to tender: {{prNumber}}', ...plain('You are invited to tender for {{description}} (PR {{prNumber}}).\n\nClosing date: {{closingAt}}\n\n{{link}}') },
    'zh-CN': { subject: '投标邀请：{{prNumber}}', ...plain('诚邀贵公司就 {{description}}（采购申请 {{prNumber}}）投标。\n\n截标日期：{{closingAt}}\n\n{{link}}') }
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
    'en-US': { subject: 'Tender {{result}}: {{prNumber}}', ...plain('The tender {{description}} (PR {{prNumber}}) was {{result}}.\n\n{{link}}') },
    'zh-CN': { subject: '招标审批结果（{{result}}）：{{prNumber}}', ...plain('招标 {{description}}（采购申请 {{prNumber}}）的审批结果：{{result}}。\n\n{{link}}') }
  }
})

registerTemplates(tenderTemplates)
