import { createHash } from 'node:crypto'
import type { Readable } from 'node:stream'
import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { logger } from '../../../../logger.js'
import { renderPdf } from '../../../../documents/pdf.js'
import type { Language } from '../../../../i18n/messages.js'
import { fileStorage } from '../../../../storage/create-storage.js'
import { newStorageKey } from '../../../../storage/file-storage.js'
import type { DocumentRenderer, DocumentRequest, StoredDocument } from '../../../../services/documents/documents.class.js'
import { claimCertificate, claimCertificateFileName, type ClaimCertificateSnapshot } from './certificate.js'
import { claimDocumentVersion } from './claim-document.shared.js'
import { documentSnapshotOf } from './renderer.js'

/*
 * `GET documents/projectSubmissionCertificate/<submission id>?version=<n>`: the certificate of the
 * decision on version n (certificate.ts), in the reader's language. As the claim document: the
 * submission is read through its own service with the caller's params first (403/404 from the
 * project's rules before anything else); 404 for a version not decided; the first download of each
 * (decision, language) is rendered from the frozen decision and version and stored in files with
 * its SHA-256 (project_submission_certificates, frozen), and every later download gives those bytes.
 * The version's own claim document is not touched.
 */

const ID = /^[a-z0-9]{24}$/

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk))
  return Buffer.concat(chunks)
}

async function storedCertificate(app: Application, decisionId: number, language: Language): Promise<StoredDocument | null> {
  const row = await app
    .get('knex')('project_submission_certificates')
    .join('files', 'files.id', 'project_submission_certificates.fileId')
    .where({ 'project_submission_certificates.decisionId': decisionId, 'project_submission_certificates.language': language })
    .first('project_submission_certificates.sha256', 'files.storageKey', 'files.name')
  if (!row) return null
  return { filename: row.name, sha256: row.sha256, content: await bytesOf(await fileStorage(app).get(row.storageKey)) }
}

/** What the certificate prints: the version's facts as frozen, and the decision as recorded. */
async function certificateSnapshotOf(app: Application, version: any, submission: any, decision: any): Promise<ClaimCertificateSnapshot> {
  const printed = await documentSnapshotOf(app, version, submission)
  const decider = decision.decidedBy ? await app.get('knex')('users').where({ id: decision.decidedBy }).first('displayName', 'username') : null
  return {
    project: { number: printed.project.number, numberType: printed.project.numberType, vendorName: printed.project.vendorName, siteName: printed.project.siteName, currency: printed.project.currency },
    claim: {
      order: printed.claim.order,
      version: printed.claim.version,
      submittedAt: printed.claim.submittedAt,
      submittedByName: printed.claim.submittedByName,
      completionAmountCents: printed.claim.completionAmountCents === null || printed.claim.completionAmountCents === undefined ? null : Number(printed.claim.completionAmountCents),
      invoiceNumber: printed.claim.invoiceNumber
    },
    decision: {
      decision: decision.decision,
      decidedAt: new Date(decision.decidedAt).toISOString(),
      decidedByName: decider ? decider.displayName || decider.username : null,
      reason: decision.reason,
      note: decision.note,
      releaseOverrideReason: decision.releaseOverrideReason,
      certifiedAmountCents: decision.certifiedAmountCents === null ? null : Number(decision.certifiedAmountCents),
      figures: decision.figures ?? null
    }
  }
}

async function renderAndStore(app: Application, version: any, submission: any, decision: any, language: Language, request: DocumentRequest): Promise<StoredDocument> {
  const db = app.get('knex')
  const snapshot = await certificateSnapshotOf(app, version, submission, decision)
  const filename = claimCertificateFileName(snapshot)
  const content = await renderPdf(claimCertificate(snapshot, { language, timeZone: request.settings.timeZone }))
  const sha256 = createHash('sha256').update(content).digest('hex')
  const storage = fileStorage(app)
  const storageKey = newStorageKey(submission.region)
  await storage.put(storageKey, content)
  const kept = await db.transaction(async (trx) => {
    const [file] = await trx('files').insert(
      {
        region: submission.region,
        name: filename,
        mimeType: 'application/pdf',
        size: content.length,
        sha256,
        storageKey,
        ownerResource: 'project-submission-decisions',
        ownerId: String(decision.id),
        companyId: submission.companyId ?? null
      },
      ['id']
    )
    const inserted = await trx('project_submission_certificates')
      .insert({ region: submission.region, decisionId: decision.id, language, fileId: file.id, sha256 })
      .onConflict(['decision_id', 'language'])
      .ignore()
      .returning(['id'])
    return inserted.length > 0
  })
  if (kept) return { filename, sha256, content }
  // Another download stored it first: give theirs, and drop ours.
  await db('files').where({ storageKey }).delete()
  await storage.remove(storageKey).catch((error) => logger.warn(`Claim certificate ${storageKey} not removed`, error))
  return (await storedCertificate(app, decision.id, language))!
}

/** The first renders under way in this process, by decision and language. */
const firstRenders = new Map<string, Promise<StoredDocument>>()

export const projectSubmissionCertificate: DocumentRenderer = {
  async render(app, request) {
    const { id, caller, params, settings } = request
    if (!ID.test(id)) throw appError(404, 'NOT_FOUND')
    const submission: any = await app.service('project-submissions' as any).get(id, { ...caller, query: {} })
    const asked = claimDocumentVersion(params.query?.version, submission.version)
    if (asked === null) throw appError(404, 'NOT_FOUND')
    const db = app.get('knex')
    const version = await db('project_submission_versions').where({ submissionId: submission.id, version: asked }).first()
    const decision = version ? await db('project_submission_decisions').where({ versionId: version.id }).first() : null
    if (!decision) throw appError(404, 'NOT_FOUND')
    const stored = await storedCertificate(app, decision.id, settings.language)
    if (stored) return stored
    const key = `${decision.id}|${settings.language}`
    let rendering = firstRenders.get(key)
    if (!rendering) {
      rendering = renderAndStore(app, version, submission, decision, settings.language, request).finally(() => firstRenders.delete(key))
      firstRenders.set(key, rendering)
    }
    return rendering
  }
}
