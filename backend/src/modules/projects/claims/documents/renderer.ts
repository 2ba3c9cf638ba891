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
import type { G702Figures } from '../g702.shared.js'
import { claimDocument, claimDocumentFileName, type ClaimDocumentSnapshot } from './claim-document.js'
import { claimDocumentVersion } from './claim-document.shared.js'

/*
 * `GET documents/projectSubmission/<submission id>?version=<n>` (issue 12 item 8): the claim
 * document of a frozen version, in the reader's language. The submission is read through its own
 * service with the caller's params first (404/403 from the project's rules before anything else);
 * the version's snapshot is what is printed, never the live rows. The first download of each
 * (version, language) is rendered and stored in files with its SHA-256 (the en-US one also on the
 * version row); every later download gives the stored bytes, so a version's PDF never changes.
 */

const ID = /^[a-z0-9]{24}$/

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk))
  return Buffer.concat(chunks)
}

const isFigures = (value: any): value is G702Figures => Boolean(value && typeof value === 'object' && Array.isArray(value.lines) && value.totals && 'contractSumToDateCents' in value)

/** The names a snapshot holds as ids (vendor, site, people), looked up when the version is first printed. */
async function namesOf(app: Application, snapshot: any, submission: any) {
  const db = app.get('knex')
  const project = snapshot.project ?? {}
  const history: any[] = Array.isArray(snapshot.actionHistory) ? snapshot.actionHistory : []
  const userIds = [project.managedBy, snapshot.inspectorId, snapshot.submittedBy, ...history.map((entry) => entry?.by)].filter((id) => Number.isSafeInteger(Number(id)) && id !== null)
  const users: any[] = userIds.length
    ? await db('users')
        .whereIn('id', [...new Set(userIds.map(Number))])
        .select('id', 'displayName', 'username')
    : []
  const userName = new Map(users.map((user) => [Number(user.id), user.displayName || user.username]))
  const companyId = project.companyId ?? snapshot.companyId ?? submission.companyId
  const company = companyId ? await db('companies').where({ id: companyId }).first('name') : null
  const site = project.siteId ? await db('sites').where({ id: project.siteId }).first('name') : null
  return { userName, vendorName: project.vendorName ?? company?.name ?? '', siteName: project.siteName ?? site?.name ?? null }
}

/** What the stored snapshot says, as the document prints it (snapshot fields as the submissions service freezes them). */
export async function documentSnapshotOf(app: Application, version: any, submission: any): Promise<ClaimDocumentSnapshot> {
  const snapshot = version.snapshot ?? {}
  const project = snapshot.project ?? {}
  const names = await namesOf(app, snapshot, submission)
  const person = (id: unknown) => (id === null || id === undefined ? null : (names.userName.get(Number(id)) ?? null))
  const figures = isFigures(snapshot.ledger) ? snapshot.ledger : isFigures(snapshot.figures) ? snapshot.figures : null
  const submittedAt = new Date(version.submittedAt ?? snapshot.submittedAt).toISOString()
  const history: any[] = Array.isArray(snapshot.actionHistory) ? snapshot.actionHistory : []
  return {
    project: {
      id: String(project.id ?? submission.projectId),
      number: String(project.number ?? ''),
      numberType: project.numberType ?? 'PO',
      revisionNum: project.revisionNum ?? null,
      siteName: names.siteName,
      projectLocation: project.projectLocation ?? null,
      vendorName: names.vendorName,
      personInChargeName: person(project.managedBy),
      currency: project.currency ?? null,
      totalAmountCents: Number(project.totalAmountCents ?? 0),
      retentionPercent: project.retentionPercent ?? null,
      dlpDate: project.dlpDate ? String(project.dlpDate).slice(0, 10) : null
    },
    claim: {
      id: String(submission.id),
      order: Number(snapshot.order ?? submission.order),
      version: Number(version.version),
      status: String(snapshot.status ?? 'OPEN'),
      completionType: snapshot.completionType ?? null,
      invoiceNumber: snapshot.invoiceNumber ?? null,
      invoiceDate: snapshot.invoiceDate ? String(snapshot.invoiceDate).slice(0, 10) : null,
      invoiceAmountCents: snapshot.invoiceAmountCents ?? null,
      completionAmountCents: snapshot.completionAmountCents ?? null,
      previousAmountCents: snapshot.previousAmountCents ?? null,
      remainingBalanceCents: snapshot.remainingBalanceCents ?? null,
      deductionAmountCents: snapshot.deductionAmountCents ?? null,
      retentionAmountCents: snapshot.retentionAmountCents ?? null,
      retainageReleasedCents: snapshot.retainageReleasedCents ?? null,
      inspectorName: person(snapshot.inspectorId),
      submittedAt,
      submittedByName: person(version.submittedBy ?? snapshot.submittedBy)
    },
    figures,
    history: history.map((entry) => ({
      action: String(entry.action),
      at: new Date(entry.at).toISOString(),
      byName: person(entry.by),
      reason: entry.reason ?? null,
      note: entry.note ?? null
    }))
  }
}

