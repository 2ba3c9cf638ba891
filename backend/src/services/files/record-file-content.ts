import type { Application } from '../../declarations.js'
import { appError } from '../../errors.js'
import { fileStorage } from '../../storage/create-storage.js'
import { StorageNotFound } from '../../storage/file-storage.js'

/*
 * The file of a record, authorised by that record's own read: the files service lets only the
 * uploader read a file back, while a record's readers (a photo's, a document's, a deposit's, a
 * project's) need its file. Every such download takes the same steps: check the id of the route,
 * read the record through its own service with the caller's params (so its access rules answer
 * 403/404 before anything is said of the file), read the `files` row it names and stream the
 * bytes; a row or bytes that are gone answer 404, as an id that never was.
 */

/** What `sendFileContent` (files.ts) sends: the file's name, type and size, and its bytes. */
export interface RecordFileContent {
  file: { name: string; mimeType: string; size: number }
  content: Awaited<ReturnType<ReturnType<typeof fileStorage>['get']>>
}

/** A positive PostgreSQL integer id from a route, or 404 (an id that cannot exist says nothing). */
export function routeIntegerId(raw: unknown): number {
  const id = Number(raw)
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) throw appError(404, 'NOT_FOUND')
  return id
}

/** The stored file `fileId` with its bytes (404 when it has no row or no bytes). */
export async function fileContentOf(app: Application, fileId: number | null | undefined): Promise<RecordFileContent> {
  const file = fileId ? await app.get('knex')('files').where({ id: fileId }).first('name', 'mimeType', 'size', 'storageKey') : undefined
  if (!file) throw appError(404, 'NOT_FOUND')
  try {
    return { file: { name: file.name, mimeType: file.mimeType, size: file.size }, content: await fileStorage(app).get(file.storageKey) }
  } catch (error) {
    if (error instanceof StorageNotFound) throw appError(404, 'NOT_FOUND')
    throw error
  }
}

/**
 * The file of the record a route names: `id` checked by `parseId` (a positive integer by default;
 * 404 otherwise), the record read by `readRecord` (its own service's `get` with the caller's params:
 * its refusal is the answer), its file by `fileIdOf`, then the bytes (404 when gone).
 */
export async function recordFileContent<Id, Record>(
  app: Application,
  options: {
    id: unknown
    parseId?: (raw: unknown) => Id
    readRecord: (id: Id) => Promise<Record>
    fileIdOf: (record: Record) => number | null | undefined
  }
): Promise<RecordFileContent> {
  const id = (options.parseId ?? (routeIntegerId as unknown as (raw: unknown) => Id))(options.id)
  const record = await options.readRecord(id)
  return fileContentOf(app, options.fileIdOf(record))
}
