import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { StorageNotFound, type FileStorage } from './file-storage.js'

const KEY = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/i

/** Files in a folder on this machine (the default; one server, or a shared volume). */
export class LocalFileStorage implements FileStorage {
  readonly root: string

  constructor(rootDir: string) {
    this.root = path.resolve(rootDir)
  }

  /** A key names a file below the root and nothing else: no `..`, no absolute paths. */
  private pathOf(key: string) {
    if (!KEY.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
      throw new Error(`Invalid storage key: ${key}`)
    }
    return path.join(this.root, ...key.split('/'))
  }

  async put(key: string, data: Buffer | Readable): Promise<void> {
    const target = this.pathOf(key)
    await fs.promises.mkdir(path.dirname(target), { recursive: true })
    // Written aside and renamed, so a reader never sees half a file and a failed upload leaves none.
    const partial = `${target}.${randomUUID()}.partial`
    try {
      const source = Buffer.isBuffer(data) ? Readable.from([data]) : data
      await pipeline(source, fs.createWriteStream(partial, { flags: 'wx' }))
      await fs.promises.rename(partial, target)
    } catch (error) {
      await fs.promises.rm(partial, { force: true })
      throw error
    }
  }

  async get(key: string): Promise<Readable> {
    const target = this.pathOf(key)
    // Opened here so a missing file rejects now instead of failing the stream mid-response.
    const handle = await fs.promises.open(target, 'r').catch((error) => {
      if (error.code === 'ENOENT') throw new StorageNotFound(key)
      throw error
    })
    return handle.createReadStream()
  }

  async remove(key: string): Promise<void> {
    await fs.promises.rm(this.pathOf(key), { force: true })
  }
}
