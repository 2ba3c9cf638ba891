import type { TenderCatalogue } from './en-US.js'

/** Everything tenders says in Chinese: server errors by code, the PDF labels, the mails and the status names. */
const catalogue: TenderCatalogue = {
  errors: {
    PR_NOT_FOUND: '找不到采购申请 {{prNumber}}。',
    SITE_INVALID: '采购申请的场地代码无效。',
    SITE_NO_DEPARTMENT: '采购申请的场地未分配给任何部门。',
    PR_AMOUNT_REQUIRED: '采购申请 {{prNumber}} 没有金额：金额为必填项（据此决定招标或询价）。',
    THRESHOLD_TENDER: '采购申请金额与招标类型不符（必须高于部门限额）。',
    THRESHOLD_ITQ: '采购申请金额与询价（ITQ）类型不符（必须不高于部门限额）。',
    PR_IN_USE: '采购申请编号 {{prNumber}} 已被其他招标使用。',
    PR_SITE_FORBIDDEN: '您无权查看此采购申请。',
    MISSING_FIELDS: '以下部分缺少必填字段：{{sections}}。',
    CLOSING_TOO_EARLY: '截标日期必须至少在 {{days}} 个工作日之后。',
    TENDER_CLOSED: '招标已截止，投标书不能再修改。',
    TERMS_NOT_ACCEPTED: '提交投标书前必须接受所有条款（尚有 {{count}} 项未接受）。',
    DESCRIPTION_TOO_LONG: '描述最多 {{max}} 个字符。',
    EFFECTIVE_PERIOD_INVALID: '生效结束日期（{{until}}）不能早于开始日期（{{from}}）。',
    CONDITIONS_DOCS_ATTACHED: '更改合同条件会删除其所附文件：请确认删除。',
    MONEY_DECIMALS: '金额最多保留 2 位小数（{{field}}）。',
    INVALID_UNIT: '未知单位：{{unit}}。',
    INVALID_DISCOUNT: '折扣不能为负数。',
    INVALID_NUMBER: '请输入数字。',
    PO_TOO_SHORT: '采购订单编号至少需要 {{min}} 个字符。',
    VENDOR_MISMATCH: '供应商与招标的中标供应商不符。',
    TENDER_MISMATCH: '招标不符：招标必须属于本区域且已授标。',
    SITE_MISMATCH: '场地与招标的场地不符。',
    TOTAL_MISMATCH: '总金额 {{amountText}} 与最终金额 {{finalAmountText}} 不相等。',
    RECOMMENDATION_REQUIRED: '授标前请选择推荐的供应商。',
    RECOMMENDATION_INVALID: '推荐的投标书必须是本招标已提交的投标书。',
    QUERY_CLOSED: '澄清问题已截止，不能再回复。',
    REPRESENTATIVE_INVALID: '招标代表 {{username}} 不是有效的系统用户。',
    TENDER_SEALED: '招标开标评审前，投标保持密封。'
  },
  fields: {
    tenders: {
      prNumber: '采购申请编号',
      prDescription: '描述',
      tenderType: '类型',
      version: '版本',
      closingAt: '截标日期',
      validityDays: '有效期（截标后天数）',
      extendReason: '延期原因',
      rejectReason: '驳回原因',
      issuedAt: '发标日期',
      createdAt: '创建日期',
      addendumStatus: '补遗状态',
      addendumDraft: '补遗草稿',
      approverId: '审批人',
      approvedBy: '批准人',
      general: '一般资料',
      scope: '工程范围',
      lineItemGroups: '项目明细',
      termsVersion: '条款版本',
      recommendedBidId: '推荐投标',
      analysis: '分析',
      awardedAt: '授标时间',
      poNumber: '采购订单／合同编号'
    },
    'purchase-orders': {
      number: '采购订单编号',
      retentionPercent: '保留金（%）',
      deduction: '扣减'
    },
    contracts: {
      number: '合同编号',
      retentionPercent: '保留金（%）',
      deduction: '扣减',
      revisionNum: '修订号'
    }
  },
  documents: {
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
    optionalItems: '可选项目 — 不计入总额',
    optionalName: '项目',
    optionalNote: '备注',
    optionalValue: '金额',
    optionalSelected: '已选',
    total: '总额',
    bids: '投标',
    vendor: '供应商',
    submittedAt: '提交日期',
    respondedOn: '回复日期',
    declineReason: '拒绝原因',
    receipt: '收据',
    receiptNonce: '收据随机数',
    receiptBeforeNonces: '此收据签发于启用随机数之前，无法核验',
    receiptCheck: '收据核验',
    receiptVerified: '收据已核验：投标内容与提交时一致',
    receiptFailed: '收据与此投标不符',
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
  },
  /** Mails by template name (spec §9 e-mail template types), rendered by the server's i18next; the HTML part is the text's paragraphs. */
  /** Coded values as the lists show them, for exports (`<resource>.<field>.<value>`). */
  values: {
    tenders: {
      tenderType: {
        TENDER: '招标',
        ITQ: '询价（ITQ）'
      },
      status: {
        DRAFT: '草稿',
        WAPPR: '待审批',
        APPR: '已审批',
        REJECTED: '已驳回',
        ISSUED: '已发标',
        READY: '已截标',
        REVIEW: '评标中',
        AWARDED: '已授标',
        REGRETTED: '未授标',
        DECLINED: '全部谢绝',
        CANCELLED: '已取消',
        'A-DRAFT': '补遗-草稿',
        'A-WAPPR': '补遗-待审批',
        'A-APPR': '补遗-已审批',
        'A-REJECTED': '补遗-已驳回',
        'A-ISSUED': '补遗-已发标'
      }
    }
  },
  mail: {
    'tender.invitation': {
      label: '招标邀请',
      description: '招标发出时邀请供应商投标。',
      subject: '投标邀请：{{prNumber}}',
      text: '诚邀贵公司就 {{description}}（采购申请 {{prNumber}}）投标。\n\n截标日期：{{closingAt}}\n\n{{link}}'
    },
    'tender.addendum': {
      label: '招标补遗',
      description: '通知受邀供应商已发出的补遗。',
      subject: '招标补遗 {{version}}：{{prNumber}}',
      text: '招标 {{description}}（采购申请 {{prNumber}}）已发出补遗 {{version}}。请查阅变更内容，并于截标日期前重新提交投标。\n\n截标日期：{{closingAt}}\n\n备注：{{comment}}\n\n{{link}}'
    },
    'tender.extension': {
      label: '截标日期延长（供应商）',
      description: '通知受邀供应商新的截标日期及原因。',
      subject: '截标日期已延长：{{prNumber}}',
      text: '招标 {{description}}（采购申请 {{prNumber}}）的截标日期已改为 {{closingAt}}。\n\n原因：{{reason}}\n\n{{link}}'
    },
    'tender.approval-request': {
      label: '招标待审批',
      description: '请审批人审批已提交的招标。',
      subject: '待审批招标：{{prNumber}}',
      text: '{{approverName}}，您好：\n\n招标 {{description}}（采购申请 {{prNumber}}）正等待您审批。\n\n{{link}}'
    },
    'tender.approval-result': {
      label: '招标审批结果',
      description: '通知负责人招标已获批准或被拒绝。',
      subject: '招标审批结果（{{result.zh-CN}}）：{{prNumber}}',
      text: '招标 {{description}}（采购申请 {{prNumber}}）的审批结果：{{result.zh-CN}}。\n\n{{link}}'
    },
    'tender.extension-staff': {
      label: '截标日期延长（职员）',
      description: '通知负责人新的截标日期。',
      subject: '截标日期已延长：{{prNumber}}',
      text: '招标 {{description}}（采购申请 {{prNumber}}）的截标日期已延长至 {{closingAt}}，尚未回复的供应商已获通知。\n\n原因：{{reason}}\n\n{{link}}'
    },
    'tender.bid-submitted': {
      label: '已提交投标',
      description: '已提交投标的回执，发给供应商和负责人。',
      subject: '已收到投标：{{prNumber}}',
      text: '{{companyName}} 已于 {{submittedAt}} 提交 {{description}}（采购申请 {{prNumber}}）的投标。\n\n回执摘要（所提交投标内容连同保密随机数的 SHA-256 摘要）：{{receiptDigest}}\n\n随机数仅显示在您的投标页面及投标 PDF 的回执中，不会通过邮件发送。请一并保存：开标后，两者可共同证明投标的内容及提交时间。投标在截标日期 {{closingAt}} 前保持密封。\n\n{{link}}'
    },
    'tender.bid-declined': {
      label: '放弃投标',
      description: '通知负责人供应商放弃投标。',
      subject: '投标邀请已被谢绝：{{prNumber}}',
      text: '{{companyName}} 已谢绝 {{description}}（采购申请 {{prNumber}}）的投标邀请。\n\n原因：{{reason}}\n\n{{link}}'
    },
    'tender.award': {
      label: '中标通知',
      description: '通知获选供应商已中标。',
      subject: '中标通知：{{prNumber}}',
      text: '谨通知贵公司已获授予招标 {{description}}（采购申请 {{prNumber}}）。\n\n{{link}}'
    },
    'tender.regret': {
      label: '未中标通知',
      description: '通知其他供应商未能中标。',
      subject: '招标结果：{{prNumber}}',
      text: '感谢贵公司就 {{description}}（采购申请 {{prNumber}}）投标。很遗憾，此次投标未获接纳。\n\n{{link}}'
    },
    'tender.query': {
      label: '投标查询',
      description: '向供应商发出关于其投标的问题及回复期限。',
      subject: '招标澄清问题：{{prNumber}}',
      text: '贵公司就 {{description}}（采购申请 {{prNumber}}）的投标有一项澄清问题，请于 {{queryClosingAt}} 前回复。\n\n{{question}}\n\n{{link}}'
    },
    'tender.query-response': {
      label: '查询已回复',
      description: '通知负责人供应商已回复查询。',
      subject: '澄清问题已回复：{{prNumber}}',
      text: '{{companyName}} 已回复招标 {{description}}（采购申请 {{prNumber}}）的澄清问题。\n\n{{link}}'
    }
  },
  status: {
    DRAFT: '草稿',
    WAPPR: '等待审批',
    APPR: '已批准',
    REJECTED: '已拒绝',
    ISSUED: '已发出',
    READY: '已截止',
    REVIEW: '评审中',
    AWARDED: '已授标',
    REGRETTED: '未中标',
    DECLINED: '已拒绝投标',
    CANCELLED: '已取消',
    INVITED: '已邀请',
    SUBMITTED: '已提交',
    NO_RESPONSE: '无回复',
    QUERY: '询问中',
    REOPEN: '已重开',
    TENDER: '招标',
    ITQ: '报价邀请'
  }
}

export default catalogue
