import path from 'node:path'
import type { FileStorage } from './file-storage.js'
import { LocalFileStorage } from './local-file-storage.js'

export interface StorageConfig {
  driver: string
  /** The app's data folder: local files go to `<dataDir>/files`. */
  dataDir: string
}

export function createStorage(config: StorageConfig): FileStorage {
  if (config.driver === 'local') return new LocalFileStorage(path.resolve(config.dataDir, 'files'))
  throw new Error(`files.driver '${config.driver}' is not supported (only 'local' is implemented)`)
}

const storages = new WeakMap<object, FileStorage>()

/**
 * The storage of an app, made from its config on first use. Tests (or a future S3 setup made
 * elsewhere) can hand in their own with `setFileStorage`.
 */
export function fileStorage(app: { get(name: any): any }): FileStorage {
  let storage = storages.get(app)
  if (!storage) {
    storage = createStorage({ driver: app.get('files')?.driver ?? 'local', dataDir: app.get('dataDir') ?? '.data' })
    storages.set(app, storage)
  }
  return storage
}

/** A stored file's bytes, whole (an uploaded spreadsheet read for an import, a kept PDF). */
export async function storedBytes(app: { get(name: any): any }, storageKey: string): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of await fileStorage(app).get(storageKey)) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk))
  return Buffer.concat(chunks)
}

export function setFileStorage(app: object, storage: FileStorage) {
  storages.set(app, storage)
}
