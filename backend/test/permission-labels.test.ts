import { readFileSync, existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import knexFactory from 'knex'
import { afterAll, describe, expect, it } from 'vitest'
import { languages } from '../src/i18n/messages.js'
import { createApp } from '../src/app.js'
import { serviceOptions } from '../src/service-options.js'
import { buildPermissionCatalogue } from '../src/abilities/permission-catalogue.shared.js'
import { securityActions } from '../src/auth/security-events.js'
import { sharedModules } from '../src/modules/index.shared.js'

// Every permission resource and action (the security group editor's matrix) and every audited
// resource and action (audit log, audit report) has a label in every language, in the catalogue
// of the module that owns it: a module that adds a resource, an action or an audited method
// without naming it fails here instead of showing `purchase-requests` or `submit` on a screen.

const frontend = fileURLToPath(new URL('../../frontend/src/', import.meta.url))
type Labels = { resources?: Record<string, string>; actions?: Record<string, unknown> }

function catalogue(folder: string, language: string, namespace: string): Labels {
  const file = `${frontend}${folder}/${language}/${namespace}.json`
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {}
}
const platformLabels = (language: string) => catalogue('locales', language, 'permissions')
const moduleLabels = (module: string, language: string) => catalogue(`modules/${module}/locales`, language, 'permissions')
/** The platform's labels and every module's, as the browser merges them into one namespace. */
const allLabels = (language: string): Required<Labels> => {
  const parts = [platformLabels(language), ...sharedModules.map((module) => moduleLabels(module.name, language))]
  return {
    resources: Object.assign({}, ...parts.map((part) => part.resources ?? {})),
    actions: Object.assign({}, ...parts.map((part) => part.actions ?? {}))
  }
}
/** Security events and other actions with a label of their own (`audit-log:actions.<resource>.<method>`). */
const ownLabel = (language: string, action: string) => {
  const [resource, method] = [action.slice(0, action.indexOf('.')), action.slice(action.indexOf('.') + 1)]
  const parts = [catalogue('locales', language, 'audit-log'), ...sharedModules.map((module) => catalogue(`modules/${module.name}/locales`, language, 'audit-log'))]
  return parts.map((part) => (part.actions as any)?.[resource]?.[method]).find((label) => typeof label === 'string')
}
const text = (value: unknown) => typeof value === 'string' && value.trim().length > 0

// The services as the server registers them, without a database: only their options are read.
const knex = knexFactory({ client: 'pg', connection: 'postgres://nobody@127.0.0.1:1/none' })
const app = createApp({ knex, databaseUrl: 'postgres://nobody@127.0.0.1:1/none', authSecret: 'labels-test-secret-'.repeat(3) } as any)
afterAll(() => knex.destroy())

const readMethods = new Set(['find', 'get'])
/** `<resource>.<method>` of every write the audit log records (audited-write.ts), and the rows written outside a request. */
function auditedActions(): Array<[resource: string, action: string]> {
  const actions: Array<[string, string]> = []
  for (const [path, service] of Object.entries((app as any).services as Record<string, unknown>)) {
    const options = serviceOptions<{ audit?: boolean }>(service)
    if (!options || options.audit === false || path === 'authentication') continue
    for (const method of options.methods ?? []) if (!readMethods.has(method)) actions.push([path, `${path}.${method}`])
  }
  for (const action of Object.values(securityActions)) actions.push(['users', action])
  // Written by the closing job (modules/tenders/services/tenders/close-tenders.ts).
  actions.push(['tenders', 'tenders.close'], ['tender-queries', 'tender-queries.expire'])
  return actions
}

describe('permission and audit labels', () => {
  it('finds the audited writes to check', () => {
    const actions = auditedActions().map(([, action]) => action)
    expect(actions).toEqual(expect.arrayContaining(['users.patch', 'profile.patch', 'tenders.award', 'bids.decline', 'tender-documents.create', 'users.lock']))
    expect(actions).not.toContain('audit-log.find')
  })

  it.each(languages)('names every permission resource and action in %s', (language) => {
    const labels = allLabels(language)
    const missing: string[] = []
    for (const [resource, actions] of Object.entries(buildPermissionCatalogue(sharedModules).resources)) {
      if (!text(labels.resources[resource])) missing.push(`resources.${resource}`)
      for (const action of actions) if (!text(labels.actions[action])) missing.push(`actions.${action}`)
    }
    expect(missing).toEqual([])
  })

  it.each(languages)('names every audited resource and action in %s', (language) => {
    const labels = allLabels(language)
    const missing = new Set<string>()
    for (const [resource, action] of auditedActions()) {
      if (!text(labels.resources[resource])) missing.add(`resources.${resource}`)
      const method = action.slice(action.indexOf('.') + 1)
      if (!text(ownLabel(language, action)) && !text(labels.actions[method])) missing.add(`actions.${method} (${action})`)
    }
    expect([...missing]).toEqual([])
  })

  it.each(languages)("takes a module's resources from the module's own catalogue in %s", (language) => {
    const platform = platformLabels(language)
    for (const module of sharedModules) {
      const own = moduleLabels(module.name, language)
      for (const resource of Object.keys(module.permissions)) {
        expect(text(own.resources?.[resource]), `${module.name}: resources.${resource}`).toBe(true)
        expect(platform.resources?.[resource], `the platform names ${resource} of ${module.name}`).toBeUndefined()
      }
    }
  })

  it('gives both languages the same keys', () => {
    const [english, chinese] = languages.map(allLabels)
    expect(Object.keys(chinese.resources).sort()).toEqual(Object.keys(english.resources).sort())
    expect(Object.keys(chinese.actions).sort()).toEqual(Object.keys(english.actions).sort())
  })
})
