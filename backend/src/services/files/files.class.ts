import { createHash } from 'node:crypto'
import fs from 'node:fs'
import { Transform, pipeline } from 'node:stream'
import { MethodNotAllowed } from '@feathersjs/errors'
import type { Id, Params } from '@feathersjs/feathers'
import { KnexService, type KnexAdapterParams } from '@feathersjs/knex'
import type { Application } from '../../declarations.js'
import { logger } from '../../logger.js'
import { checkUpload, uploadLimits, type UploadedFile } from '../../storage/check-upload.js'
import { fileStorage } from '../../storage/create-storage.js'
import { newStorageKey, type FileStorage } from '../../storage/file-storage.js'
import type { FileData, FilePatch, FileRecord } from './files.schema.js'

export type FileParams = KnexAdapterParams & Params

/** The files of a multipart request, whatever the field names: koa-body gives one or a list per field. */
export function uploadsOf(files: unknown): UploadedFile[] {
  if (!files) return []
  const values = Array.isArray(files) ? files : Object.values(files as Record<string, unknown>)
  return values.flat().filter((file): file is UploadedFile => Boolean(file && typeof (file as any).filepath === 'string'))
}

/** Stores a temporary upload and answers its SHA-256, read once. */
function storeHashed(storage: FileStorage, key: string, filepath: string): Promise<string> {
  const hash = createHash('sha256')
  const tap = new Transform({
    transform(chunk, _encoding, done) {
      hash.update(chunk)
      done(null, chunk)
    }
  })
  const source = pipeline(fs.createReadStream(filepath), tap, () => {})
  return storage.put(key, source).then(() => hash.digest('hex'))
}

/** "Own" for staff means managed by the user; for a file that is its uploader. */
const withManagedBy = (row: any) => (row && typeof row === 'object' ? { ...row, managedBy: row.uploadedBy ?? null } : row)

function managedByAsUploader(query: any): any {
  if (Array.isArray(query)) return query.map(managedByAsUploader)
  if (!query || typeof query !== 'object' || query instanceof Date) return query
  const result: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(query)) {
    result[key === 'managedBy' ? 'uploadedBy' : key] = key.startsWith('$') ? managedByAsUploader(value) : value
  }
  return result
}

/**
 * Uploaded documents: the row holds name, type, size, hash and owner; the bytes are in the file
 * storage. `create` takes the request's multipart files, checks them against the region's upload
 * settings and answers one row per file.
 */
export class FileService extends KnexService<FileRecord, FileData, FileParams, FilePatch> {
  constructor(
    options: any,
    private app: Application
  ) {
    super(options)
  }

  // The abilities' "own" condition for staff names `managedBy`; the table calls it uploaded_by.
  filterQuery(params: FileParams = {}) {
    const filtered = super.filterQuery(params)
    return { ...filtered, query: managedByAsUploader(filtered.query) }
  }

  async _find(params: FileParams = {}): Promise<any> {
    const result: any = await super._find(params)
    return Array.isArray(result) ? result.map(withManagedBy) : { ...result, data: result.data.map(withManagedBy) }
  }

  async _findOrGet(id: any, params: FileParams = {}): Promise<any> {
    const rows: any[] = await (super._findOrGet as any)(id, params)
    return rows.map(withManagedBy)
  }

  async create(data: FileData | FileData[], params: FileParams = {}): Promise<any> {
    if (Array.isArray(data)) throw new MethodNotAllowed('One upload at a time')
    const region = data.region ?? params.region ?? 'GLOBAL'
    const uploads = uploadsOf(params.files)
    const checked = await checkUpload(uploads, await uploadLimits(this.app.get('knex'), region, data.ownerResource))
    const storage = fileStorage(this.app)
    const stored: string[] = []
    try {
      const rows: Record<string, unknown>[] = []
      for (const file of checked) {
        const storageKey = newStorageKey(region)
        const sha256 = await storeHashed(storage, storageKey, file.filepath)
        stored.push(storageKey)
        rows.push({
          region,
          name: file.name,
          mimeType: file.mimeType,
          size: file.size,
          sha256,
          storageKey,
          description: data.description || null,
          ownerResource: data.ownerResource || null,
          ownerId: data.ownerId || null,
          uploadedBy: data.uploadedBy ?? null,
          companyId: data.companyId ?? null,
          tenancyId: data.tenancyId ?? null
        })
      }
      // One by one in the request's transaction (parallel inserts would share its connection anyway).
      const created: FileRecord[] = []
      for (const row of rows) created.push(await this._create(row as any, params))
      return created
    } catch (error) {
      await Promise.all(stored.map((key) => storage.remove(key).catch(() => {})))
      throw error
    }
  }

  /** Drops the row, and the bytes once the removal is committed (a rollback keeps both). */
  async remove(id: Id | null, params: FileParams = {}): Promise<any> {
    if (id === null) throw new MethodNotAllowed('Files are removed one at a time')
    const removed: any = await super.remove(id, params)
    // Read now: the result is stripped of its storage key before the commit.
    const { id: fileId, storageKey } = removed
    const drop = () =>
      fileStorage(this.app)
        .remove(storageKey)
        .catch((error) => logger.warn(`File ${fileId}: stored bytes ${storageKey} not removed`, error))
    if (params.afterCommit) params.afterCommit.push(drop)
    else await drop()
    return removed
  }
}
