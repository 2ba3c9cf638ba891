import type { TenancyCatalogue } from './en-US.js'

/** Everything tenancy records say in Chinese: server errors by code and the export's column labels. */
const catalogue: TenancyCatalogue = {
  errors: {
    TENANCY_DUPLICATE: '已存在相同公司名称、商号、大厦及类型的租户记录。',
    TENANCY_COMPANY_TYPE: '租户记录只能属于租户公司（类型 {{allowed}}）；此公司的类型为 {{type}}。',
    COMPANY_NAME_CONFIRM: '确定将公司名称由“{{from}}”改为“{{to}}”？请确认。',
    LEASE_MISMATCH: '租约类型或大厦与租户记录不符。如仍要关联，请确认。',
    OPENING_HOURS_INVALID: '以下日子的营业时间无效：{{details}}。结束时间必须在同一天的开始时间之后。',
    PREMISES_INVALID: '单位第 {{details}} 行：楼层必须是该大厦的楼层，结束日期不可早于生效日期。',
    LEASE_SHEET_INVALID: '无法读取该文件：不是租约电子表格（xlsx）。',
    FLOOR_INFO_MISSING: '无法创建工程：租户记录中的楼层资料缺失或已过期。请联系热线。',
    MOVE_HANDOVER_INVALID: '对应的交收/收回记录必须是此租户已完成的交收（迁入）或收回（迁出）。',
    MOVE_HANDOVER_TAKEN: '该交收/收回记录已有其迁入/迁出记录。',
    MOVE_REMARKS_REQUIRED: '迁入或迁出记录须填写备注或关联相应的移交/收回记录。',
    MOVE_FLOOR_INVALID: '楼层 {{floor}} 不属于此租户的大厦。',
    MOVE_BUSINESS_DATE_INVALID: '开业日期不能早于迁入日期，最后营业日期不能晚于迁出日期。',
    MOVE_REOPEN_DATE_INVALID: '重开日期不能早于暂停营业日期。',
    GREEN_VALIDITY_REQUIRED: '绿色运营记录须填写有效期（1 至 120 个月）。',
    EMAIL_USED: '该租户的另一个账户已使用电邮 {{email}}。',
    MASTER_ACCOUNT_EXISTS: '该租户已有主账户。',
    TENANCY_USER_CONFIRM: '{{email}} 已是另一租户的用户。是否也邀请其加入本租户？请确认。',
    CONTRACTOR_ROW_INVALID: '承办商资料无效：{{details}}。',
    CONTRACTOR_ACCOUNT_MISSING: '邀请前请先填写承办商的用户账户（电邮）。',
    CONTACT_ROLE_LINKED: '该联系人是电子通告、紧急或市场推广联系人，不能取消关联。',
    TENANCY_CONTACT_CHANGED: '该租户联系人已被其他用户修改。请刷新后重试。',
    CONTACT_ROLE_REQUIRED: '请为联系人选择至少一个角色：通告、紧急、其他、市场推广、主要、租约或财务。',
    PRIMARY_NOT_CIRCULAR: '只有通告联系人可以作为首要联系人。',
    CONTACT_ALREADY_LINKED: '该联系人已关联到此租户记录。',
    NO_INVITER: '本地区没有人可以邀请此租户记录的主账户，请联系管理员。'
  },
  mail: {
    'tenancy.contacts-confirm': {
      label: '确认租户联系人',
      description: '请租户在到期前确认其联系人。',
      subject: '请确认 {{companyName}} {{tradeName}} 的联系人',
      text: '贵租户记录 {{companyName}} {{tradeName}} 的联系人已 {{days}} 天未确认。请检查联系人是否正确，并一键确认：\n\n{{link}}'
    },
    'tenancy.created': {
      label: '已创建租户记录',
      description: '通知职员已创建租户记录。',
      subject: '新租户记录：{{companyName}} {{tradeName}}（{{building}}）',
      text: '{{createdBy}} 在 {{building}} 创建了租户记录 {{companyName}} {{tradeName}}（{{type.zh-CN}}）。\n\n查看：\n{{link}}'
    },
    'tenancy.invitation-request': {
      label: '邀请申请',
      description: '请职员邀请租户申请的账户。',
      subject: '请邀请 {{companyName}} {{tradeName}} 的主账户',
      text: '{{requestedBy}} 请您邀请租户记录 {{companyName}} {{tradeName}}（{{building}}）的主账户：\n\n{{displayName}} <{{email}}>\n备注：{{remarks}}\n\n请在租户记录的用户管理中邀请：\n{{link}}'
    }
  },
  values: {
    tenancies: { type: { O: '写字楼', R: '零售' }, status: { ACTIVE: '有效', INACTIVE: '无效' } }
  },
  callTree: {
    title: '紧急联络顺序 — {{building}}',
    officeHours: '办公时间',
    outOfOfficeHours: '非办公时间',
    order: '顺序',
    tenancy: '租户',
    contact: '联系人',
    phone: '电话',
    email: '电邮',
    none: '没有紧急联系人。'
  },
  fields: {
    'tenancy-contacts': {
      companyName: '公司名称',
      tradeName: '商号',
      buildingCode: '大厦',
      contactName: '联系人',
      position: '职位',
      phone: '电话',
      email: '电邮',
      workingHourOrder: '紧急顺序（办公时间）',
      nonWorkingHourOrder: '紧急顺序（非办公时间）',
      cPrimary: '首要'
    },
    tenancies: {
      id: '编号',
      region: '地区',
      companyId: '公司',
      companyName: '公司名称',
      tradeName: '商号',
      generalLine: '总机',
      faxNumber: '传真',
      email: '电邮',
      type: '类型',
      buildingId: '大厦',
      siteId: '场地',
      marketingType: '市场类别',
      merged: '已合并',
      status: '状态',
      openingHours: '营业时间',
      remarks: '备注',
      managedBy: '负责人',
      premises: '单位',
      floors: '楼层',
      createdAt: '创建时间',
      updatedAt: '更新时间'
    }
  }
}

export default catalogue
