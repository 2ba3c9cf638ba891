import type { ProjectCatalogue } from './en-US.js'
import claims from '../claims/locales/zh-CN.json' with { type: 'json' }

/** Everything projects say in Chinese: server errors by code, mails, coded values and the export's column labels. */
const catalogue: ProjectCatalogue = {
  errors: {
    PROJECT_PURCHASE_NOT_AWARDED: '采购订单或合同 {{number}} 未生效或其招标未授标，无法据此创建项目。',
    PROJECT_NUMBER_IN_USE: '此采购订单或合同已有项目。',
    PROJECT_COMPLETION_DATE_REQUIRED: '完成项目前必须填写实际竣工日期。',
    PROJECT_COMPLETION_BEFORE_COMMENCEMENT: '实际竣工日期不能早于实际开工日期。',
    PROJECT_DEDUCTION_TOO_HIGH: '扣减金额不能超过可扣减金额（{{max}}）。',
    PROJECT_DEDUCTION_REASON_REQUIRED: '请填写扣减原因。',
    MAIN_CONTRACTOR_EXISTS: '此项目已有总承包商。',
    CONTRACTOR_EMAIL_MISSING: '邀请前请先填写主要联系人的电子邮件。',
    ...claims.errors,
    CLAIM_FROZEN: '付款申请 {{order}} 已提交：已提交的版本不能更改。',
    CLAIM_REJECT_REASON_REQUIRED: '请填写退回付款申请的原因（最多 {{max}} 个字符）。',
    CLAIM_LINES_WITHOUT_SCHEDULE: '此项目没有工程量价值表：请直接填写申请金额，而不是逐项填写。',
    SCHEDULE_STAFF_ONLY: '只有负责此项目的员工才能设置其工程量价值表。',
    SCHEDULE_IN_USE: '此项目已有付款申请提交：其工程量价值表不能再被替换。',
    CHANGE_ORDER_FROZEN: '变更单 {{number}} 已提交：只有草稿可以修改。',
    CO_NO_SCHEDULE: '此项目尚无工程量价值表：变更单是对其修订或增项。请先由负责此项目的员工导入工程量价值表。',
    CO_REJECT_REASON_REQUIRED: '请填写拒绝此变更单的原因（最多 {{max}} 个字符）。',
    CO_LINES_EMPTY: '变更单至少需要一行：新增项目或修订项目。',
    CO_MISSING_ITEM: '第 {{line}} 行：请填写项目编号。',
    CO_UNKNOWN_ITEM: '第 {{line}} 行：项目 {{item}} 不在工程量价值表中；如要新增，请选择“新增项目”。',
    CO_ITEM_EXISTS: '第 {{line}} 行：项目 {{item}} 已在工程量价值表中；如要更改其金额，请选择“修订项目”。',
    CO_DUPLICATE_ITEM: '第 {{line}} 行：项目 {{item}} 在此变更单中重复列出。',
    CO_MISSING_DESCRIPTION: '第 {{line}} 行：请填写新增项目 {{item}} 的工作描述。',
    CO_AMOUNT_INVALID: '第 {{line}} 行：新增项目的金额必须大于 0，修订金额不能为 0（金额最多两位小数）。',
    CO_BELOW_CLAIMED: '第 {{line}} 行：项目 {{item}} 的金额将变为 {{value}}，低于已申请的 {{claimed}}。变更单不能使某行低于已申请的金额。',
    SCHEDULE_CHANGED_BY_ORDERS: '此项目已有变更单获批准：其工程量价值表此后只能通过变更单更改。',
    FOLDER_NAME_IN_USE: '此项目已有名为“{{name}}”的文件夹。',
    FOLDER_DECIDED: '文件夹“{{name}}”已批准，其文件不能再更改。'
  },
  mail: {
    'project.invitation': {
      label: '项目邀请',
      description: '项目启动时邀请供应商。',
      subject: '项目邀请：{{number}}',
      text: '您已受邀参与位于{{site}}的项目 {{number}}（总金额 {{amount}}）。项目现已生效，您可在供应商门户查看项目及其提交和文件。\n\n{{link}}'
    },
    'project.primary-contact': {
      label: '项目主要联系人',
      description: '通知承办商联系人成为项目的主要联系人。',
      subject: '您已成为 {{companyName}} 在项目 {{number}} 的主要联系人',
      text: '{{contactName}}，您好：\n\n您已被指定为 {{companyName}} 在项目 {{number}} 的主要联系人。请登录供应商门户查看项目。\n\n{{link}}'
    },
    'project.main-contractor-appointed': {
      label: '已委任总承办商',
      description: '通知项目经理已委任另一公司为总承办商。',
      subject: '另一家公司成为项目 {{number}} 的总承包商',
      text: '{{vendor}} 已指定另一家公司 {{contractor}} 的 {{user}} 为项目 {{number}} 的总承包商。{{user}} 现可在供应商门户查看项目信息、文件、承包商和工作许可证；付款申请、工程量价值表和保留金仍只限 {{vendor}} 及职员查看。\n\n如非预期，请联系 {{vendor}} 更换总承包商。\n\n{{link}}'
    },
    'project.submission-submitted': {
      label: '已提交付款申请',
      description: '通知项目经理已提交的付款申请。',
      subject: '项目 {{number}} 的付款申请 {{order}} 已提交',
      text: '{{vendor}} 已就项目 {{number}} 提交付款申请 {{order}}（版本 {{version}}，发票 {{invoiceNumber}}，完成金额 {{amount}}）。请审核。\n\n{{link}}'
    },
    'project.submission-accepted': {
      label: '付款申请结果',
      description: '通知供应商其付款申请已接纳或退回。',
      subject: '项目 {{number}} 的付款申请 {{order}} 已接受',
      text: '项目 {{number}} 的付款申请 {{order}}（完成金额 {{amount}}）已被接受。\n\n顺序：{{order}}\n操作：接受\n备注：{{note}}\n\n{{link}}'
    },
    'project.retention-due': {
      label: '保留金到期',
      description: '提醒项目经理保留金发放到期。',
      subject: '项目 {{number}} 的保留金将于 {{dueDay}} 到期',
      text: '项目 {{number}} 的保留金（尚余 {{amount}}）将于缺陷责任期结束后的 {{dueDay}} 到期，届时可提交保留金发放申请。\n\n{{link}}'
    },
    'project.inspector-assigned': {
      label: '已指派检查员',
      description: '通知检查员需检查的付款申请。',
      subject: '您负责检查项目 {{number}} 的付款申请 {{order}}',
      text: '您已被指派为项目 {{number}} 付款申请 {{order}} 的检查员。\n\n{{link}}'
    },
    'project.folder-approved': {
      label: '文件夹已批准',
      description: '通知供应商文件夹已获批准。',
      subject: '项目 {{number}} 的文件夹“{{folder}}”已批准',
      text: '项目 {{number}} 文件夹“{{folder}}”中的文件已获批准，此文件夹不再接收新文件。\n\n{{link}}'
    },
    'project.folder-rejected': {
      label: '文件夹被拒绝',
      description: '通知供应商文件夹被拒绝及原因。',
      subject: '项目 {{number}} 的文件夹“{{folder}}”已被拒绝',
      text: '项目 {{number}} 文件夹“{{folder}}”中的文件已被拒绝。\n\n原因：{{reason}}\n\n请将更正后的文件上传到此文件夹，以便重新审核。\n\n{{link}}'
    }
  },
  values: {
    ...claims.values,
    projects: {
      status: { DRAFT: '草稿', ACTIVE: '进行中', COMPLETED: '已完成', CANCELLED: '已取消' },
      numberType: { PO: '采购订单', CONTRACT: '合同' }
    },
    'project-folders': {
      status: { DRAFT: '草稿', APPR: '已批准', REJECTED: '已拒绝' }
    },
    'project-change-orders': {
      status: { DRAFT: '草稿', SUBMITTED: '已提交', APPROVED: '已批准', REJECTED: '已拒绝' }
    }
  },
  fields: {
    'project-change-orders': {
      number: '变更单编号',
      date: '日期',
      reason: '原因',
      lines: '明细行',
      netChangeCents: '净变更',
      status: '状态',
      rejectReason: '拒绝原因',
      submittedAt: '提交时间',
      decidedAt: '决定时间'
    },
    'project-submissions': { ...claims.fields['project-submissions'], order: '申请编号', status: '状态', decision: '决定', updatedAt: '最后更新' },
    projects: {
      number: '采购订单/合同编号',
      numberType: '编号类型',
      revisionNum: '修订版',
      companyId: '供应商',
      siteId: '场地',
      managedBy: '负责人',
      type: '类型',
      totalAmountCents: '总金额',
      status: '状态',
      onHold: '暂停',
      dlpDate: '缺陷责任期届满日',
      createdAt: '创建时间'
    }
  }
}

export default catalogue
