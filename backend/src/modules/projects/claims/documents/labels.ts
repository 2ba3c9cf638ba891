import type { Language, Translation } from '../../../../i18n/languages.js'

/** Every text the claim document (AIA G702 / G703) prints, in English. */
const enUS = {
  title: 'Application and Certificate for Payment',
  continuationTitle: 'Continuation Sheet',
  reference: 'Claim {{order}} · Version {{version}}',
  footer: 'Project {{number}} · claim {{order}} version {{version}} · submitted {{submittedAt}}',
  page: 'Page {{page}} of {{pages}}',
  project: 'Project',
  numberPO: 'Purchase order',
  numberCONTRACT: 'Contract',
  revision: 'Revision',
  site: 'Site',
  location: 'Location',
  vendor: 'Vendor (contractor)',
  personInCharge: 'Person in charge',
  projectAmount: 'Contract amount',
  retentionPercent: 'Retention percent',
  dlpDate: 'Defects liability date',
  claim: 'Claim',
  claimOrder: 'Claim no.',
  version: 'Version',
  status: 'Status',
  completionType: 'Completion type',
  invoiceNumber: 'Invoice no.',
  invoiceDate: 'Invoice date',
  invoiceAmount: 'Invoice amount',
  submittedAt: 'Submitted',
  submittedBy: 'Submitted by',
  inspector: 'Inspector',
  summary: 'Application summary (G702)',
  amountsTitle: 'Claim amounts',
  currencyNote: 'Amounts in {{currency}}',
  g702: {
    originalContractSum: '1. Original contract sum',
    netChangeByChangeOrders: '2. Net change by change orders',
    contractSumToDate: '3. Contract sum to date (1 + 2)',
    totalCompletedAndStored: '4. Total completed and stored to date (column G)',
    retainage: '5. Retainage:',
    retainageOnCompletedWork: 'a. {{percent}}% of completed work (columns D + E)',
    retainageOnStoredMaterials: 'b. {{percent}}% of stored material (column F)',
    retainageReleased: 'Less retainage released to date',
    totalRetainage: 'Total retainage (5a + 5b − released)',
    totalEarnedLessRetainage: '6. Total earned less retainage (4 − 5)',
    lessPreviousCertificates: '7. Less previous certificates for payment (line 6 of the prior certificate)',
    currentPaymentDue: '8. Current payment due (6 − 7)',
    balanceToFinish: '9. Balance to finish, including retainage (3 − 6)'
  },
  amounts: {
    totalAmount: 'Project total amount',
    deduction: 'Deduction',
    retention: 'Retention',
    previousAmount: 'Previous amount',
    completionAmount: 'Completion amount (this claim)',
    remainingBalance: 'Remaining balance',
    retainageReleased: 'Retention released by this claim'
  },
  g703: {
    item: 'A\nItem no.',
    description: 'B\nDescription of work',
    scheduledValue: 'C\nScheduled value',
    previous: 'D\nFrom previous application',
    thisPeriod: 'E\nThis period',
    stored: 'F\nMaterials presently stored',
    total: 'G\nCompleted and stored to date (D + E + F)',
    percent: '% (G ÷ C)',
    balance: 'H\nBalance to finish (C − G)',
    totals: 'Grand total',
    noSchedule: 'This project has no schedule of values: the claim is stated as one amount above.'
  },
  approvals: 'Approvals (action history)',
  history: { at: 'Date', action: 'Action', by: 'By', note: 'Reason / note' },
  noHistory: 'No action yet.',
  actions: { submit: 'Submitted', resubmit: 'Resubmitted', accept: 'Accepted', reject: 'Rejected' },
  statuses: { DRAFT: 'Draft', OPEN: 'Open', APPR: 'Approved', REJECTED: 'Rejected' },
  completionTypes: {
    FULL: 'Full',
    PARTIAL: 'Partial',
    FINAL_PARTIAL: 'Final partial',
    RETENTION: 'Retention',
    FINAL_PAYMENT: 'Final payment',
    RETENTION_PAYMENT: 'Retention payment'
  },
  fileName: 'Payment Claim {{number}} {{order}} v{{version}}.pdf'
}

export type ClaimDocumentLabels = Translation<typeof enUS>

