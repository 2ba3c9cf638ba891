import i18next, { type i18n } from 'i18next'
// First: the languages load before the modules, whose files use them while they load.
import { languages, pickLanguage, type Language } from './languages.js'
import { modules } from '../modules/index.js'
import platformEnUS, { type PlatformCatalogue } from './locales/en-US.js'
import platformZhCN from './locales/zh-CN.js'

export { languages, pickLanguage, type Language }

// Server messages by machine code, in both languages: the platform's below, each module's in its
// catalogue (its manifest's `messages`, part `errors`), merged here into one i18next instance.
// The client shows its own catalogue by operation and status; these are for API users and for
// codes the catalogue does not know.

type Catalogue = Record<string, string>

const enUS: Catalogue = {
  BAD_REQUEST: 'Invalid data.',
  VALIDATION_FAILED: 'Invalid data: {{details}}',
  REFERENCE_INVALID: 'Invalid data: {{field}} names a record that does not exist or that you may not use.',
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
  TOO_MANY_ATTEMPTS: 'Too many attempts. Please try again in {{retryAfterSeconds}} seconds.',
  SSO_FAILED: 'Directory sign-in failed. Please try again or contact the administrator.',
  FORBIDDEN: 'You do not have permission for this operation.',
  PERMISSION_UPDATED: 'Your permissions have been updated. Please log in again.',
  REGION_FORBIDDEN: 'You are not authorised for the region {{region}}.',
  FIELD_FORBIDDEN: 'You are not allowed to set {{field}} of this record.',
  GROUP_INVALID: 'Security group {{groupId}} does not exist or cannot be given to this account in region {{region}}.',
  SUB_ACCOUNT_LIMIT: 'The company already has the most sub-accounts allowed ({{limit}}).',
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
  FILE_EMPTY: 'The file {{name}} is empty.',
  BODY_TOO_LARGE: 'The request is too large.',
  INVALID_BODY: 'The request body is not valid: {{details}}',
  UNSUPPORTED_MEDIA_TYPE: 'This request cannot take a body of type {{type}}.',
  INVALID_VALUE: 'A value is not valid for its field: {{details}}',
  INVALID_REFERENCE: 'A referenced record does not exist: {{details}}',
  INVALID_TRANSITION: 'This action is not possible in status {{status}}.',
  PHYSICAL_SITE_TAKEN: 'Building {{building}} already belongs to a physical site.',
  IN_USE: 'This record is still used by {{by}} and cannot be removed.',
  SYSTEM_ERROR: 'Invalid response from server. Please contact the administrator.'
}

const zhCN: Catalogue = {
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
  FILE_EMPTY: '文件 {{name}} 是空的。',
  BODY_TOO_LARGE: '请求过大。',
  INVALID_BODY: '请求内容无效：{{details}}',
  UNSUPPORTED_MEDIA_TYPE: '此请求不接受 {{type}} 类型的内容。',
  INVALID_VALUE: '某个值不符合其字段：{{details}}',
  INVALID_REFERENCE: '引用的记录不存在：{{details}}',
  INVALID_TRANSITION: '状态为 {{status}} 时无法执行此操作。',
  PHYSICAL_SITE_TAKEN: '大厦 {{building}} 已属于一个实体场地。',
  IN_USE: '此记录仍被 {{by}} 使用，无法删除。',
  SYSTEM_ERROR: '服务器响应无效，请联系管理员。'
}

const platformCatalogues: Record<Language, Catalogue> = { 'en-US': enUS, 'zh-CN': zhCN }
/** The rest of what the platform says (locales/<language>.ts): column labels, mails. */
const platformLocales = { 'en-US': platformEnUS, 'zh-CN': platformZhCN }

type FieldLabels = Readonly<Record<string, Readonly<Record<string, string>>>>

/** Column labels by `<resource>.<field>`: the platform's and every module's, each resource named by one. */
function fieldLabels(language: Language): Catalogue {
  const labels: Catalogue = {}
  const parts: Array<[string, FieldLabels | undefined]> = [
    ['platform', platformLocales[language].fields],
    ...modules.map((module) => [module.name, module.messages?.[language]?.fields as FieldLabels | undefined] as [string, FieldLabels | undefined])
  ]
  for (const [owner, fields] of parts) {
    for (const [resource, byField] of Object.entries(fields ?? {})) {
      for (const [field, label] of Object.entries(byField)) {
        if (`${resource}.${field}` in labels) throw new Error(`Label ${resource}.${field} of ${owner} is given twice`)
        labels[`${resource}.${field}`] = label
      }
    }
  }
  return labels
}

