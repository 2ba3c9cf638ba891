import { createHash } from 'node:crypto'
import type { Knex } from 'knex'
import type { Application } from '../../../../declarations.js'
import { logger } from '../../../../logger.js'
import { renderPdf } from '../../../../documents/pdf.js'
import type { Language } from '../../../../i18n/messages.js'
import { fileStorage, storedBytes } from '../../../../storage/create-storage.js'
import { newStorageKey } from '../../../../storage/file-storage.js'
import type { StoredDocument } from '../../../../services/documents/documents.class.js'
import type { TDocumentDefinitions } from 'pdfmake/interfaces.js'
import { inTransaction } from '../../../../db/transaction.js'

/*
 * The claim's frozen documents (the claim document of a version, the certificate of a decision):
 * the first download of each (record, language) is rendered and stored in files with its SHA-256,
 * and every later download gives the stored bytes, so the document never changes once read.
 * Callers asking at once in one process share one render; across processes the table's unique
 * (record, language) keeps the first, and the others give that one and drop their own.
 */

/** Where one kind of frozen document is kept. */
export interface FrozenDocumentKind {
  /** Its table: region, the record's column, language, file_id, sha256; unique (record, language). */
  table: string
  /** The column naming the record the document is of (snake_case: also the conflict target). */
  recordColumn: string
  /** The stored file's owner resource. */
  ownerResource: string
  /** How the log names it. */
  name: string
  /** Further writes in the transaction that keeps the first rendering (not run when another kept it). */
  onKept?: (trx: Knex.Transaction, document: { recordId: number; language: Language; fileId: number; sha256: string }) => Promise<unknown>
}

/** The record a document is of, with the claim's region and vendor the file is filed under. */
export interface FrozenRecord {
  id: number
  region: string
  companyId?: unknown
}

/** A kind's store: `get` gives the stored document of (record, language), rendering and storing it on the first call. */
export function frozenDocuments(kind: FrozenDocumentKind) {
  const { table, recordColumn } = kind

  async function stored(app: Application, recordId: number, language: Language): Promise<StoredDocument | null> {
    const row = await app
      .get('knex')(table)
      .join('files', 'files.id', `${table}.fileId`)
      .where({ [`${table}.${recordColumn}`]: recordId, [`${table}.language`]: language })
      .first(`${table}.sha256`, 'files.storageKey', 'files.name')
    if (!row) return null
    return { filename: row.name, sha256: row.sha256, content: await storedBytes(app, row.storageKey) }
  }

  async function renderAndStore(app: Application, record: FrozenRecord, language: Language, render: () => Promise<{ filename: string; definition: TDocumentDefinitions }>): Promise<StoredDocument> {
    const db = app.get('knex')
    const { filename, definition } = await render()
    const content = await renderPdf(definition)
    const sha256 = createHash('sha256').update(content).digest('hex')
    const storage = fileStorage(app)
    const storageKey = newStorageKey(record.region)
    await storage.put(storageKey, content)
    const kept = await inTransaction(db, async (trx) => {
      const [file] = await trx('files').insert(
        {
          region: record.region,
          name: filename,
          mimeType: 'application/pdf',
          size: content.length,
          sha256,
          storageKey,
          ownerResource: kind.ownerResource,
          ownerId: String(record.id),
          companyId: record.companyId ?? null
        },
        ['id']
      )
      const inserted = await trx(table)
        .insert({ region: record.region, [recordColumn]: record.id, language, fileId: file.id, sha256 })
        .onConflict([recordColumn, 'language'])
        .ignore()
        .returning(['id'])
      if (!inserted.length) return false
      await kind.onKept?.(trx, { recordId: record.id, language, fileId: file.id, sha256 })
      return true
    })
    if (kept) return { filename, sha256, content }
    // Another download stored it first: give theirs, and drop ours.
    await db('files').where({ storageKey }).delete()
    await storage.remove(storageKey).catch((error) => logger.warn(`${kind.name} ${storageKey} not removed`, error))
    return (await stored(app, record.id, language))!
  }

  /** The first renders under way in this process, by record and language. */
  const firstRenders = new Map<string, Promise<StoredDocument>>()

  return {
    async get(app: Application, record: FrozenRecord, language: Language, render: () => Promise<{ filename: string; definition: TDocumentDefinitions }>): Promise<StoredDocument> {
      const found = await stored(app, record.id, language)
      if (found) return found
      const key = `${record.id}|${language}`
      let rendering = firstRenders.get(key)
      if (!rendering) {
        rendering = renderAndStore(app, record, language, render).finally(() => firstRenders.delete(key))
        firstRenders.set(key, rendering)
      }
      return rendering
    }
  }
}
