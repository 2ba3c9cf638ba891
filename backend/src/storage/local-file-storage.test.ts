import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { text } from 'node:stream/consumers'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createStorage } from './create-storage.js'
import { StorageNotFound, newStorageKey } from './file-storage.js'
import { LocalFileStorage } from './local-file-storage.js'

let root: string
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-test-'))
})
afterEach(() => fs.rmSync(root, { recursive: true, force: true }))

describe('LocalFileStorage', () => {
  it('stores a buffer and reads it back', async () => {
    const storage = new LocalFileStorage(root)
    await storage.put('hk/2026/11/a', Buffer.from('hello'))
    expect(await text(await storage.get('hk/2026/11/a'))).toBe('hello')
    expect(fs.readFileSync(path.join(root, 'hk', '2026', '11', 'a'), 'utf8')).toBe('hello')
  })

  it('stores a stream', async () => {
    const storage = new LocalFileStorage(root)
    await storage.put('k', Readable.from([Buffer.from('a'), Buffer.from('b')]))
    expect(await text(await storage.get('k'))).toBe('ab')
  })

  it('leaves no partial file when the source fails', async () => {
    const storage = new LocalFileStorage(root)
    const failing = new Readable({
      read() {
        this.destroy(new Error('client went away'))
      }
    })
    await expect(storage.put('sg/x', failing)).rejects.toThrow('client went away')
    expect(fs.readdirSync(path.join(root, 'sg'))).toEqual([])
  })

  it('rejects a missing key with StorageNotFound', async () => {
    await expect(new LocalFileStorage(root).get('nope')).rejects.toBeInstanceOf(StorageNotFound)
  })

  it('removes, and removing twice is fine', async () => {
    const storage = new LocalFileStorage(root)
    await storage.put('k', Buffer.from('x'))
    await storage.remove('k')
    await storage.remove('k')
    await expect(storage.get('k')).rejects.toBeInstanceOf(StorageNotFound)
  })

  it('refuses keys that leave the root', async () => {
    const storage = new LocalFileStorage(root)
    for (const key of ['../x', 'a/../../x', '/etc/passwd', 'a//b', '']) {
      await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow('Invalid storage key')
    }
  })
})

describe('newStorageKey', () => {
  it('is region/yyyy/mm/uuid and unique', () => {
    const key = newStorageKey('HK', new Date('2026-03-05T00:00:00Z'))
    expect(key).toMatch(/^hk\/2026\/03\/[0-9a-f-]{36}$/)
    expect(newStorageKey('HK')).not.toBe(newStorageKey('HK'))
  })
})

describe('createStorage', () => {
  it('makes a local storage under <dataDir>/files', () => {
    const storage = createStorage({ driver: 'local', dataDir: root }) as LocalFileStorage
    expect(storage.root).toBe(path.join(root, 'files'))
  })
  it('names the drivers it lacks', () => {
    expect(() => createStorage({ driver: 's3', dataDir: root })).toThrow("files.driver 's3' is not supported")
  })
})
