// Server messages by machine code, in both languages. The client shows its own catalogue by
// operation and status; these are for API users and for codes the catalogue does not know.
export const languages = ['en-US', 'zh-CN'] as const
export type Language = (typeof languages)[number]

type Catalogue = Record<string, string>

const enUS: Catalogue = {
  BAD_REQUEST: 'Invalid data.',
  VALIDATION_FAILED: 'Invalid data: {{details}}',
  INVALID_QUERY: 'This filter or sort is not allowed: {{details}}',
  LIMIT_TOO_LARGE: 'At most {{max}} records can be read at a time.',
  NOT_AUTHENTICATED: 'Please log in.',
  INVALID_LOGIN: 'Invalid username or password.',
  SESSION_EXPIRED: 'Session expired, please log in again.',
  ACCOUNT_LOCKED: 'The account is locked. Please contact the administrator or unlock it from the link sent by e-mail.',
  ACCOUNT_DISABLED: 'The account is disabled. Please contact the administrator.',
  PASSWORD_EXPIRED: 'Your password has expired. Please set a new password.',
  PASSWORD_PATTERN: 'The password needs at least 8 characters with 3 of these 4 kinds: digits, upper-case letters, lower-case letters, symbols.',
  PASSWORD_REUSED: 'Please enter a new password.',
  PASSWORD_WRONG: 'The current password is not correct.',
  LINK_EXPIRED: 'The link has expired.',
  TWO_FACTOR_REQUIRED: 'An authentication code was sent to your e-mail.',
  CODE_WRONG: 'The authentication code is wrong.',
  CODE_EXPIRED: 'The authentication code has expired.',
  CODE_LOCKED: 'Too many wrong codes. Please log in again.',
  CODE_RESEND_TOO_SOON: 'Please wait {{seconds}} seconds before asking for a new code.',
  SSO_FAILED: 'Directory sign-in failed. Please try again or contact the administrator.',
  FORBIDDEN: 'You do not have permission for this operation.',
  PERMISSION_UPDATED: 'Your permissions have been updated. Please log in again.',
  REGION_FORBIDDEN: 'You are not authorised for the region {{region}}.',
  REGION_UNKNOWN: 'There is no region {{region}}.',
  FEATURE_DISABLED: 'This function is not available in this region.',
  NOT_FOUND: 'The link or URL is no longer valid.',
  TIMEOUT: 'The request timed out.',
  DUPLICATE: 'Duplicate data cannot be saved.',
  STALE_WRITE: 'The record was updated by another user. Please refresh and retry.',
  UPDATED_AT_REQUIRED: 'The save must carry the version (updatedAt) it was made from.',
  EDIT_LOCKED: 'This record is being edited by {{username}}.',
  MAIL_FAILED: 'E-mail notification failed. Please retry.',
  NO_RECIPIENTS: 'There are no e-mail recipients.',
  FILE_TOO_LARGE: 'The file {{name}} is larger than {{max}} MB.',
  FILE_TYPE: 'The type of {{name}} is not allowed (allowed: {{types}}).',
  FILE_COUNT: 'At most {{max}} files can be uploaded at once.',
  FILE_MISSING: 'No file was uploaded.',
  INVALID_TRANSITION: 'This action is not possible in status {{status}}.',
  PHYSICAL_SITE_TAKEN: 'Building {{building}} already belongs to a physical site.',
  IN_USE: 'This record is still used by {{by}} and cannot be removed.',
  SYSTEM_ERROR: 'Invalid response from server. Please contact the administrator.',
  PR_NOT_FOUND: 'Purchase request {{prNumber}} was not found.',
  SITE_INVALID: 'The site code of the purchase request is not valid.',
  SITE_NO_DEPARTMENT: 'The site of the purchase request is not assigned to a department.',
  THRESHOLD_TENDER: 'The purchase request amount does not match the type Tender (it must be above the department threshold).',
  THRESHOLD_ITQ: 'The purchase request amount does not match the type ITQ (it must be at or below the department threshold).',
  PR_IN_USE: 'PR number {{prNumber}} is already used by another tender.',
  PR_SITE_FORBIDDEN: 'You are not allowed to view this purchase request.',
  MISSING_FIELDS: 'Mandatory fields are missing in: {{sections}}.',
  CLOSING_TOO_EARLY: 'The closing date must be at least {{days}} working days ahead.',
  TENDER_CLOSED: 'The tender has closed; the bid can no longer be changed.',
  INVALID_DISCOUNT: 'A discount cannot be negative.',
  INVALID_NUMBER: 'Please enter a number.',
  PO_TOO_SHORT: 'The purchase order number must have at least {{min}} characters.',
  VENDOR_MISMATCH: 'The vendor does not match the awarded vendor of the tender.',
  TENDER_MISMATCH: 'The tender does not match: it must exist in this region and be awarded.',
  SITE_MISMATCH: 'The site does not match the site of the tender.',
  TOTAL_MISMATCH: 'The total amount {{amount}} does not equal the final amount {{finalAmount}}.',
  RECOMMENDATION_REQUIRED: 'Please choose a recommended vendor before awarding.',
  RECOMMENDATION_INVALID: 'The recommended bid must be a submitted bid of this tender.',
  QUERY_CLOSED: 'The query has closed; it can no longer be answered.',
  REPRESENTATIVE_INVALID: 'The tender representative {{username}} is not a valid system user.',
  TENDER_SEALED: 'The bids are sealed until the tender is opened for review.'
}

