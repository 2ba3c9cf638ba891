// One file on purpose (issue 28): a catalogue, key by key the twin of en-US.ts, which types it.
import type { TenantProjectsCatalogue } from './en-US.js'

/** Everything tenant projects say in Chinese: server errors by code, the export's column labels and the names of its values. */
const catalogue: TenantProjectsCatalogue = {
  errors: {
    TENANT_PROJECT_FLOOR_INFO: '无法创建工程：租户记录中的楼层资料缺失或已过期。请联系大厦热线 {{hotline}}。',
    TENANT_PROJECT_PREMISES_CHANGED: '打开此表格后，物业的楼层资料已有更改。请刷新页面后重试。',
    TENANT_PROJECT_FLOOR_NOT_HELD: '物业今天不包括这些楼层：{{floors}}。',
    TENANT_PROJECT_TERMS_NOT_ACCEPTED: '请接受条款及细则以创建工程。',
    TENANT_PROJECT_CLOSED: '此租户工程的状态为{{status}}，已不能更改。',
    TENANT_PROJECT_NOT_DRAFT: '只有草稿工程可以删除；此工程的状态为{{status}}。',
    TENANT_PROJECT_ACCOUNT_CONFIRM: '{{email}} 已是此租户的用户。请确认是否将其加入此工程。',
    TENANT_PROJECT_ACCOUNT_EMAIL_TAKEN: '{{email}} 属于此租户以外的用户，不能邀请加入此工程。',
    TENANT_PROJECT_ACCOUNT_EXISTS: '此电邮已是工程的账户。',
    TENANT_PROJECT_ACCOUNT_ACTIVE: '此人已接受邀请，无需再次发送。',
    TENANT_PROJECT_ADMIN_NOT_CONTRACTOR: '只有承办商账户可以作为总承办商。',
    TENANT_PROJECT_MAIN_CONTRACTOR_EXISTS: '此工程已有总承办商。',
    TENANT_PROJECT_PHONE_INVALID: '请输入有效的电话号码。',
    TENANT_PROJECT_CONTRACTOR_INVALID: '承办商资料不完整或无效：{{details}}。',
    TENANT_PROJECT_CONTRACTORS_INVALID: '部分承办商资料不完整或无效（行：字段）：{{details}}。',
    TENANT_PROJECT_EXTERNAL_SYSTEMS: '此工程的承办商资料由外部系统管理，不能在此编辑。',
    SUBMISSION_PROJECT_NOT_FOUND: '找不到租户工程。',
    SUBMISSION_PROJECT_NOT_OPEN: '工程提交后且仍在进行中方可递交文件；此工程状态为 {{status}}。',
    SUBMISSION_UNFINISHED: '存在未完成的递交（第 {{batch}} 批）。请先完成或取消，再开始新的一批。',
    SUBMISSION_ALREADY_SENT: '此批次已经发送。',
    SUBMISSION_NOT_SENT: '此批次尚未发送。',
    SUBMISSION_DISAPPROVED: '另一位审核人已不批准此批次。',
    SUBMISSION_CP_DISAPPROVED: 'CP 审核人已不批准此批次。',
    SUBMISSION_CP_NOT_REVIEWED: 'CP 审核人尚未审核此批次。',
    SUBMISSION_CP_FOLLOW_UP: '需要 CP 跟进：此批次正等待租户更新。',
    SUBMISSION_NOT_IN_REVIEW: '此批次不在审核中（{{status}}）。',
    SUBMISSION_OUTCOME_INVALID: '审核结果 {{outcome}} 不适用于状态为 {{status}} 的批次。',
    SUBMISSION_REVIEWER_INVALID: '所选审核人不能负责此审核步骤。',
    SUBMISSION_NO_FILES: '发送前请至少为此批次添加一个文件。',
    SUBMISSION_COMMENTS_OPEN: '发送前请回复或标记为不适用之前批次的所有未结意见：{{details}}。',
    SUBMISSION_NOT_YOUR_TURN: '只有负责此步骤的审核人可以执行此操作。',
    SUBMISSION_COMMENT_SECTION: '第 {{section}} 节尚不存在；下一个新节为 {{next}}。',
    SUBMISSION_COMMENT_SENT: '意见 {{label}} 已发送给租户，不能再修改。',
    SUBMISSION_COMMENT_NOT_OPEN: '意见 {{label}} 目前不能回复。',
    SUBMISSION_NO_BATCH_TO_ANSWER: '请开始下一批次以回复意见 {{label}}。',
    SUBMISSION_ANSWER_REQUIRED: '请回复意见 {{label}}，或将其标记为不适用。',
    SUBMISSION_COMMENT_STATE: '意见 {{label}} 的状态为 {{status}}，不能这样修改。',
    SUBMISSION_FILE_TYPE_REQUIRED: '请至少选择一种文件类型：设计或技术。',
    SUBMISSION_STEP_INVALID: '审核步骤 {{step}} 不存在。',
    SUBMISSION_REVIEW_COMPLETED: '此工程的审核已于第 {{batch}} 批完成，不能再开始新批次。',
    SUBMISSION_FILE_SUBMITTED: '此文件已递交，其类型和说明不能再修改。',
    GUIDELINE_PUBLISHED: '此为已发布的第 {{version}} 版指引，不可更改。请改为编辑当前草稿。',
    GUIDELINE_DRAFT_EXISTS: '此指引已有草稿，请编辑该草稿。',
    GUIDELINES_NOTHING_TO_PUBLISH: '此指引没有可发布的草稿。',
    GUIDELINE_ITEM_DUPLICATE: '条目 {{itemId}} 重复列出。',
    INSPECTION_ALREADY_SENT: '此验收已发送给租户。',
    INSPECTION_NOT_SENT: '请先将验收发送给租户或允许租户查看，再提出跟进事项。',
    INSPECTION_FOLLOW_UP_CLOSED: '此跟进事项已关闭。',
    FINAL_DOCUMENTS_EXIST: '此工程已有最终文件记录。',
    FINAL_DOCUMENTS_EXEMPTION_KEPT: '最终文件已获豁免：豁免不能取消。',
    INSURANCE_PERIOD_INVALID: '保险结束日期不能早于开始日期（{{insuredFrom}} 至 {{insuredUntil}}）。',
    AMOUNT_INVALID: '请输入最多两位小数的金额（例如 120,000.00）。',
    DEPOSIT_EXISTS: '此项目已有按金记录，请直接修改。',
    DEPOSIT_REQUIRED: '请先记录按金金额。',
    DEPOSIT_AMOUNT_REQUIRED: '通知会计前须先输入按金金额。',
    DEPOSIT_PAYEE_REQUIRED: '请输入其他收款人的名称及邮寄地址。',
    DEPOSIT_WAIVER_APPROVAL_REQUIRED: '豁免按金须附上执行董事的批准文件。',
    DEDUCTION_NOTE_REQUIRED: '“其他”类扣款须附注明。',
    DEDUCTIONS_EXCEED_DEPOSIT: '扣款总额将超过按金。',
    DEDUCTION_EXISTS: '此扣款已记录。',
    REFUND_CONFIRMED: '退款已确认，账目已结。',
    REFUND_EXISTS: '此项目已申请退款。',
    REFUND_NOT_ALLOWED: '您无权申请此项目的退款。',
    REFUND_PRECONDITIONS: '暂时未能申请退款。尚欠：{{missing}}。',
    REFUND_PAYEE_REQUIRED: '请输入收款人的名称及邮寄地址。',
    LEDGER_FILE_INVALID: '请附上为此项目按金上载的文件。',
    MANAGEMENT_FEE_EXISTS: '此项目已有管理费记录，请直接修改。',
    GREEN_FITOUT_EXISTS: '此项目已有绿色装修记录。',
    GREEN_FITOUT_CLOSED: '此绿色装修的状态为{{status}}，其文件夹不可更改。',
    GREEN_FITOUT_NOT_COMPLETED: '请先完成绿色装修，再发出其信函（现为{{status}}）。',
    GREEN_FOLDER_LOCKED: '此文件夹已批准或已审核，已锁定：其分数及文件不可更改。',
    GREEN_FOLDER_EXISTS: '此绿色装修已有相同标题的文件夹。',
    POST_FITOUT_UNDER_REVIEW: '此项目已有一项装修后审核正在进行，请先完成该审核。',
    POST_FITOUT_FINAL_INSPECTION_REQUIRED: '暂时未能开始最终装修后审核。尚欠：已发送给租户的最终验收记录。',
    POST_FITOUT_COMPLETED: '此装修后审核已完成，不能再修改。',
    POST_FITOUT_GUIDELINE_UNKNOWN: '以下项目不在已发布的装修后指引中：{{items}}。'
  },
  mail: {
    'tenant-submission.sent': {
      label: '递交已送交设计审核',
      description: '通知设计经理租户已发送递交批次。',
      subject: '{{projectName}}（{{companyName}}）第 {{batch}} 批正等待您的设计审核',
      text: '{{companyName}} 已发送装修工程 {{projectName}} 的第 {{batch}} 批作设计审核。\n请于 {{dueDate}} 前审核：\n\n{{link}}'
    },
    'tenant-submission.next-reviewer': {
      label: '递交已转交下一位审核人',
      description: '通知审核人批次已到达其审核步骤。',
      subject: '{{projectName}} 第 {{batch}} 批正等待您的{{step.zh-CN}}',
      text: '装修工程 {{projectName}}（{{companyName}}）第 {{batch}} 批现进入{{step.zh-CN}}，由您审核。\n请于 {{dueDate}} 前审核：\n\n{{link}}'
    },
    'tenant-submission.reassigned': {
      label: '审核步骤已重新指派',
      description: '通知审核人有审核步骤指派给其。',
      subject: '您现负责审核 {{projectName}} 第 {{batch}} 批',
      text: '装修工程 {{projectName}}（{{companyName}}）第 {{batch}} 批的{{step.zh-CN}}已重新指派给您，限期 {{dueDate}}：\n\n{{link}}'
    },
    'tenant-submission.status-changed': {
      label: '递交状态已变更',
      description: '通知租户批次不获批准、需要更新或已取消。',
      subject: '{{projectName}} 第 {{batch}} 批：{{status.zh-CN}}',
      text: '您的装修工程 {{projectName}} 第 {{batch}} 批状态为：{{status.zh-CN}}。审核人发出了 {{comments}} 条意见，请在下一批次中回复：\n\n{{link}}'
    },
    'tenant-submission.completed': {
      label: '递交已完成',
      description: '通知租户及设计经理批次已完成审核。',
      subject: '{{projectName}} 第 {{batch}} 批已完成审核',
      text: '装修工程 {{projectName}}（{{companyName}}）第 {{batch}} 批已完成设计及技术审核。\n\n{{link}}'
    },
    'tenant-submission.overdue': {
      label: '审核逾期',
      description: '每日提醒审核人逾期的审核步骤。',
      subject: '逾期：{{projectName}} 第 {{batch}} 批',
      text: '装修工程 {{projectName}}（{{companyName}}）第 {{batch}} 批的{{step.zh-CN}}限期为 {{dueDate}}，已逾期 {{daysOverdue}} 个工作日。\n\n{{link}}'
    },
    'tenant-project.withdrawn': {
      label: '租户工程已撤回',
      description: '通知审核人租户已撤回其工程。',
      subject: '{{projectName}} 已撤回',
      text: '{{companyName}} 已撤回装修工程 {{projectName}}。\n原因：{{reason}}\n\n{{link}}'
    },
    'tenant-project-inspection.email': {
      label: '验收电邮',
      description: '验收人员在验收电邮记录中撰写的邮件。',
      subject: '{{subject}}',
      text: '{{body}}'
    },
    'tenant-project-inspection.follow-up': {
      label: '验收跟进',
      description: '通知租户验收提出了跟进事项。',
      subject: '{{projectName}} 的{{inspectionType.zh-CN}}跟进事项',
      text: '您的装修工程 {{projectName}} 于 {{inspectedAt}} 的{{inspectionType.zh-CN}}需要跟进：\n\n{{description}}\n\n期限：{{dueDate}}\n\n{{link}}'
    },
    'tenant-project-final-documents.reminder': {
      label: '最终文件提醒',
      description: '提醒租户提交装修工程的最终文件。',
      subject: '提醒：{{projectName}} 的最终文件',
      text: '请提交您的装修工程 {{projectName}}（{{companyName}}）的最终文件。\n\n{{link}}'
    },
    'tenant-project-final-documents.settled': {
      label: '最终文件已完成或豁免',
      description: '通知项目经理及会计最终文件已完成或豁免：可进行按金退还。',
      subject: '{{projectName}} 的最终文件{{status.zh-CN}}',
      text: '装修工程 {{projectName}}（{{companyName}}）的最终文件{{status.zh-CN}}，可进行按金退还。\n\n{{link}}'
    },
    'tenant-project.insurance-expiring': {
      label: '保险即将到期',
      description: '提前 30 天提醒租户及项目经理装修工程的保险即将到期。',
      subject: '{{projectName}} 的保险将于 {{insuredUntil}} 到期',
      text: '装修工程 {{projectName}}（{{companyName}}）的保险（自 {{insuredFrom}} 起）将于 {{insuredUntil}} 到期。请续保并上载新的保险证书。\n\n{{link}}'
    },
    'tenant-project-deposit.notice': {
      label: '按金通知',
      description: '通知项目经理及会计装修工程的按金及其金额。',
      subject: '{{projectName}}（{{companyName}}）按金：{{amount}}',
      text: '装修工程 {{projectName}}（{{companyName}}）的按金为 {{amount}}。\n收款人：{{payee.zh-CN}}。支票：{{cheque}}。豁免：{{waived.zh-CN}}。\n\n{{link}}'
    },
    'tenant-project-refund.requested': {
      label: '已申请退还按金',
      description: '通知项目经理租户已申请退还按金及有关金额。',
      subject: '{{projectName}}（{{companyName}}）已申请退款：{{refund}}',
      text: '{{companyName}} 已申请退还装修工程 {{projectName}} 的按金。\n按金 {{deposit}}，扣款 {{deducted}}，退款 {{refund}}。\n\n{{link}}'
    },
    'tenant-project-refund.notice': {
      label: '按金退款通知',
      description: '通知项目经理或会计须处理按金退款及有关金额。',
      subject: '{{projectName}}（{{companyName}}）退款待{{step.zh-CN}}：{{refund}}',
      text: '装修工程 {{projectName}}（{{companyName}}）的按金退款现待{{step.zh-CN}}。\n按金 {{deposit}}，扣款 {{deducted}}，退款 {{refund}}。\n{{reason}}\n\n{{link}}'
    },
    'tenant-project-refund.confirmed': {
      label: '按金退款已确认',
      description: '通知租户会计已确认其按金退款及有关金额。',
      subject: '{{projectName}} 的按金退款已确认：{{refund}}',
      text: '会计已确认装修工程 {{projectName}}（{{companyName}}）的按金退款。\n按金 {{deposit}}，扣款 {{deducted}}，退款 {{refund}}。\n\n{{link}}'
    },
    'tenant-project-post-fitout.started': {
      label: '装修后审核已开始',
      description: '通知租户职员已开始其项目的装修后审核，以及需提交的文件。',
      subject: '{{projectName}} 的{{round.zh-CN}}审核已开始',
      text: '职员已开始您的装修工程 {{projectName}}（{{companyName}}）的{{round.zh-CN}}审核。\n{{remarks}}\n请按装修后指引上载所需文件：\n\n{{link}}'
    },
    'tenant-project-post-fitout.completed': {
      label: '装修后审核已完成',
      description: '通知租户及项目经理装修后审核已完成。',
      subject: '{{projectName}} 的{{round.zh-CN}}审核已完成',
      text: '装修工程 {{projectName}}（{{companyName}}）的{{round.zh-CN}}审核已完成。\n{{remarks}}\n\n{{link}}'
    },
    'tenant-project-management-fee.notice': {
      label: '管理费通知',
      description: '通知会计装修工程的管理费、扣款通知书及账户编号。',
      subject: '{{projectName}}（{{companyName}}）管理费：{{amount}}',
      text: '装修工程 {{projectName}}（{{companyName}}）的管理费为 {{amount}}。\n扣款通知书：{{debitNote}}。账户编号：{{accountCode}}。\n\n{{link}}'
    },
    'green-fitout.step': {
      label: '绿色装修步骤',
      description: '通知租户其绿色装修已开始、暂停、恢复或取消。',
      subject: '{{projectName}} 的绿色装修{{step.zh-CN}}',
      text: '工程 {{projectName}}（{{companyName}}）的绿色装修{{step.zh-CN}}。\n\n{{link}}'
    },
    'green-fitout.folder-submitted': {
      label: '绿色装修文件夹已提交',
      description: '通知绿色装修审核人租户已提交一个文件夹。',
      subject: '绿色装修文件夹已提交：{{folderTitle}}（{{projectName}}）',
      text: '{{companyName}} 已提交 {{projectName}} 绿色装修的文件夹「{{folderTitle}}」，请审核。\n\n{{link}}'
    },
    'green-fitout.result': {
      label: '绿色装修结果',
      description: '向租户发出其绿色装修的结果：已接受的分数及是否获认可。',
      subject: '{{projectName}} 的绿色装修：{{totalPoints}} 分，{{recognised.zh-CN}}',
      text: '工程 {{projectName}}（{{companyName}}）的绿色装修已完成：已接受 {{totalPoints}} 分（认可需 {{thresholdPoints}} 分），{{recognised.zh-CN}}。\n\n{{link}}'
    }
  },
  batchPdf: {
    title: '递交批次 {{batch}}',
    status: '状态',
    sentAt: '发送时间',
    dueDate: '限期（当前步骤）',
    completedDate: '决定时间',
    reviewers: '审核人',
    step: '步骤',
    reviewer: '审核人',
    outcome: '结果',
    designManager: '设计经理',
    cpReviewer: 'CP 审核人',
    techManager: '技术经理',
    files: '文件',
    file: '文件',
    docType: '类型',
    design: '设计',
    technical: '技术',
    na: '不适用',
    submittedDate: '递交时间',
    register: '意见登记册（未结 {{open}} / 共 {{total}}）',
    id: '编号',
    type: '类别',
    batch: '批次',
    comment: '意见',
    answer: '回复',
    commentStatus: '状态',
    none: '无。',
    yes: '是',
    statuses: {
      STARTED: '已开始',
      DESIGN_REVIEW: '设计审核',
      CP_REVIEW: 'CP 审核',
      UPDATE_PENDING: '待更新（CP 跟进）',
      TECH_REVIEW: '技术审核',
      DISAPPROVED: '不批准',
      COMPLETED: '已完成',
      CANCELLED: '已取消'
    },
    commentStatuses: {
      OPEN: '未结',
      ANSWERED: '已回复',
      NA: '不适用',
      CLOSED: '已关闭',
      DELETED: '已删除'
    }
  },
  depositPdf: {
    title: '按金退款结算表',
    project: '项目',
    company: '租户',
    deposit: '按金',
    payee: '收款人',
    cheque: '支票',
    deductions: '扣款',
    kind: '类别',
    reason: '原因',
    by: '记录人',
    when: '时间',
    amount: '金额',
    totalDeducted: '扣款总额',
    refund: '退款',
    status: '退款状态',
    none: '没有扣款。',
    kinds: { DAMAGE: '损坏', DEBRIS_REMOVAL: '清理废料', TEMPORARY_POWER: '临时电力', LATE_DOCUMENTS: '逾期文件', OTHER: '其他' },
    payees: { SUBJECT_TO_REVIEW: '待审核', DIRECT: '直接付予租户', OTHER: '其他收款人', CREDIT_TO: '存入' },
    statuses: { REQUESTED: '已申请', PM_NOTIFIED: '已通知项目经理', ACCOUNTING_NOTIFIED: '已通知会计', RESUMED: '已恢复', CONFIRMED: '已确认', NONE: '未申请' }
  },
  values: {
    'tenant-projects': {
      status: { DRAFT: '草稿', SUBMITTED: '已提交', IN_PROGRESS: '进行中', COMPLETED: '已完成', WITHDRAWN: '已撤回', CANCELLED: '已取消' },
      type: { Fitout: '装修', Reinstatement: '复原', Facade: '外墙' }
    }
  },
  fields: {
    'tenant-projects': {
      status: '状态',
      companyName: '公司',
      tradeName: '商号',
      projectName: '工程名称',
      type: '类型',
      buildingId: '大厦',
      floors: '楼层',
      projectLocation: '位置',
      updatedAt: '最后更新'
    }
  }
}

export default catalogue
