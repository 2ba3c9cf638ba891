import { createHash } from 'node:crypto'
import type { Knex } from 'knex'
import type { FileStorage } from '../../../storage/file-storage.js'
import { newStorageKey } from '../../../storage/file-storage.js'
import type { HotbDocumentKind } from '../services/hotb-documents/hotb-documents.shared.js'

/**
 * A document of a record as the upload leaves one (tests and browser specs): the file stored and
 * filed for the record (`files`, owner `hotb`), its row with its kind. With no storage, only the
 * rows (enough for a completion's check, not for a download).
 */
export async function createHotbDocument(
  db: Knex,
  input: { hotbId: number; kind: HotbDocumentKind; name?: string; content?: Buffer; mimeType?: string; uploadedBy?: number | null },
  storage?: FileStorage
): Promise<{ id: number; fileId: number }> {
  const record = await db('hotb').where({ id: input.hotbId }).first('id', 'region', 'tenancyId')
  const content = input.content ?? Buffer.from('%PDF-1.4\n% signed handover document\n%%EOF\n')
  const storageKey = newStorageKey(record.region)
  if (storage) await storage.put(storageKey, content)
  const [file] = await db('files').insert(
    {
      region: record.region,
      name: input.name ?? `${input.kind.toLowerCase()}-${record.id}.pdf`,
      mimeType: input.mimeType ?? 'application/pdf',
      size: content.length,
      sha256: createHash('sha256').update(content).digest('hex'),
      storageKey,
      ownerResource: 'hotb',
      ownerId: String(record.id),
      uploadedBy: input.uploadedBy ?? null
    },
    ['id']
  )
  const [document] = await db('hotb_documents').insert({ region: record.region, hotbId: record.id, fileId: file.id, kind: input.kind, uploadedBy: input.uploadedBy ?? null }, ['id'])
  return { id: document.id, fileId: file.id }
}
