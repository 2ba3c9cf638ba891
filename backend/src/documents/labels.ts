import type { Language } from '../i18n/messages.js'

/** Every text a tender document prints, in the reader's language. */
const enUS = {
  tenderSummary: 'Tender Summary',
  tenderBid: 'Tender Bid',
  tenderQuery: 'Tender Query',
  prNumber: 'PR number',
  description: 'Description',
  tenderType: 'Type',
  status: 'Status',
  region: 'Region',
  closingAt: 'Closing date',
  issuedAt: 'Issued on',
  validity: 'Validity',
  validityDays: '{{days}} days after closing',
  budget: 'PR amount',
  currency: 'Currency',
  general: 'General information',
  projectDescription: 'Project description',
  projectLocation: 'Project location',
  projectStart: 'Project start',
  estimatedProjectDuration: 'Estimated duration',
  workingHours: 'Working hours',
  noisyWorkingHours: 'Noisy working hours',
  specialWorkingHours: 'Special working hours',
  paymentTerms: 'Payment terms',
  onsiteVisitRequired: 'Site visit required',
  onsiteContact: 'Site contact',
  onsiteLocation: 'Site visit location',
  scope: 'Scope of works',
  generalDesc: 'General description',
  generalSpec: 'General specification',
  particularDesc: 'Particular description',
  technicalDesc: 'Technical description',
  lineItems: 'Line items',
  itemNo: 'No.',
  itemDesc: 'Item',
  itemQty: 'Qty',
  itemUnit: 'Unit',
  rate: 'Rate',
  discount: 'Discount',
  lineTotal: 'Amount',
  optional: 'Optional',
  vendorRemark: 'Vendor remark',
  addendumLegend: 'N added, E edited by an addendum',
  total: 'Total',
  bids: 'Bids',
  vendor: 'Vendor',
  submittedAt: 'Submitted on',
  respondedOn: 'Responded on',
  declineReason: 'Decline reason',
  receipt: 'Receipt',
  signatory: 'Signed by',
  position: 'Position',
  sealed: 'Sealed until opening',
  sealedNote: 'Prices are withheld until the tender is opened after its closing date.',
  query: 'Query',
  queryNo: 'Query no.',
  question: 'Question',
  answer: 'Answer',
  noAnswer: 'Not answered yet.',
  yes: 'Yes',
  no: 'No',
  page: 'Page {{page}} of {{pages}}',
  printedAt: 'Printed {{date}}',
  none: '—'
}
export type DocumentLabels = typeof enUS

const zhCN: DocumentLabels = {
  tenderSummary: '招标摘要',
  tenderBid: '投标书',
  tenderQuery: '招标询问',
  prNumber: '采购申请编号',
  description: '说明',
  tenderType: '类型',
  status: '状态',
  region: '地区',
  closingAt: '截止日期',
  issuedAt: '发出日期',
  validity: '有效期',
  validityDays: '截止后 {{days}} 天',
  budget: '采购申请金额',
  currency: '货币',
  general: '一般资料',
  projectDescription: '项目说明',
  projectLocation: '项目地点',
  projectStart: '项目开始',
  estimatedProjectDuration: '预计工期',
  workingHours: '工作时间',
  noisyWorkingHours: '噪音工作时间',
  specialWorkingHours: '特别工作时间',
  paymentTerms: '付款条件',
  onsiteVisitRequired: '需要实地视察',
  onsiteContact: '现场联系人',
  onsiteLocation: '实地视察地点',
  scope: '工程范围',
  generalDesc: '一般说明',
  generalSpec: '一般规格',
  particularDesc: '特定说明',
  technicalDesc: '技术说明',
  lineItems: '项目明细',
  itemNo: '编号',
  itemDesc: '项目',
  itemQty: '数量',
  itemUnit: '单位',
  rate: '单价',
  discount: '折扣',
  lineTotal: '金额',
  optional: '可选',
  vendorRemark: '供应商备注',
  addendumLegend: 'N 为补遗新增，E 为补遗修改',
  total: '总额',
  bids: '投标',
  vendor: '供应商',
  submittedAt: '提交日期',
  respondedOn: '回复日期',
  declineReason: '拒绝原因',
  receipt: '收据',
  signatory: '签署人',
  position: '职位',
  sealed: '开标前密封',
  sealedNote: '招标在截止日期后开标之前，价格不予显示。',
  query: '询问',
  queryNo: '询问编号',
  question: '问题',
  answer: '回答',
  noAnswer: '尚未回答。',
  yes: '是',
  no: '否',
  page: '第 {{page}} 页，共 {{pages}} 页',
  printedAt: '打印于 {{date}}',
  none: '—'
}

const statusLabels: Record<Language, Record<string, string>> = {
  'en-US': {
    DRAFT: 'Draft', WAPPR: 'Waiting for approval', APPR: 'Approved', REJECTED: 'Rejected', ISSUED: 'Issued',
    READY: 'Closed', REVIEW: 'Under review', AWARDED: 'Awarded', REGRETTED: 'Regretted', DECLINED: 'Declined',
    CANCELLED: 'Cancelled', INVITED: 'Invited', SUBMITTED: 'Submitted', NO_RESPONSE: 'No response', QUERY: 'Query', REOPEN: 'Reopened',
    TENDER: 'Tender', ITQ: 'ITQ'
  },
  'zh-CN': {
    DRAFT: '草稿', WAPPR: '等待审批', APPR: '已批准', REJECTED: '已拒绝', ISSUED: '已发出',
    READY: '已截止', REVIEW: '评审中', AWARDED: '已授标', REGRETTED: '未中标', DECLINED: '已拒绝投标',
    CANCELLED: '已取消', INVITED: '已邀请', SUBMITTED: '已提交', NO_RESPONSE: '无回复', QUERY: '询问中', REOPEN: '已重开',
    TENDER: '招标', ITQ: '报价邀请'
  }
}

export function documentLabels(language: Language): DocumentLabels {
  return language === 'zh-CN' ? zhCN : enUS
}

export function statusLabel(language: Language, status: string | null | undefined): string {
  if (!status) return ''
  return statusLabels[language][status] ?? status
}

export function fill(template: string, vars: Record<string, unknown>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name) => String(vars[name] ?? ''))
}
