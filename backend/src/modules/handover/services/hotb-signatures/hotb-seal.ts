import type { Params } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { pickLanguage } from '../../../../i18n/messages.js'
import { renderPdf } from '../../../../documents/pdf.js'
import { mailLink } from '../../../../mail/links.js'
import { fileStorage } from '../../../../storage/create-storage.js'
import { newStorageKey } from '../../../../storage/file-storage.js'
import { hotbPrintOf, sealedDefinition } from '../../documents/hotb-pdf.js'
import { canonicalJson, sealedSignatureOf, sha256Hex } from './hotb-content.js'
import { hotbParties, verifyPagePath } from './hotb-signatures.shared.js'

/**
 * The seal of a record completed once both parties signed (issue 31 §7), inside the completing
 * transaction: none when a party has not signed (the record completes as before, with its signed
 * document uploaded); 409 HOTB_SIGNATURES_STALE when a signature was given on content the record no
 * longer has (a line changed since), so nothing is sealed that a party did not sign. Otherwise the
 * sealed PDF is rendered (schedule, keys, photos, signatures, certificate page with the content's
 * SHA-256, hotb-content.ts), stored as a file, and its columns returned for the record: the SHA-256
 * of the file's final bytes, of the content, the file and the time. The bytes are written to
 * storage before the commit; a rolled-back completion leaves an unreferenced file, never a record
 * naming a missing one.
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
  const language = pickLanguage(params.headers?.['accept-language'] ?? (params as any).user?.language)
  const { filename, definition } = sealedDefinition(
    { ...print, record: { ...print.record, actualDate } },
    { language, timeZone: region?.timeZone ?? 'UTC', currency: region?.currency ?? undefined },
    { signatures, contentSha256, sealedAt, verifyUrl: mailLink(app, params as any, verifyPagePath) }
  )
  const content = await renderPdf(definition)
  const sha256 = sha256Hex(content)
  const storageKey = newStorageKey(record.region)
  await fileStorage(app).put(storageKey, content)
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
