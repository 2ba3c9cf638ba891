import { languages, pickLanguage, type Language } from '../i18n/messages.js'
import { modules } from '../modules/index.js'
import { platformTemplates } from './templates/platform.js'

/** One language of a template: `{{name}}` (or `{{a.b}}`) marks a variable. */
export interface MailTemplate {
  subject: string
  /** The body inside the common layout; values are HTML-escaped when filled in. */
  html: string
  text: string
}

export type LocalizedTemplate = Record<Language, MailTemplate>

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

/** Templates of a module, keyed by template name, each in both languages. */
export type TemplateSet = { [K in MailTemplateName]?: LocalizedTemplate }

/** A module's templates, checked against their names: `export const tenderTemplates = defineTemplates({...})`. */
export function defineTemplates<T extends TemplateSet>(set: T): T {
  return set
}

const registry = new Map<string, LocalizedTemplate>()
let modulesRegistered = false

/** The registry with every module's templates (their manifests' `mailTemplates`), added on first use. */
function templates() {
  if (!modulesRegistered) {
    modulesRegistered = true
    for (const module of modules) if (module.mailTemplates) registerTemplates(module.mailTemplates)
  }
  return registry
}

/** Adds a set of templates; the platform adds the modules' from their manifests. */
export function registerTemplates(set: TemplateSet) {
  for (const [name, template] of Object.entries(set)) {
    if (!template) continue
    if (registry.has(name) && registry.get(name) !== template) throw new Error(`Mail template ${name} is registered twice`)
    for (const language of languages) {
      if (!template[language]) throw new Error(`Mail template ${name} has no ${language} version`)
    }
    registry.set(name, template)
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

function lookup(data: Record<string, unknown>, path: string): unknown {
  let value: unknown = data
  for (const key of path.split('.')) {
    if (value == null || typeof value !== 'object') return undefined
    value = (value as Record<string, unknown>)[key]
  }
  return value
}

function fill(template: string, data: Record<string, unknown>, encode: (value: unknown) => string, name: string) {
  return template.replace(/\{\{\s*([\w.-]+)\s*\}\}/g, (_, path: string) => {
    const value = lookup(data, path)
    // A mail with "{{link}}" in it is worse than no mail: the caller forgot something.
    if (value === undefined || value === null) throw new Error(`Mail template ${name} needs the value ${path}`)
    return encode(value instanceof Date ? value.toISOString() : value)
  })
}

const footer: Record<Language, string> = {
  'en-US': 'This e-mail was sent automatically by Estate Portal. Please do not reply to it.',
  'zh-CN': '此邮件由 Estate Portal 系统自动发送，请勿直接回复。'
}

function layout(language: Language, subject: string, body: string) {
  return `<!DOCTYPE html>
<html lang="${language}">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family: Arial, 'Microsoft YaHei', sans-serif; font-size: 14px; color: #222;">
${body}
<hr style="border: none; border-top: 1px solid #ddd; margin-top: 24px;">
<p style="color: #888; font-size: 12px;">${escapeHtml(footer[language])}</p>
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

const hidden: Record<Language, string> = { 'en-US': '[hidden]', 'zh-CN': '[已隐藏]' }

/** The mail as a reader without the right to its secrets sees it, or null when it has none. */
export function renderRedacted(name: string, language: Language | string, data: Record<string, unknown> = {}): RenderedMail | null {
  const fields = secretValues.get(name)
  if (!fields?.length) return null
  const placeholder = hidden[pickLanguage(language)]
  return renderTemplate(name, language, { ...data, ...Object.fromEntries(fields.map((field) => [field, placeholder])) })
}

export interface RenderedMail {
  subject: string
  html: string
  text: string
}

/** A template in a language with the data filled in; throws for an unknown template or a missing value. */
export function renderTemplate(name: string, language: Language | string, data: Record<string, unknown> = {}): RenderedMail {
  const template = templates().get(name)
  if (!template) throw new Error(`There is no mail template ${name}`)
  const lang = pickLanguage(language)
  const { subject, html, text } = template[lang]
  const plain = (value: unknown) => String(value)
  // A header is one line, whatever the data holds.
  const filledSubject = fill(subject, data, plain, name).replace(/\s+/g, ' ').trim()
  return {
    subject: filledSubject,
    html: layout(lang, filledSubject, fill(html, data, escapeHtml, name)),
    text: `${fill(text, data, plain, name).trim()}\n\n--\n${footer[lang]}\n`
  }
}

registerTemplates(platformTemplates)
