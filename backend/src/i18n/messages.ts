import i18next, { type i18n } from 'i18next'
import { languages, pickLanguage, type Language } from './languages.js'
import type { ModuleManifest } from '../modules/manifest.js'
import { serverModules } from '../modules/registry.js'
import platformEnUS, { type PlatformCatalogue } from './locales/en-US.js'
import platformZhCN from './locales/zh-CN.js'
import { screenValueLabels } from './screen-labels.js'

export { languages, pickLanguage, type Language }

// Server messages by machine code, in both languages: the platform's in its catalogue
// (locales/<language>.ts, part `errors`), each module's in its own (its manifest's `messages`,
// part `errors`), merged here into one i18next instance.
// The client shows its own catalogue by operation and status; these are for API users and for
// codes the catalogue does not know.

type Catalogue = Record<string, string>

/** What the platform says (locales/<language>.ts): its error messages, column labels, mails. */
const platformLocales = { 'en-US': platformEnUS, 'zh-CN': platformZhCN }

type FieldLabels = Readonly<Record<string, Readonly<Record<string, string>>>>

/** Column labels by `<resource>.<field>`: the platform's and every module's, each resource named by one. */
function fieldLabels(language: Language, modules: readonly ModuleManifest[]): Catalogue {
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

/**
 * Names of coded values by `<resource>.<field>.<value>`: the platform's and every module's, and
 * the shared codes the screens name (audited resources and actions, regions, a setting's source: screen-labels.ts).
 */
function valueLabels(language: Language, modules: readonly ModuleManifest[]): Catalogue {
  const labels: Catalogue = {}
  const parts: Array<ValueLabels | undefined> = [
    platformLocales[language].values,
    ...modules.map((module) => module.messages?.[language]?.values as ValueLabels | undefined),
    screenValueLabels(
      language,
      modules.map((module) => module.name)
    )
  ]
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

/** The platform's codes and every installed module's, per language; a code given twice is a mistake, not an override. Built on first use. */
function messages(): i18n {
  if (server) return server
  const modules = serverModules()
  const resources = Object.fromEntries(
    languages.map((language) => {
      const errors: Catalogue = { ...platformLocales[language].errors }
      for (const module of modules) {
        for (const [code, text] of Object.entries((module.messages?.[language]?.errors ?? {}) as Catalogue)) {
          if (code in errors) throw new Error(`Message ${code} of module ${module.name} is given twice`)
          errors[code] = text
        }
      }
      return [language, { errors, fields: fieldLabels(language, modules), values: valueLabels(language, modules), exports: platformLocales[language].exports }]
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
