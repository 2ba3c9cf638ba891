import { languages, pickLanguage, serverI18n, type Language } from '../i18n/messages.js'
import { serverModules } from '../modules/registry.js'
import enUS from '../i18n/locales/en-US.js'
import zhCN from '../i18n/locales/zh-CN.js'

/**
 * One template in one language, as a catalogue gives it (the platform's `mail.templates`, a
 * module's `mail`): `{{name}}` (or `{{a.b}}`) marks a value of the mail's data. Without `html`, the
 * HTML part is the text's paragraphs.
 */
export interface MailText {
  /** What the template is called and when it is sent, for the administrators' template screen. */
  label?: string
  description?: string
  subject: string
  /** The body inside the common layout; values are HTML-escaped when filled in. */
  html?: string
  text: string
}

export type MailTemplate = Required<Pick<MailText, 'subject' | 'html' | 'text'>>

export type LocalizedTemplate = Record<Language, MailText>

/**
 * The variables each template needs. A module adds its templates' variables here with
 * declaration merging (`declare module '../../mail/templates.js' { interface MailTemplateData {...} }`),
 * so `mailer.enqueue` checks the data at compile time.
 */
export interface MailTemplateData {
  'account.invite': { displayName: string; username: string; link: string }
  'account.unlock': { displayName: string; link: string }
  'password.reset': { displayName: string; link: string }
  'auth.code': { displayName: string; code: string; minutes: number }
  'account.locked-by-admin': { displayName: string }
  'account.unlocked': { displayName: string }
}

export type MailTemplateName = keyof MailTemplateData & string

/**
 * The names a template's text may use for a template's data: each key, and for a value worded
 * in every language (`{ 'en-US': ..., 'zh-CN': ... }`) the key with the language (`result.en-US`).
 */
export type MailFieldName<T> = { [K in keyof T & string]: T[K] extends Readonly<Record<Language, string>> ? `${K}.${Language}` : K }[keyof T & string]

type Missing<F, K> = K extends MailTemplateName ? Exclude<MailFieldName<MailTemplateData[K]>, F extends readonly (infer N)[] ? N : never> : never

/**
 * The fields of templates at run time (the administrators' template screen shows them and a saved
 * text may use only them), written once beside the templates' `MailTemplateData`: the compiler
 * refuses a name the data does not have and a list that leaves one out.
 */
export function mailFields<const F extends { readonly [K in keyof F]: K extends MailTemplateName ? readonly MailFieldName<MailTemplateData[K]>[] : never }>(
  fields: F & { readonly [K in keyof F]: [Missing<F[K], K>] extends [never] ? unknown : { missing: Missing<F[K], K> } }
): Readonly<Record<string, readonly string[]>> {
  return fields as Readonly<Record<string, readonly string[]>>
}

/** The platform's templates' fields (a module gives its own in its manifest's `mailFields`). */
export const platformMailFields = mailFields({
  'account.invite': ['displayName', 'username', 'link'],
  'account.unlock': ['displayName', 'link'],
  'password.reset': ['displayName', 'link'],
  'auth.code': ['displayName', 'code', 'minutes'],
  'account.locked-by-admin': ['displayName'],
  'account.unlocked': ['displayName']
})

let fieldRegistry: Map<string, readonly string[]> | undefined

/** The fields a template's text may use: the platform's and every module's lists. */
export function templateFields(name: string): readonly string[] {
  fieldRegistry ??= new Map(Object.entries(Object.assign({}, platformMailFields, ...serverModules().map((module) => module.mailFields ?? {}))))
  return fieldRegistry.get(name) ?? []
}

/** Templates keyed by name, each in every language. */
export type TemplateSet = { [K in MailTemplateName]?: LocalizedTemplate }

/** The templates of catalogues by language (`{ 'en-US': catalogue.mail, ... }`) as one set, by name. */
export function templatesOf(byLanguage: Partial<Record<Language, Readonly<Record<string, MailText>> | undefined>>): Record<string, Partial<LocalizedTemplate>> {
  const set: Record<string, Partial<LocalizedTemplate>> = {}
  for (const language of languages) {
    for (const [name, text] of Object.entries(byLanguage[language] ?? {})) (set[name] ??= {})[language] = text
  }
  return set
}

/** The platform's templates (accounts and login), from its catalogues. */
export const platformTemplates = templatesOf({ 'en-US': enUS.mail.templates, 'zh-CN': zhCN.mail.templates }) as TemplateSet

const registry = new Map<string, LocalizedTemplate>()
let modulesRegistered = false

/** The registry with the platform's and every module's templates (their catalogues' `mail`), added on first use. */
function templates() {
  if (!modulesRegistered) {
    modulesRegistered = true
    const i18n = serverI18n()
    for (const [language, catalogue] of [
      ['en-US', enUS],
      ['zh-CN', zhCN]
    ] as const) {
      i18n.addResources(language, 'mail', { footer: catalogue.mail.footer, hidden: catalogue.mail.hidden })
    }
    registerTemplates(platformTemplates)
    for (const module of serverModules()) {
      if (!module.messages) continue
      const set = templatesOf(Object.fromEntries(languages.map((language) => [language, module.messages?.[language]?.mail])))
      registerTemplates(set as TemplateSet)
    }
  }
  return registry
}

/** The HTML of a text: its paragraphs, lines broken as in the text. */
function paragraphs(text: string) {
  return text
    .split('\n\n')
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('\n')
}