/** The same in Chinese (typed by the English: a missing text fails the type check). */
const zhCN: ClaimDocumentLabels = {
  title: '付款申请及证书',
  continuationTitle: '续页',
  reference: '第 {{order}} 期申请 · 版本 {{version}}',
  footer: '项目 {{number}} · 第 {{order}} 期申请 版本 {{version}} · 提交于 {{submittedAt}}',
  page: '第 {{page}} 页，共 {{pages}} 页',
  project: '项目',
  numberPO: '采购订单',
  numberCONTRACT: '合同',
  revision: '修订',
  site: '地点',
  location: '位置',
  vendor: '供应商（承包商）',
  personInCharge: '负责人',
  projectAmount: '合同金额',
  retentionPercent: '保留金百分比',
  dlpDate: '缺陷责任期届满日',
  claim: '付款申请',
  claimOrder: '申请编号',
  version: '版本',
  status: '状态',
  completionType: '完成类型',
  invoiceNumber: '发票号码',
  invoiceDate: '发票日期',
  invoiceAmount: '发票金额',
  submittedAt: '提交时间',
  submittedBy: '提交人',
  inspector: '检查员',
  summary: '申请汇总（G702）',
  amountsTitle: '申请金额',
  currencyNote: '金额单位：{{currency}}',
  g702: {
    originalContractSum: '1. 原合同金额',
    netChangeByChangeOrders: '2. 变更令净变动',
    contractSumToDate: '3. 截至目前合同金额（1 + 2）',
    totalCompletedAndStored: '4. 截至目前已完成及储存总额（G 栏）',
    retainage: '5. 保留金：',
    retainageOnCompletedWork: 'a. 已完成工程的 {{percent}}%（D + E 栏）',
    retainageOnStoredMaterials: 'b. 储存材料的 {{percent}}%（F 栏）',
    retainageReleased: '减：截至目前已发放保留金',
    totalRetainage: '保留金合计（5a + 5b − 已发放）',
    totalEarnedLessRetainage: '6. 已赚取金额减保留金（4 − 5）',
    lessPreviousCertificates: '7. 减：以往付款证书金额（上期证书第 6 行）',
    currentPaymentDue: '8. 本期应付金额（6 − 7）',
    balanceToFinish: '9. 尚待完成余额，含保留金（3 − 6）'
  },
  amounts: {
    totalAmount: '项目总金额',
    deduction: '扣减',
    retention: '保留金',
    previousAmount: '以往金额',
    completionAmount: '完成金额（本期申请）',
    remainingBalance: '剩余余额',
    retainageReleased: '本期申请发放的保留金'
  },
  g703: {
    item: 'A\n项目编号',
    description: 'B\n工程描述',
    scheduledValue: 'C\n计划价值',
    previous: 'D\n以往申请',
    thisPeriod: 'E\n本期',
    stored: 'F\n现储存材料',
    total: 'G\n截至目前已完成及储存（D + E + F）',
    percent: '%（G ÷ C）',
    balance: 'H\n尚待完成余额（C − G）',
    totals: '总计',
    noSchedule: '此项目没有价值明细表：本期申请以上方单一金额列示。'
  },
  approvals: '审批（操作记录）',
  history: { at: '日期', action: '操作', by: '操作人', note: '原因 / 备注' },
  noHistory: '暂无操作。',
  actions: { submit: '已提交', resubmit: '已重新提交', accept: '已接受', reject: '已拒绝' },
  statuses: { DRAFT: '草稿', OPEN: '待审批', APPR: '已批准', REJECTED: '已拒绝' },
  completionTypes: {
    FULL: '全部完成',
    PARTIAL: '部分完成',
    FINAL_PARTIAL: '最后部分',
    RETENTION: '保留金',
    FINAL_PAYMENT: '最终付款',
    RETENTION_PAYMENT: '保留金付款'
  },
  fileName: '付款申请 {{number}} {{order}} v{{version}}.pdf'
}

const catalogues: Record<Language, ClaimDocumentLabels> = { 'en-US': enUS, 'zh-CN': zhCN }

export function claimDocumentLabels(language: Language): ClaimDocumentLabels {
  return catalogues[language] ?? enUS
}

export function fill(template: string, vars: Record<string, unknown>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name) => String(vars[name] ?? ''))
}
