import { Readable } from 'node:stream'
import type { Knex } from 'knex'
import type { Application } from '../../../../declarations.js'
import type { TransactionParams } from '../../../../db/transaction.js'
import { appError } from '../../../../errors.js'
import { logger } from '../../../../logger.js'
import type { RecordFileContent } from '../../../../services/files/record-file-content.js'
import { fileStorage, storedBytes } from '../../../../storage/create-storage.js'
import { StorageNotFound } from '../../../../storage/file-storage.js'
import { scalablePictureTypes, scaledJpeg, thumbnailSide } from './scaled-picture.js'

/*
 * A photo's thumbnail, scaled once: scaling a 12 MP picture takes about 20 ms of the server's CPU
 * and the record page asks for up to 60 thumbnails at once, each time it is opened. The first
 * request stores the JPEG in the file storage beside its picture, under a key derived from the
 * picture's (no row of its own: the picture's `files` row and its photo say whose it is); later
 * requests read it back. A picture that does not decode is served as it is, and nothing is
 * stored for it, so a fixed library or picture shows at once.
 */

/** The JPEG quality of a thumbnail (a few KB at 240 × 180). */
const thumbnailQuality = 70

/**
 * Where a picture's thumbnail is stored: beside the picture, the side in its name, so a thumbnail
 * of another side (`thumbnailSide` changed) is made anew rather than served from an old one.
 */
export const thumbnailKeyOf = (storageKey: string) => `${storageKey}.thumb-${thumbnailSide}.jpg`

/** A missing stored file as null; other errors (a broken disk) as they are. */
const absentAsNull = (error: unknown): null => {
  if (error instanceof StorageNotFound) return null
  throw error
}

/** Stored bytes that are gone as 404 NOT_FOUND, as an id that never was. */
const asNotFound = (error: unknown): never => {
  if (error instanceof StorageNotFound) throw appError(404, 'NOT_FOUND')
  throw error
}

const asThumbnail = (name: string, bytes: Buffer): RecordFileContent => ({
  file: { name: name.replace(/(\.[^.]*)?$/, '-thumb.jpg'), mimeType: 'image/jpeg', size: bytes.length },
  content: Readable.from([bytes])
})

/**
 * The thumbnail of the picture `fileId` (a JPEG of at most `thumbnailSide` pixels), the stored one
 * when there is one; the picture as it is when sharp does not decode it (HEIC, damaged bytes).
 * 404 when the file has no row or no bytes, as `fileContentOf` answers.
 */
export async function photoThumbnail(app: Application, fileId: number): Promise<RecordFileContent> {
  const file = await app.get('knex')('files').where({ id: fileId }).first('name', 'mimeType', 'size', 'storageKey')
  if (!file) throw appError(404, 'NOT_FOUND')
  const original = { name: file.name, mimeType: file.mimeType }
  if (!scalablePictureTypes.has(file.mimeType)) return { file: { ...original, size: file.size }, content: await fileStorage(app).get(file.storageKey).catch(asNotFound) }
  const key = thumbnailKeyOf(file.storageKey)
  // A few KB: read whole, so the answer names its length as the scaled one does.
  const stored = await storedBytes(app, key).catch(absentAsNull)
  if (stored) return asThumbnail(file.name, stored)
  const picture = await storedBytes(app, file.storageKey).catch(asNotFound)
  const scaled = await scaledJpeg(picture, thumbnailSide, thumbnailQuality).catch(() => null)
  if (!scaled) return { file: { ...original, size: picture.length }, content: Readable.from([picture]) }
  // Two first requests may both get here: the storage writes each aside and renames it into place,
  // so the key holds one whole JPEG (the same bytes from either). Failing to keep it only costs the next request a scaling.
  await fileStorage(app)
    .put(key, scaled)
    .catch((error) => logger.warn(`File ${fileId}: thumbnail ${key} not stored`, error))
  return asThumbnail(file.name, scaled)
}

/**
 * Removes the thumbnails of the photos `where` names (columns of `hotb_photos`), which the caller
 * is about to delete in its transaction: once it commits, as a file's own bytes go
 * (files.class.ts), so a rollback keeps the photo with its thumbnail.
 */
export async function dropPhotoThumbnails(app: Application, db: Knex, where: Record<string, unknown>, params: TransactionParams) {
  const pictures: Array<{ storageKey: string }> = await db('hotb_photos').join('files', 'files.id', 'hotb_photos.fileId').where(where).select('files.storageKey')
  if (!pictures.length) return
  const storage = fileStorage(app)
  const drop = () =>
    Promise.all(
      pictures.map(({ storageKey }) => {
        const key = thumbnailKeyOf(storageKey)
        return storage.remove(key).catch((error) => logger.warn(`Thumbnail ${key} not removed`, error))
      })
    )
  if (params.afterCommit) params.afterCommit.push(drop)
  else await drop()
}