type ValueLabels = Readonly<Record<string, Readonly<Record<string, Readonly<Record<string, string>>>>>>

/** Names of coded values by `<resource>.<field>.<value>`: the platform's and every module's. */
function valueLabels(language: Language): Catalogue {
  const labels: Catalogue = {}
  const parts: Array<ValueLabels | undefined> = [platformLocales[language].values, ...modules.map((module) => module.messages?.[language]?.values as ValueLabels | undefined)]
  for (const values of parts) {
    for (const [resource, byField] of Object.entries(values ?? {})) {
      for (const [field, byValue] of Object.entries(byField)) {
        for (const [value, label] of Object.entries(byValue)) labels[`${resource}.${field}.${value}`] = label
      }
    }
  }
  return labels
}

let server: i18n | undefined

/** The platform's codes and every module's, per language; a code given twice is a mistake, not an override. Built on first use, once every module is loaded. */
function messages(): i18n {
  if (server) return server
  const resources = Object.fromEntries(
    languages.map((language) => {
      const errors: Catalogue = { ...platformCatalogues[language] }
      for (const module of modules) {
        for (const [code, text] of Object.entries((module.messages?.[language]?.errors ?? {}) as Catalogue)) {
          if (code in errors) throw new Error(`Message ${code} of module ${module.name} is given twice`)
          errors[code] = text
        }
      }
      return [language, { errors, fields: fieldLabels(language), values: valueLabels(language), exports: platformLocales[language].exports }]
    })
  )
  const instance = i18next.createInstance()
  // Codes are plain keys (no nesting, no namespaces in them); values go in as they are (the
  // answers are JSON, not HTML) and a value not given prints as nothing.
  instance.init({
    resources,
    lng: 'en-US',
    fallbackLng: 'en-US',
    supportedLngs: [...languages],
    // errors: the codes above and the modules'; fields: column labels; mail: the templates,
    // added by mail/templates.ts; values: names of coded values; exports: a spreadsheet's words.
    ns: ['errors', 'fields', 'mail', 'values', 'exports'],
    defaultNS: 'errors',
    keySeparator: false,
    nsSeparator: false,
    initAsync: false,
    interpolation: { escapeValue: false },
    missingInterpolationHandler: () => ''
  })
  return (server = instance)
}

/** The server's i18next: error messages (`errors`) and mails (`mail`) in every language. */
export function serverI18n(): i18n {
  return messages()
}

export function translate(language: Language, code: string, vars: Record<string, unknown> = {}): string | undefined {
  if (!hasMessage(code)) return undefined
  return messages().t(code, { lng: language, replace: vars })
}

/** A column's label for people: the resource's own (its module's catalogue), else the platform's `common` one, else the field's name. */
export function fieldLabel(language: Language, resource: string, field: string): string {
  const i18n = messages()
  for (const key of [`${resource}.${field}`, `common.${field}`]) {
    if (i18n.exists(key, { ns: 'fields', lng: language })) return i18n.t(key, { ns: 'fields', lng: language })
  }
  return field
}

/** The name of a coded value (a status, a type) as the lists show it: the resource's own, else the `common` one; undefined when there is none. */
export function valueLabel(language: Language, resource: string, field: string, value: unknown): string | undefined {
  const i18n = messages()
  for (const key of [`${resource}.${field}.${String(value)}`, `common.${field}.${String(value)}`]) {
    if (i18n.exists(key, { ns: 'values', lng: language })) return i18n.t(key, { ns: 'values', lng: language })
  }
  return undefined
}

/** A word of a spreadsheet export (the filters sheet, who exported it and when). */
export function exportWord(language: Language, key: keyof PlatformCatalogue['exports'], vars: Record<string, unknown> = {}): string {
  return messages().t(key, { ns: 'exports', lng: language, replace: vars })
}

export function hasMessage(code: string) {
  return Boolean(code) && messages().exists(code, { lng: 'en-US' })
}

/** Every server message code with its en-US text: the API document lists them. */
export function errorCatalogue(): Record<string, string> {
  return { ...(messages().getResourceBundle('en-US', 'errors') as Record<string, string>) }
}