/** Adds a set of templates to the server's i18next (namespace `mail`, keys `<name>.subject|html|text`). */
export function registerTemplates(set: TemplateSet) {
  if (!modulesRegistered) templates()
  for (const [name, template] of Object.entries(set)) {
    if (!template) continue
    if (registry.has(name) && registry.get(name) !== template) throw new Error(`Mail template ${name} is registered twice`)
    for (const language of languages) {
      if (!template[language]) throw new Error(`Mail template ${name} has no ${language} version`)
    }
    registry.set(name, template)
    const i18n = serverI18n()
    for (const language of languages) {
      const { subject, text, html = paragraphs(text) } = template[language]
      i18n.addResources(language, 'mail', { [`${name}.subject`]: subject, [`${name}.html`]: html, [`${name}.text`]: text })
    }
  }
}

export function hasTemplate(name: string) {
  return templates().has(name)
}

export function templateNames(): string[] {
  return [...templates().keys()].sort()
}

const htmlEntities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

export function escapeHtml(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (char) => htmlEntities[char])
}

/** The values as the mail prints them: instants in ISO form; an empty value is a missing one. */
function printable(value: unknown): unknown {
  if (value === null) return undefined
  if (value instanceof Date) return value.toISOString()
  if (Array.isArray(value)) return value.map(printable)
  if (typeof value === 'object') return Object.fromEntries(Object.entries(value as object).map(([key, item]) => [key, printable(item)]))
  return value
}

/**
 * An administrator's saved text of a template (mail-template-versions): the subject and the body
 * as plain text, placeholders checked on save (template-text.shared.ts); the HTML part is the body's
 * paragraphs, the text itself escaped, so neither the text nor a value brings HTML of its own.
 */
export interface SavedText {
  subject: string
  body: string
}

/**
 * One part of a template in a language, its values filled in by the server's i18next: the
 * catalogue's text, or a saved text given as the default of a key no catalogue has.
 */
function fill(name: string, part: keyof MailTemplate, language: Language, data: Record<string, unknown>, encode?: (value: string) => string, saved?: SavedText) {
  const own = saved && (part === 'subject' ? saved.subject : part === 'text' ? saved.body : paragraphs(saved.body))
  return serverI18n().t(own === undefined ? `${name}.${part}` : '@saved-text', {
    ns: 'mail',
    lng: language,
    ...(own === undefined ? {} : { defaultValue: own }),
    replace: printable(data) as Record<string, unknown>,
    // A value is never read as a `$t(...)` of the catalogue.
    nest: false,
    interpolation: { escapeValue: Boolean(encode), escape: encode ?? ((value: string) => value) },
    // A mail with "{{link}}" in it is worse than no mail: the caller forgot something.
    missingInterpolationHandler: (_text: string, match: RegExpExecArray) => {
      throw new Error(`Mail template ${name} needs the value ${match[1].trim()}`)
    }
  } as any) as string
}

/** The line under every mail, in its language. */
const footer = (language: Language) => serverI18n().t('footer', { ns: 'mail', lng: language })

function layout(language: Language, subject: string, body: string) {
  return `<!DOCTYPE html>
<html lang="${language}">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family: Arial, 'Microsoft YaHei', sans-serif; font-size: 14px; color: #222;">
${body}
<hr style="border: none; border-top: 1px solid #ddd; margin-top: 24px;">
<p style="color: #888; font-size: 12px;">${escapeHtml(footer(language))}</p>
</body>
</html>
`
}

/**
 * The values of a template that open an account (set-password and unlock links, two-factor
 * codes). The outbox shows them only to readers who may unlock accounts (mail-messages); others
 * read the same mail with these values hidden. A module with such a template adds it here.
 */
const secretValues = new Map<string, readonly string[]>([
  ['account.invite', ['link']],
  ['account.unlock', ['link']],
  ['password.reset', ['link']],
  ['auth.code', ['code']]
])

export function registerSecretValues(name: MailTemplateName, fields: readonly string[]) {
  secretValues.set(name, fields)
}

/** The mail as a reader without the right to its secrets sees it, or null when it has none. */
export function renderRedacted(name: string, language: Language | string, data: Record<string, unknown> = {}, saved?: SavedText): RenderedMail | null {
  const fields = secretValues.get(name)
  if (!fields?.length) return null
  const placeholder = serverI18n().t('hidden', { ns: 'mail', lng: pickLanguage(language) })
  return renderTemplate(name, language, { ...data, ...Object.fromEntries(fields.map((field) => [field, placeholder])) }, saved)
}

export interface RenderedMail {
  subject: string
  html: string
  text: string
}

/** A template in a language (its saved text when given) with the data filled in; throws for an unknown template or a missing value. */
export function renderTemplate(name: string, language: Language | string, data: Record<string, unknown> = {}, saved?: SavedText): RenderedMail {
  const template = templates().get(name)
  if (!template) throw new Error(`There is no mail template ${name}`)
  const lang = pickLanguage(language)
  // A header is one line, whatever the data holds.
  const subject = fill(name, 'subject', lang, data, undefined, saved).replace(/\s+/g, ' ').trim()
  return {
    subject,
    html: layout(lang, subject, fill(name, 'html', lang, data, escapeHtml, saved)),
    text: `${fill(name, 'text', lang, data, undefined, saved).trim()}\n\n--\n${footer(lang)}\n`
  }
}

/** A template's catalogue text in a language, as an administrator edits it (subject and plain body), with its label and description. */
export function catalogueTemplate(name: string, language: Language): { label: string; description: string; subject: string; body: string } | undefined {
  const template = templates().get(name)?.[language]
  if (!template) return undefined
  return { label: template.label ?? name, description: template.description ?? '', subject: template.subject, body: template.text }
}
