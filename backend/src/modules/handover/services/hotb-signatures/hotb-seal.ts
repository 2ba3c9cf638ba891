import type { Params } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { renderPdf } from '../../../../documents/pdf.js'
import { mailLink } from '../../../../mail/links.js'
import { fileStorage } from '../../../../storage/create-storage.js'
import { newStorageKey, type FileStorage } from '../../../../storage/file-storage.js'
import { logger } from '../../../../logger.js'
import { hotbPrintOf, sealedDefinition } from '../../documents/hotb-pdf.js'
import { canonicalJson, sealedSignatureOf, sha256Hex } from './hotb-content.js'
import { hotbParties, verifyPagePath } from './hotb-signatures.shared.js'

/**
 * Stores the bytes as part of the transaction `db` belongs to: written now, removed if that
 * transaction (its outermost one: a savepoint's release is not the commit) rolls back or its
 * COMMIT is not confirmed. Written before the commit, not after it, so a committed record never
 * names bytes that are not there: a sealed original lost to a failed write after the commit could
 * not be made again with the same hash, while a file left by a process that died before the
 * rollback is only an unreferenced file.
 */
export async function storedWithTransaction(db: Knex, storage: FileStorage, storageKey: string, content: Buffer) {
  let outermost: any = db
  while (outermost?.parentTransaction) outermost = outermost.parentTransaction
  const outcome: Promise<unknown> | undefined = outermost?.executionPromise
  const removeIt = () => storage.remove(storageKey).catch((error) => logger.error(`a rolled-back seal left ${storageKey}:`, error))
  try {
    await storage.put(storageKey, content)
  } catch (error) {
    await removeIt()
    throw error
  }
  outcome?.then(undefined, removeIt)
}

/**
 * The seal of a record completed once both parties signed (issue 31 §7), inside the completing
 * transaction: none when a party has not signed (the record completes as before, with its signed
 * document uploaded); 409 HOTB_SIGNATURES_STALE when a signature was given on content the record no
 * longer has (a line changed since), so nothing is sealed that a party did not sign. Otherwise the
 * sealed PDF is rendered (schedule, keys, photos, signatures, certificate page with the content's
 * SHA-256, hotb-content.ts), stored as a file, and its columns returned for the record: the SHA-256
 * of the file's final bytes, of the content, the file and the time. The bytes are written to
 * storage before the commit and removed again if the transaction rolls back (`storedWithTransaction`).
 */
export async function sealOnCompletion(app: Application, db: Knex, record: any, actualDate: string, params: Params) {
  const signatures = await db('hotb_signatures').where({ hotbId: record.id }).orderBy('signedAt')
  if (!hotbParties.every((party) => signatures.some((signature: any) => signature.party === party))) return {}
  const print = await hotbPrintOf(app, db, record.id)
  if (signatures.some((signature: any) => signature.contentSha256 !== print.contentSha256)) {
    throw appError(409, 'HOTB_SIGNATURES_STALE', {
      parties: signatures
        .filter((signature: any) => signature.contentSha256 !== print.contentSha256)
        .map((signature: any) => signature.party)
        .join(', ')
    })
  }
  const sealedAt = new Date()
  const contentSha256 = sha256Hex(canonicalJson({ content: print.content, signatures: signatures.map(sealedSignatureOf) }))
  const region = await app.get('regionCache').get(record.region)
  const { filename, definition } = sealedDefinition(
    { ...print, record: { ...print.record, actualDate } },
    // In English and Chinese whoever completes it (hotb-pdf.ts `sealedDefinition`).
    { language: 'en-US', timeZone: region?.timeZone ?? 'UTC', currency: region?.currency ?? undefined },
    { signatures, contentSha256, sealedAt, verifyUrl: mailLink(app, params as any, verifyPagePath) }
  )
  const content = await renderPdf(definition)
  const sha256 = sha256Hex(content)
  const storageKey = newStorageKey(record.region)
  await storedWithTransaction(db, fileStorage(app), storageKey, content)
  const [file] = await db('files').insert(
    {
      region: record.region,
      name: filename,
      mimeType: 'application/pdf',
      size: content.length,
      sha256,
      storageKey,
      ownerResource: 'hotb',
      ownerId: String(record.id),
      tenancyId: record.tenancyId,
      uploadedBy: (params as any).user?.id ?? null
    },
    ['id']
  )
  return { sealedFileId: file.id, sealedSha256: sha256, sealedContentSha256: contentSha256, sealedAt }
}