/** The stored document of a version in a language, if it was rendered before. */
async function storedDocument(app: Application, versionId: number, language: Language): Promise<StoredDocument | null> {
  const db = app.get('knex')
  const row = await db('project_submission_documents')
    .join('files', 'files.id', 'project_submission_documents.fileId')
    .where({ 'project_submission_documents.versionId': versionId, 'project_submission_documents.language': language })
    .first('project_submission_documents.sha256', 'files.storageKey', 'files.name')
  if (!row) return null
  return { filename: row.name, sha256: row.sha256, content: await bytesOf(await fileStorage(app).get(row.storageKey)) }
}

/** Renders a version's document and keeps it: the first one stored for (version, language) wins a race, and is what every caller gets. */
async function renderAndStore(app: Application, version: any, submission: any, language: Language, request: DocumentRequest): Promise<StoredDocument> {
  const db = app.get('knex')
  const snapshot = await documentSnapshotOf(app, version, submission)
  const filename = claimDocumentFileName(snapshot)
  const content = await renderPdf(claimDocument(snapshot, { language, timeZone: request.settings.timeZone }))
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
        ownerResource: 'project-submission-versions',
        ownerId: String(version.id),
        companyId: submission.companyId ?? null
      },
      ['id']
    )
    const inserted = await trx('project_submission_documents')
      .insert({ region: submission.region, versionId: version.id, language, fileId: file.id, sha256 })
      .onConflict(['version_id', 'language'])
      .ignore()
      .returning(['id'])
    if (!inserted.length) return false
    if (language === 'en-US') await trx('project_submission_versions').where({ id: version.id }).whereNull('pdfSha256').update({ pdfFileId: file.id, pdfSha256: sha256 })
    return true
  })
  if (kept) return { filename, sha256, content }
  // Another download stored it first: give theirs, and drop ours.
  await db('files').where({ storageKey }).delete()
  await storage.remove(storageKey).catch((error) => logger.warn(`Claim document ${storageKey} not removed`, error))
  return (await storedDocument(app, version.id, language))!
}

/** The first renders under way in this process, by version and language. */
const firstRenders = new Map<string, Promise<StoredDocument>>()

export const projectSubmissionDocument: DocumentRenderer = {
  async render(app, request) {
    const { id, caller, params, settings } = request
    if (!ID.test(id)) throw appError(404, 'NOT_FOUND')
    // The submission through its own rules (the project's): 403 / 404 before anything else.
    const submission: any = await app.service('project-submissions' as any).get(id, { ...caller, query: {} })
    const asked = claimDocumentVersion(params.query?.version, submission.version)
    if (asked === null) throw appError(404, 'NOT_FOUND')
    const version = await app.get('knex')('project_submission_versions').where({ submissionId: submission.id, version: asked }).first()
    if (!version) throw appError(404, 'NOT_FOUND')
    const stored = await storedDocument(app, version.id, settings.language)
    if (stored) return stored
    // Callers asking at once for a version not yet stored share one render (the database keeps the first of several processes).
    const key = `${version.id}|${settings.language}`
    let rendering = firstRenders.get(key)
    if (!rendering) {
      rendering = renderAndStore(app, version, submission, settings.language, request).finally(() => firstRenders.delete(key))
      firstRenders.set(key, rendering)
    }
    return rendering
  }
}
