import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { DEMO_SECRET, resolveAuthSecret, SECRET_FILE } from './secret.js'

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'portal-secret-'))

describe('the JWT signing secret', () => {
  it('is made once under the data folder (mode 0600) and read again on later starts', () => {
    const dataDir = path.join(tempDir(), 'data')
    const first = resolveAuthSecret({ dataDir, env: 'development' })
    expect(first.source).toBe('created')
    expect(first.secret.length).toBeGreaterThanOrEqual(48)
    expect(first.secret).not.toBe(DEMO_SECRET)
    const file = path.join(dataDir, SECRET_FILE)
    expect(fs.statSync(file).mode & 0o777).toBe(0o600)
    const second = resolveAuthSecret({ dataDir, env: 'production' })
    expect(second).toMatchObject({ source: 'file', secret: first.secret })
  })

  it('differs between two fresh installs', () => {
    expect(resolveAuthSecret({ dataDir: tempDir(), env: 'production' }).secret).not.toBe(resolveAuthSecret({ dataDir: tempDir(), env: 'production' }).secret)
  })

  it('puts back the mode of a file others could read', () => {
    const dataDir = tempDir()
    const { secret } = resolveAuthSecret({ dataDir, env: 'production' })
    fs.chmodSync(path.join(dataDir, SECRET_FILE), 0o644)
    expect(resolveAuthSecret({ dataDir, env: 'production' }).secret).toBe(secret)
    expect(fs.statSync(path.join(dataDir, SECRET_FILE)).mode & 0o777).toBe(0o600)
  })

  it('takes AUTH_SECRET over the file, and writes nothing then', () => {
    const dataDir = path.join(tempDir(), 'data')
    expect(resolveAuthSecret({ configured: 'a-secret-from-the-environment-0123456789', dataDir, env: 'production' })).toEqual({
      secret: 'a-secret-from-the-environment-0123456789',
      source: 'configured'
    })
    expect(fs.existsSync(dataDir)).toBe(false)
  })

  it('refuses the public demo secret in production, with a message saying what to do', () => {
    expect(() => resolveAuthSecret({ configured: DEMO_SECRET, dataDir: tempDir(), env: 'production' })).toThrow(/demo secret.*AUTH_SECRET/s)
  })

  it('gives tests a random secret per process without a data folder', () => {
    const dataDir = path.join(tempDir(), 'none')
    const a = resolveAuthSecret({ dataDir, env: 'test' })
    expect(a.source).toBe('process')
    expect(resolveAuthSecret({ dataDir, env: 'test' }).secret).toBe(a.secret)
    expect(fs.existsSync(dataDir)).toBe(false)
  })
})
