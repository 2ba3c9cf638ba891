import type { HandoverCatalogue } from './en-US.js'

/** Everything handover/takeback says in Chinese: server errors by code, the export's column labels and the names of its values. */
const catalogue: HandoverCatalogue = {
  errors: {
    HOTB_DOCUMENT_STATE: '此交收/收回记录的状态为{{status}}：附件只可在草稿、已批准或已安排时新增或删除，已签署或未签署文件只可在已安排或未签署时上传或删除。',
    HOTB_DOCUMENT_KIND: '请选择文件类别：已签署文件、未签署文件或附件。',
    HOTB_SIGNED_DOCUMENT_MISSING: '此交收/收回记录在已安排状态下须先有已签署文件方可完成：请上传已签署文件、由双方即场签署，或标记为未签署。',
    HOTB_NOT_EDITABLE: '此交收/收回记录的状态为{{status}}：只有在草稿、已批准或已安排时，才可更改其资料、清单及钥匙。',
    HOTB_NOT_YOURS: '只有此交收/收回记录的负责人，或获准更新他人记录的人员，才可更改此记录。',
    HOTB_TENANCY_INVALID: '在此地区找不到该租户。',
    HOTB_USER_INVALID: '{{field}} 必须是此地区获准担任该角色（批准或负责）的在职员工。',
    HOTB_KEYS_OPEN: '无法完成收回：每一把已交出的钥匙及门卡都必须已归还、报失并收费，或注明理由豁免。尚未处理：{{lines}}。',
    HOTB_KEY_SETTLEMENT: '钥匙的处理结果只在收回记录上登记：已归还、遗失（须收费）或豁免（须注明理由）。',
    HOTB_TEMPLATE_BUILDING: '在此地区找不到该大厦。',
    HOTB_NOT_SIGNABLE: '此交收/收回记录的状态为{{status}}：只有在已安排或未签署时才可签署。',
    HOTB_SIGNING_GONE: '此签署链接已失效：链接已使用、已过期，或记录已更改。请向职员索取新链接。',
    HOTB_SIGNATURE_INVALID: '签名必须是手写的 PNG 图像，且不超过 300 KB。',
    HOTB_SIGNATURES_STALE: '记录在签署后已更改（{{parties}}）：须由各方重新签署后才可完成。',
    HOTB_PHOTO_FILE: '相片的文件并非为此清单项目上传：请先为该项目上传相片，然后加入。',
    HOTB_PHOTO_TYPE: '相片必须是图片（JPEG、PNG、WebP 或 HEIC）。',
    HOTB_PHOTO_EXISTS: '此图片已是本记录的相片。',
    HOTB_NOT_TAKEBACK: '只有收回记录的清单项目可标记为损坏并转为扣款。',
    HOTB_DEDUCTION_ITEM: '项目“{{item}}”无法转为扣款：必须先标记为损坏，并填写金额及理由。',
    HOTB_ITEM_DEDUCTED: '项目“{{item}}”已转为扣款。',
    HOTB_NO_DEPOSIT: '该租户没有可扣款的装修按金：损坏项目将保留在收回记录的扣款清单上。'
  },
  mail: {
    'hotb.submitted': {
      label: '交收/收回已提交审批',
      description: '通知所选审批人有交收或收回记录等待审批。',
      subject: '{{type.zh-CN}} {{name}}（{{companyName}}）正等待您的审批',
      text: '{{companyName}}（{{premises}}）的{{type.zh-CN}} {{name}} 已提交给您审批：\n\n{{link}}'
    },
    'hotb.arranged': {
      label: '交收/收回已安排',
      description: '将约定时间连同日历文件发送给租户联络人及负责人。',
      subject: '{{premises}} 的{{type.zh-CN}}定于 {{scheduledAt}}',
      text: '{{companyName}}（{{premises}}）的{{type.zh-CN}} {{name}} 已安排于 {{scheduledAt}}。附件为日历约定。\n\n{{remarkToTenant}}\n\n{{link}}'
    },
    'hotb.unsigned': {
      label: '交收/收回未签署',
      description: '通知租户联络人及负责人文件未于约定时签署。',
      subject: '{{type.zh-CN}} {{name}} 未签署',
      text: '{{companyName}}（{{premises}}）的{{type.zh-CN}} {{name}} 未于约定时签署。{{reason}}\n\n{{link}}'
    },
    'hotb.completed': {
      label: '交收/收回已完成',
      description: '通知租户联络人及负责人交收或收回已完成。',
      subject: '{{type.zh-CN}} {{name}} 已完成',
      text: '{{companyName}}（{{premises}}）的{{type.zh-CN}} {{name}} 已于 {{actualDate}} 完成。\n\n{{link}}'
    },
    'hotb.change-requested': {
      label: '交收/收回要求修改',
      description: '通知负责人及创建人有人要求修改，并附原因。',
      subject: '{{type.zh-CN}} {{name}} 被要求修改',
      text: '{{companyName}}（{{premises}}）的{{type.zh-CN}} {{name}} 被要求修改，现已退回草稿。\n原因：{{reason}}\n\n{{link}}'
    },
    'hotb.reset-to-draft': {
      label: '交收/收回已重设为草稿',
      description: '通知负责人记录已重设为草稿。',
      subject: '{{type.zh-CN}} {{name}} 已重设为草稿',
      text: '{{companyName}}（{{premises}}）的{{type.zh-CN}} {{name}} 已重设为草稿。\n\n{{link}}'
    }
  },
  values: {
    hotb: {
      status: {
        DRAFT: '草稿',
        WAPPR: '等待批准',
        APPR: '已批准',
        REJECTED: '已拒绝',
        SCHEDULED: '已安排',
        UNSIGNED: '未签署',
        COMPLETED: '已完成',
        CANCELLED: '已取消'
      },
      type: { HANDOVER: '交收', TAKEBACK: '收回' },
      premiseBuildingType: { asIs: '现状', bareShell: '毛坯', others: '其他' }
    }
  },
  fields: {
    hotb: {
      status: '状态',
      type: '类型',
      name: '名称',
      companyName: '公司',
      tradeName: '商号',
      buildingId: '大厦',
      premises: '物业',
      scheduledAt: '安排日期及时间',
      actualDate: '实际日期',
      updatedAt: '最后更新'
    }
  }
}

export default catalogue
