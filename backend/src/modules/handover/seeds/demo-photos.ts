import { createHash } from 'node:crypto'
import config from 'config'
import type { Knex } from 'knex'
import { createStorage } from '../../../storage/create-storage.js'
import { newStorageKey, type FileStorage } from '../../../storage/file-storage.js'
import { hotbPhotoOwner } from '../services/hotb-photos/hotb-photos.shared.js'

/**
 * The files folder of this installation (the app's own, from the same configuration), or of the
 * server whose data folder is given (the bench seeds a server it started with a DATA_DIR of its own).
 */
export function demoStorage(dataDir?: string): FileStorage {
  return createStorage({
    driver: config.has('files.driver') ? config.get<string>('files.driver') : 'local',
    dataDir: dataDir ?? (config.has('dataDir') ? config.get<string>('dataDir') : '.data')
  })
}

/**
 * A photo of a schedule item as the service leaves one (tests and the demo): the picture stored
 * and filed for the item (`files`, owner `hotb-schedule-items`), the photo row with the file's
 * SHA-256, its capture time and uploader. The record's copies come from the trigger.
 */
export async function createHotbPhoto(
  db: Knex,
  storage: FileStorage,
  input: {
    scheduleItemId: number
    content: Buffer
    name: string
    mimeType: 'image/jpeg' | 'image/png'
    capturedAt?: Date | null
    uploadedBy?: number | null
    caption?: string | null
    createdAt?: Date
  }
): Promise<{ id: number; fileId: number }> {
  const item = await db('hotb_schedule_items').where({ id: input.scheduleItemId }).first('id', 'hotbId', 'region')
  const storageKey = newStorageKey(item.region)
  await storage.put(storageKey, input.content)
  const sha256 = createHash('sha256').update(input.content).digest('hex')
  const [file] = await db('files').insert(
    {
      region: item.region,
      name: input.name,
      mimeType: input.mimeType,
      size: input.content.length,
      sha256,
      storageKey,
      ownerResource: hotbPhotoOwner,
      ownerId: String(item.id),
      uploadedBy: input.uploadedBy ?? null
    },
    ['id']
  )
  const [photo] = await db('hotb_photos').insert(
    {
      hotbId: item.hotbId,
      scheduleItemId: item.id,
      fileId: file.id,
      sha256,
      caption: input.caption ?? null,
      capturedAt: input.capturedAt ?? null,
      uploadedBy: input.uploadedBy ?? null,
      ...(input.createdAt ? { createdAt: input.createdAt, updatedAt: input.createdAt } : {})
    },
    ['id']
  )
  return { id: photo.id, fileId: file.id }
}
