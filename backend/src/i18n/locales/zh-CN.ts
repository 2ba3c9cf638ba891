// One file on purpose (issue 28): a catalogue, key by key the twin of en-US.ts, which types it.
import type { PlatformCatalogue } from './en-US.js'

/** Everything the platform says in Chinese: its error messages, column labels and mails. */
const catalogue: PlatformCatalogue = {
  errors: {
    BAD_REQUEST: '数据无效。',
    VALIDATION_FAILED: '数据无效：{{details}}',
    REFERENCE_INVALID: '数据无效：{{field}} 指向的记录不存在或您无权使用。',
    INVALID_QUERY: '不允许此筛选或排序：{{details}}',
    LIMIT_TOO_LARGE: '每次最多读取 {{max}} 条记录。',
    NOT_AUTHENTICATED: '请登录。',
    INVALID_LOGIN: '用户名或密码无效。',
    SESSION_EXPIRED: '会话已过期，请重新登录。',
    ACCOUNT_LOCKED: '账户已锁定。请联系管理员，或通过电子邮件中的链接解锁。',
    ACCOUNT_DISABLED: '账户已停用。请联系管理员。',
    PASSWORD_EXPIRED: '您的密码已过期，请设置新密码。',
    PASSWORD_PATTERN: '密码至少 8 个字符，并包含数字、大写字母、小写字母、符号这 4 类中的 3 类。',
    PASSWORD_REUSED: '请输入新密码。',
    PASSWORD_WRONG: '当前密码不正确。',
    LINK_EXPIRED: '链接已过期。',
    TWO_FACTOR_REQUIRED: '验证码已发送到您的电子邮箱。',
    CODE_WRONG: '验证码错误。',
    CODE_EXPIRED: '验证码已过期。',
    CODE_LOCKED: '错误次数过多，请重新登录。',
    CODE_RESEND_TOO_SOON: '请在 {{seconds}} 秒后再获取新的验证码。',
    TOO_MANY_ATTEMPTS: '尝试次数过多，请在 {{retryAfterSeconds}} 秒后重试。',
    SSO_FAILED: '目录登录失败，请重试或联系管理员。',
    FORBIDDEN: '您没有执行此操作的权限。',
    PERMISSION_UPDATED: '您的权限已更新，请重新登录。',
    REGION_FORBIDDEN: '您未获授权访问区域 {{region}}。',
    FIELD_FORBIDDEN: '您无权设置此记录的 {{field}}。',
    GROUP_INVALID: '安全组 {{groupId}} 不存在，或不能在区域 {{region}} 分配给此账户。',
    SUB_ACCOUNT_LIMIT: '该公司的子账号已达上限（{{limit}} 个）。',
    OWN_ACCOUNT_STATE: '不能锁定或停用自己的账号。',
    INTERNAL_USERNAME: '供应商账号不能使用内部用户名（{{field}}）。',
    REGION_UNKNOWN: '不存在区域 {{region}}。',
    FEATURE_DISABLED: '此区域未启用该功能。',
    NOT_FOUND: '链接或网址已失效。',
    TIMEOUT: '请求超时。',
    DUPLICATE: '重复的数据无法保存。',
    STALE_WRITE: '记录已被其他用户更新，请刷新后重试。',
    UPDATED_AT_REQUIRED: '保存时必须附带读取时的版本（updatedAt）。',
    EDIT_LOCKED: '{{username}} 正在编辑此记录。',
    MAIL_FAILED: '电子邮件通知发送失败，请重试。',
    NO_RECIPIENTS: '没有电子邮件收件人。',
    FILE_TOO_LARGE: '文件 {{name}} 超过 {{max}} MB。',
    FILE_TYPE: '不允许 {{name}} 的文件类型（允许：{{types}}）。',
    UPLOAD_RULE_INVALID: '文件规则无效：大小（MB）和数量须为 1 至 {{max}} 的整数；类型须为扩展名（如 pdf）或类别（如 image/*）。',
    MAIL_TEMPLATE_UNKNOWN_FIELD: '模板使用了此邮件没有的字段 {{field}}。可用字段：{{fields}}。',
    MAIL_TEMPLATE_UNBALANCED: '模板在“{{near}}”附近的占位符不完整：每个字段应写作 {{open}}名称{{close}}。',
    MAIL_TEMPLATE_EMPTY: '主题和正文不能为空。',
    MAIL_TEMPLATE_VERSION: '此模板没有第 {{version}} 版。',
    MAIL_TEMPLATE_NO_ADDRESS: '您的账户没有可用于发送测试邮件的电子邮箱地址。',
    FILE_COUNT: '每次最多上传 {{max}} 个文件。',
    FILE_MISSING: '没有上传文件。',
    FILE_EMPTY: '文件 {{name}} 是空的。',
    BODY_TOO_LARGE: '请求过大。',
    INVALID_BODY: '请求内容无效：{{details}}',
    UNSUPPORTED_MEDIA_TYPE: '此请求不接受 {{type}} 类型的内容。',
    INVALID_VALUE: '某个值不符合其字段：{{details}}',
    INVALID_REFERENCE: '引用的记录不存在：{{details}}',
    INVALID_TRANSITION: '状态为 {{status}} 时无法执行此操作。',
    PHYSICAL_SITE_TAKEN: '大厦 {{building}} 已属于一个实体场地。',
    IN_USE: '此记录仍被 {{by}} 使用，无法删除。',
    SYSTEM_ERROR: '服务器响应无效，请联系管理员。',
    COMMIT_FAILED: '数据库未确认此更改，更改可能未保存。请刷新后重试。',
    DATABASE_UNAVAILABLE: '暂时无法连接数据库，更改未保存。请稍后重试。'
  },
  fields: {
    common: {
      id: '编号',
      region: '地区',
      createdAt: '创建时间',
      updatedAt: '更新时间',
      status: '状态',
      currency: '货币',
      amount: '金额',
      siteId: '场地',
      companyId: '公司',
      managedBy: '负责人',
      tenderId: '招标',
      departmentId: '部门',
      buildingIds: '大厦',
      siteIds: '场地',
      userIds: '用户'
    },
    buildings: {
      code: '代码',
      name: '名称',
      shortName: '简称',
      fullName: '全称',
      description: '描述',
      floors: '楼层',
      commonFloor: '公共楼层',
      zones: '区域',
      managementOffice: '管理处',
      hotline: '热线'
    },
    sites: {
      name: '名称',
      shortName: '简称',
      type: '类型'
    },
    locations: {
      code: '代码',
      name: '名称',
      buildingId: '大厦'
    },
    departments: {
      name: '名称',
      shortName: '简称',
      description: '描述',
      itqThreshold: 'ITQ 限额',
      categories: '类别'
    },
    users: {
      username: '用户名',
      email: '电子邮箱',
      displayName: '姓名',
      source: '来源',
      domain: '域',
      userType: '用户类型',
      tenancyId: '租户',
      defaultRegion: '默认地区',
      regions: '地区',
      language: '语言',
      phone: '电话',
      enabled: '启用',
      invitedAt: '邀请时间',
      roleName: '角色',
      externalId: '外部编号',
      tenancyPerms: '租户权限',
      vendorPerms: '供应商权限',
      dashboard: '工作台',
      failedLogins: '登录失败次数',
      lockedAt: '锁定时间',
      passwordChangedAt: '密码修改时间',
      lastLoginAt: '最近登录',
      permissionVersion: '权限版本',
      groupIds: '权限组'
    },
    'security-groups': {
      name: '名称',
      description: '描述',
      domain: '域',
      permissions: '权限'
    },
    settings: {
      key: '键',
      value: '值',
      defaultValue: '默认值',
      source: '来源',
      description: '描述'
    },
    'audit-log': {
      at: '时间',
      userId: '用户',
      username: '用户名',
      action: '操作',
      resource: '资源',
      recordId: '记录',
      before: '修改前',
      after: '修改后',
      address: '地址'
    },
    'mail-messages': {
      template: '模板',
      language: '语言',
      to: '收件人',
      cc: '抄送',
      bcc: '密送',
      subject: '主题',
      error: '错误',
      messageId: '邮件标识',
      sentAt: '发送时间',
      recipients: '收件人',
      html: 'HTML 正文',
      text: '文本正文',
      transport: '发送方式'
    },
    regions: {
      code: '代码',
      name: '名称',
      domain: '域名',
      timeZone: '时区',
      enabled: '启用',
      features: '功能',
      sortOrder: '排序'
    },
    companies: {
      name: '名称',
      mailingName: '邮寄名称',
      type: '类型',
      email: '电子邮箱',
      phone: '电话'
    },
    'audit-report': {
      day: '日期',
      resource: '资源',
      action: '操作',
      count: '写入次数'
    }
  },
  /** Names of coded values as the lists show them (`<resource>.<field>.<value>`; `common` for any resource's), for exports. */
  values: {
    common: {
      features: {
        TENDERS: '招标',
        HONGKONG_LAND_PROJECTS: '工程项目',
        TENANCY_RECORDS: '租户档案',
        TENANT_PROJECTS: '租户工程',
        WORK_PERMITS: '施工许可证',
        VENDOR_PERFORMANCE: '供应商表现',
        E_CIRCULAR: '电子通告',
        DIRECTORY: '大堂及楼层指示牌',
        GREEN_OPERATION: '绿色运营',
        GREEN_FIT_OUT: '绿色装修'
      },
      status: {
        DRAFT: '草稿',
        SUBMITTED: '已提交',
        WAPPR: '待审批',
        APPR: '已批准',
        REJECTED: '已驳回',
        CANCELLED: '已取消',
        COMPLETED: '已完成',
        ACTIVE: '有效',
        INACTIVE: '无效',
        ENABLED: '已启用',
        DISABLED: '已停用',
        LOCKED: '已锁定',
        INVITED: '已邀请',
        PENDING: '待处理',
        SENT: '已发送',
        FAILED: '失败',
        PUBLISHED: '已发布',
        SCHEDULED: '已排期',
        EXPIRED: '已过期'
      }
    },
    users: {
      userType: {
        '501': '员工管理员',
        '521': '员工用户',
        '561': '招标账号',
        '401': '供应商管理员',
        '421': '供应商用户',
        '441': '供应商临时用户',
        '461': '供应商招标账号',
        '601': '租户管理员',
        '621': '租户用户',
        '641': '租户工程用户',
        '661': '租户临时用户',
        '662': '租户承建商'
      },
      status: {
        INVITED: '已邀请',
        ACTIVE: '正常',
        LOCKED: '已锁定',
        DISABLED: '已停用'
      }
    },
    sites: {
      type: {
        PHYSICAL: '实体',
        VIRTUAL: '虚拟'
      }
    },
    companies: {
      type: { O: '其他 (O)', T: '租户 (T)', C: '承办商 (C)', D: 'D', PC: '物业顾问 (PC)' }
    },
    'security-groups': {
      domain: {
        CMS: '员工 / 供应商（CMS）',
        TMS: '租户（TMS）'
      }
    },
    'mail-messages': {
      status: {
        PENDING: '待发送',
        OUTBOX: '发件箱',
        SENT: '已发送',
        FAILED: '发送失败'
      }
    }
  },
  /** The words of a spreadsheet export around its columns: the filters sheet, who and when. */
  exports: {
    sheet: '列表',
    filtersSheet: '筛选条件',
    exportedBy: '导出人',
    exportedAt: '导出时间',
    region: '地区',
    rows: '行数',
    truncated: '仅包含前 {{count}} 行',
    noFilters: '无筛选条件（您可查看的全部记录）',
    contains: '包含“{{value}}”',
    startsWith: '以“{{value}}”开头',
    endsWith: '以“{{value}}”结尾',
    between: '{{from}} 至 {{to}}',
    from: '自 {{from}} 起',
    to: '至 {{to}}',
    anyOf: '{{values}} 之一',
    noneOf: '不是 {{values}}',
    not: '不是 {{value}}',
    empty: '为空',
    notEmpty: '不为空',
    search: '搜索',
    sortedBy: '排序',
    ascending: '升序',
    descending: '降序',
    yes: '是',
    no: '否',
    filter: '筛选条件',
    value: '值'
  },
  mail: {
    footer: '此邮件由 Estate Portal 系统自动发送，请勿直接回复。',
    hidden: '[已隐藏]',
    templates: {
      'account.invite': {
        label: '账户邀请',
        description: '管理员创建账户时发送：设置密码的链接。',
        subject: '您的 Estate Portal 账户',
        html: `<p>{{displayName}}，您好：</p>
<p>系统已为您创建 Estate Portal 账户，用户名为 <strong>{{username}}</strong>。</p>
<p>请通过以下链接设置密码：<a href="{{link}}">设置密码</a></p>
<p>如果链接无法打开，请将以下地址复制到浏览器中：<br>{{link}}</p>`,
        text: `{{displayName}}，您好：

系统已为您创建 Estate Portal 账户，用户名为 {{username}}。

请通过以下链接设置密码：{{link}}`
      },
      'account.unlock': {
        label: '解锁账户',
        description: '被锁定的账户申请解锁时发送：解锁链接。',
        subject: '您的 Estate Portal 账户已被锁定',
        html: `<p>{{displayName}}，您好：</p>
<p>由于多次登录失败，您的账户已被锁定。</p>
<p>请通过以下链接解锁：<a href="{{link}}">解锁账户</a></p>
<p>如果这些登录并非您本人操作，请联系管理员。</p>`,
        text: `{{displayName}}，您好：

由于多次登录失败，您的账户已被锁定。

请通过以下链接解锁：{{link}}

如果这些登录并非您本人操作，请联系管理员。`
      },
      'password.reset': {
        label: '重设密码',
        description: '用户申请重设密码时发送：重设链接。',
        subject: '重置您的 Estate Portal 密码',
        html: `<p>{{displayName}}，您好：</p>
<p>我们收到了重置您密码的请求。</p>
<p>请通过以下链接设置新密码：<a href="{{link}}">重置密码</a></p>
<p>如果这不是您本人的请求，请忽略此邮件，您的密码不会改变。</p>`,
        text: `{{displayName}}，您好：

我们收到了重置您密码的请求。

请通过以下链接设置新密码：{{link}}

如果这不是您本人的请求，请忽略此邮件，您的密码不会改变。`
      },
      'auth.code': {
        label: '登录验证码',
        description: '登录时发送的双重验证码。',
        subject: '您的 Estate Portal 验证码',
        html: `<p>{{displayName}}，您好：</p>
<p>您的验证码为：</p>
<p style="font-size: 24px; font-weight: bold; letter-spacing: 4px;">{{code}}</p>
<p>验证码 {{minutes}} 分钟内有效，请勿告诉他人。</p>`,
        text: `{{displayName}}，您好：

您的验证码为：{{code}}

验证码 {{minutes}} 分钟内有效，请勿告诉他人。`
      },
      'account.locked-by-admin': {
        label: '账户已锁定',
        description: '通知用户其账户已被管理员锁定。',
        subject: '您的 Estate Portal 账户已被锁定',
        html: `<p>{{displayName}}，您好：</p>
<p>管理员已锁定您的账户，解锁前您将无法登录。</p>
<p>如有疑问，请联系管理员。</p>`,
        text: `{{displayName}}，您好：

管理员已锁定您的账户，解锁前您将无法登录。

如有疑问，请联系管理员。`
      },
      'account.unlocked': {
        label: '账户已解锁',
        description: '通知用户其账户已重新解锁。',
        subject: '您的 Estate Portal 账户已解锁',
        html: `<p>{{displayName}}，您好：</p>
<p>您的账户已解锁，现在可以重新登录。</p>`,
        text: `{{displayName}}，您好：

您的账户已解锁，现在可以重新登录。`
      }
    }
  }
}

export default catalogue
