import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { languages, valueLabel } from '../../../i18n/messages.js'
import { modules } from '../../index.js'
import { installModules } from '../../registry.js'

installModules(modules)

// The exports and the audit screens name a tender's status and type as the tender screens do.
describe("the tenders' value names", () => {
  it('are the names the tender list shows, in both languages', () => {
    for (const language of languages) {
      const tenders = JSON.parse(readFileSync(new URL(`../../../../../frontend/src/modules/tenders/locales/${language}/tenders.json`, import.meta.url), 'utf8'))
      for (const [state, name] of Object.entries(tenders.status)) expect(valueLabel(language, 'tenders', 'status', state)).toBe(name)
      for (const [type, name] of Object.entries(tenders.types)) expect(valueLabel(language, 'tenders', 'tenderType', type)).toBe(name)
    }
  })
})
