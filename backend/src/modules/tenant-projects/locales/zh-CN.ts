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
    GUIDELINE_PUBLISHED: '此为已发布的第 {{version}} 版指引，不可更改。请改为编辑当前草稿。',
    GUIDELINE_DRAFT_EXISTS: '此指引已有草稿，请编辑该草稿。',
    GUIDELINES_NOTHING_TO_PUBLISH: '此指引没有可发布的草稿。',
    GUIDELINE_ITEM_DUPLICATE: '条目 {{itemId}} 重复列出。'
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