const zhCN: Catalogue = {
  BAD_REQUEST: '数据无效。',
  VALIDATION_FAILED: '数据无效：{{details}}',
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
  SSO_FAILED: '目录登录失败，请重试或联系管理员。',
  FORBIDDEN: '您没有执行此操作的权限。',
  PERMISSION_UPDATED: '您的权限已更新，请重新登录。',
  REGION_FORBIDDEN: '您未获授权访问区域 {{region}}。',
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
  FILE_COUNT: '每次最多上传 {{max}} 个文件。',
  FILE_MISSING: '没有上传文件。',
  INVALID_TRANSITION: '状态为 {{status}} 时无法执行此操作。',
  PHYSICAL_SITE_TAKEN: '大厦 {{building}} 已属于一个实体场地。',
  IN_USE: '此记录仍被 {{by}} 使用，无法删除。',
  SYSTEM_ERROR: '服务器响应无效，请联系管理员。',
  PR_NOT_FOUND: '找不到采购申请 {{prNumber}}。',
  SITE_INVALID: '采购申请的场地代码无效。',
  SITE_NO_DEPARTMENT: '采购申请的场地未分配给任何部门。',
  THRESHOLD_TENDER: '采购申请金额与招标类型不符（必须高于部门限额）。',
  THRESHOLD_ITQ: '采购申请金额与询价（ITQ）类型不符（必须不高于部门限额）。',
  PR_IN_USE: '采购申请编号 {{prNumber}} 已被其他招标使用。',
  PR_SITE_FORBIDDEN: '您无权查看此采购申请。',
  MISSING_FIELDS: '以下部分缺少必填字段：{{sections}}。',
  CLOSING_TOO_EARLY: '截标日期必须至少在 {{days}} 个工作日之后。',
  TENDER_CLOSED: '招标已截止，投标书不能再修改。',
  INVALID_DISCOUNT: '折扣不能为负数。',
  INVALID_NUMBER: '请输入数字。',
  PO_TOO_SHORT: '采购订单编号至少需要 {{min}} 个字符。',
  VENDOR_MISMATCH: '供应商与招标的中标供应商不符。',
  TENDER_MISMATCH: '招标不符：招标必须属于本区域且已授标。',
  SITE_MISMATCH: '场地与招标的场地不符。',
  TOTAL_MISMATCH: '总金额 {{amount}} 与最终金额 {{finalAmount}} 不相等。',
  RECOMMENDATION_REQUIRED: '授标前请选择推荐的供应商。',
  RECOMMENDATION_INVALID: '推荐的投标书必须是本招标已提交的投标书。',
  QUERY_CLOSED: '澄清问题已截止，不能再回复。',
  REPRESENTATIVE_INVALID: '招标代表 {{username}} 不是有效的系统用户。',
  TENDER_SEALED: '招标开标评审前，投标保持密封。'
}

const catalogues: Record<Language, Catalogue> = { 'en-US': enUS, 'zh-CN': zhCN }

export function pickLanguage(header?: string | null): Language {
  if (header && /^zh/i.test(header.trim())) return 'zh-CN'
  return 'en-US'
}

export function translate(language: Language, code: string, vars: Record<string, unknown> = {}): string | undefined {
  const template = catalogues[language][code] ?? catalogues['en-US'][code]
  return template?.replace(/\{\{(\w+)\}\}/g, (_, name) => String(vars[name] ?? ''))
}

export function hasMessage(code: string) {
  return code in enUS
}
