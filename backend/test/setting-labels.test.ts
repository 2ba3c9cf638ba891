import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { allSettingDefaults } from '../src/settings-values.js'
import { modules } from '../src/modules/index.js'
import { installModules } from '../src/modules/registry.js'

// The rules and catalogues read the installed modules: this file is its own composition root (alone in a worker nothing else installs them).
installModules(modules)

/**
 * Issue 27 item 18: the settings screen showed `account.internalDomains` as its raw key. Every
 * setting the server knows (the platform's and every module's) has a label in both languages,
 * in the settings catalogue of the platform or of a module (`settings:keys.<key with _>`).
 */
const frontend = fileURLToPath(new URL('../../frontend/src/', import.meta.url))

function labels(language: string): Record<string, string> {
  const files = [path.join(frontend, 'locales', language, 'settings.json')]
  for (const module of fs.readdirSync(path.join(frontend, 'modules'))) {
    const file = path.join(frontend, 'modules', module, 'locales', language, 'settings.json')
    if (fs.existsSync(file)) files.push(file)
  }
  return Object.assign({}, ...files.map((file) => JSON.parse(fs.readFileSync(file, 'utf8')).keys ?? {}))
}

describe('setting labels', () => {
  for (const language of ['en-US', 'zh-CN']) {
    it(`names every setting in ${language}`, () => {
      const known = labels(language)
      const missing = Object.keys(allSettingDefaults()).filter((key) => !known[key.replace(/\./g, '_')]?.trim())
      expect(missing).toEqual([])
    })
  }

  it('names them in Chinese, not in English', () => {
    const english = labels('en-US')
    const chinese = labels('zh-CN')
    expect(Object.keys(chinese).filter((key) => chinese[key] === english[key])).toEqual([])
  })
})
