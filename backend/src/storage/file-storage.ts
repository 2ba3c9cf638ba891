import { randomUUID } from 'node:crypto'
import type { Readable } from 'node:stream'

/**
 * Where uploaded files live. The database row holds the metadata and the key; the bytes are
 * behind this interface, so the local folder can be swapped for object storage.
 *
 * An S3-compatible store (MinIO, AWS S3) plugs in as one more class with these three methods,
 * e.g. on @aws-sdk/client-s3 + @aws-sdk/lib-storage: `put` → `new Upload({ client, params:
 * { Bucket, Key: key, Body: data } }).done()`, `get` → `GetObjectCommand` and its `Body` (a
 * Readable; `NoSuchKey` → throw StorageNotFound), `remove` → `DeleteObjectCommand`.
 * `createStorage` (create-storage.ts) picks it for `files.driver: 's3'`, with bucket, endpoint,
 * region and credentials from config (`custom-environment-variables.json` for the secrets).
 * Keys stay the same, so files can be copied across drivers as they are.
 */
export interface FileStorage {
  /**
   * Stores the bytes under the key, whole or not at all (a reader never sees half). Keys are
   * unique, but for a file derived from another (a thumbnail) that two first readers may both
   * store: the last one stays, with the same bytes.
   */
  put(key: string, data: Buffer | Readable): Promise<void>
  /** The bytes of a key; rejects with StorageNotFound when there is none. */
  get(key: string): Promise<Readable>
  /** Deletes the bytes of a key; a missing key is not an error. */
  remove(key: string): Promise<void>
}

export class StorageNotFound extends Error {
  constructor(public key: string) {
    super(`No stored file for key ${key}`)
    this.name = 'StorageNotFound'
  }
}

/** `<region>/<yyyy>/<mm>/<uuid>`: spread over folders by month, never guessable or reused. */
export function newStorageKey(region: string, now = new Date()): string {
  const month = String(now.getUTCMonth() + 1).padStart(2, '0')
  return `${region.toLowerCase()}/${now.getUTCFullYear()}/${month}/${randomUUID()}`
}
