import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { Language } from './languages.js'

/*
 * Names the screens give shared codes are kept once, in the browser's catalogues, and the exports
 * read the same files here, so a spreadsheet names a value exactly as the screen does:
 * - permission resources, actions and audited writes: `permissions.json` (resources by Feathers
 *   path, actions by name) and `audit-log.json` `actions` (a security event's own name, by
 *   resource and method), the platform's and each module's, as the audit log and report screens
 *   read them (frontend/src/components/security-groups/labels.ts);
 * - regions by code (`regions.json` `names`, as providers/regions.ts `regionLabel` shows them), and
 *   a setting's source, a region or the built-in default (`settings.json` `sources`).
 */

const frontend = path.resolve(import.meta.dirname, '../../../frontend/src')

type Catalogue = Record<string, unknown>

function catalogue(folder: string, language: Language, namespace: string): Catalogue {
  const file = path.join(frontend, folder, 'locales', language, `${namespace}.json`)
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {}
}

const texts = (value: unknown): Array<[string, string]> => Object.entries((value ?? {}) as Record<string, unknown>).filter((entry): entry is [string, string] => typeof entry[1] === 'string')

/**
 * `resource` and `auditAction` names of one language (the `common` values of an export), the
 * platform's first: as in the browser, a name given twice keeps the first one's text.
 */
function auditValueLabels(language: Language, moduleNames: readonly string[]): { resource: Record<string, string>; auditAction: Record<string, string> } {
  const resource: Record<string, string> = {}
  const auditAction: Record<string, string> = {}
  for (const folder of ['.', ...moduleNames.map((name) => path.join('modules', name))]) {
    const permissions = catalogue(folder, language, 'permissions')
    for (const [key, label] of texts(permissions.resources)) resource[key] ??= label
    for (const [key, label] of texts(permissions.actions)) auditAction[key] ??= label
    const events = (catalogue(folder, language, 'audit-log').actions ?? {}) as Record<string, unknown>
    for (const [service, byMethod] of Object.entries(events)) for (const [method, label] of texts(byMethod)) auditAction[`${service}.${method}`] ??= label
  }
  return { resource, auditAction }
}

/** The coded values of one language that the screens name (`<resource>.<field>.<value>`, `common` for any resource's). */
export function screenValueLabels(language: Language, moduleNames: readonly string[]): Record<string, Record<string, Record<string, string>>> {
  const region = Object.fromEntries(texts(catalogue('.', language, 'regions').names))
  return {
    common: { ...auditValueLabels(language, moduleNames), region },
    settings: { source: Object.fromEntries(texts(catalogue('.', language, 'settings').sources)) }
  }
}
