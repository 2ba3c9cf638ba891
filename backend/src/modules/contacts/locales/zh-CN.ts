import type { ContactsCatalogue } from './en-US.js'

/** Everything the contacts module says in Chinese: server errors by code and the export column labels. */
const catalogue: ContactsCatalogue = {
  errors: {
    DUPLICATE_PHONE: '电话号码 {{value}} 已保存给另一位联系人。',
    DUPLICATE_EMAIL: '电子邮件 {{value}} 已保存给另一位联系人。',
    PHONES_SAME: '联系人的两个电话号码是同一个号码（{{value}}）。',
    EMAILS_SAME: '联系人的两个电子邮件相同（{{value}}）。',
    PHONE_INVALID: '{{value}} 不是有效的电话号码。',
    EMAIL_INVALID: '{{value}} 不是有效的电子邮件。',
    VALUE_REQUIRED: '每个电话、电子邮件、传真和地址都需要填写。',
    LOCAL_PHONE_REQUIRED: '需要一个本地电话号码（{{country}}）。',
    LAST_CONTACT: '公司至少需要一位联系人：这是最后一位。',
    CONTACT_REQUIRED: '公司至少需要一位联系人。',
    MERGE_SAME: '联系人不能与自己合并。',
    MERGE_CONFLICT: '两位联系人都关联到同一记录（{{table}}）：请先取消其中一个关联。'
  },
  values: {
    ccdcontacts: { roleType: { Marketing: '市场推广', CRM: '客户关系', PR: '公关', Shop: '店铺' }, status: { ACTIVE: '启用', INACTIVE: '停用' } },
    ccdcompanies: {
      type: { O: '其他 (O)', T: '租户 (T)', C: '承办商 (C)', D: 'D', PC: '物业顾问 (PC)' },
      status: { ACTIVE: '启用', INACTIVE: '停用' }
    }
  },
  fields: {
    ccdcontacts: {
      name: '姓名',
      phone: '电话',
      email: '电子邮件',
      status: '状态',
      companyId: '公司编号',
      companyName: '公司',
      prefix: '称谓',
      firstName: '名',
      lastName: '姓',
      gender: '性别',
      position: '职位',
      title: '职衔',
      department: '部门',
      roleType: '角色类型',
      remarks: '备注',
      phones: '电话',
      emails: '电子邮件',
      faxes: '传真',
      addresses: '地址',
      managedBy: '负责人'
    },
    ccdcompanies: {
      name: '公司名称',
      type: '类型',
      parentCompanyName: '母公司',
      phone: '电话',
      contactCount: '联系人',
      status: '状态'
    },
    companies: {
      parentCompanyId: '母公司编号',
      department: '部门',
      altPhone: '备用电话',
      fax: '传真',
      addressLine1: '地址第 1 行',
      addressLine2: '地址第 2 行',
      addressLine3: '地址第 3 行',
      addressLine4: '地址第 4 行',
      managedBy: '负责人'
    }
  }
}

export default catalogue
