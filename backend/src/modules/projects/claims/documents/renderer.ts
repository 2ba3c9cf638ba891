import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import type { DocumentRenderer } from '../../../../services/documents/documents.class.js'
import type { G702Figures } from '../g702.shared.js'
import { claimDocument, claimDocumentFileName, type ClaimDocumentSnapshot } from './claim-document.js'
import { claimDocumentVersion } from './claim-document.shared.js'
import { frozenDocuments } from './frozen-documents.js'

/*
 * `GET documents/projectSubmission/<submission id>?version=<n>` (issue 12 item 8): the claim
 * document of a frozen version, in the reader's language. The submission is read through its own
 * service with the caller's params first (404/403 from the project's rules before anything else);
 * the version's snapshot is what is printed, never the live rows. The first download of each
 * (version, language) is rendered and stored in files with its SHA-256 (the en-US one also on the
 * version row); every later download gives the stored bytes, so a version's PDF never changes.
 */

const ID = /^[a-z0-9]{24}$/

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

/** A version's documents, one per language; the en-US one is also named on the version row. */
const versionDocuments = frozenDocuments({
  table: 'project_submission_documents',
  recordColumn: 'version_id',
  ownerResource: 'project-submission-versions',
  name: 'Claim document',
  onKept: (trx, { recordId, language, fileId, sha256 }) =>
    language === 'en-US' ? trx('project_submission_versions').where({ id: recordId }).whereNull('pdfSha256').update({ pdfFileId: fileId, pdfSha256: sha256 }) : Promise.resolve()
})

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
    return versionDocuments.get(app, { id: version.id, region: submission.region, companyId: submission.companyId }, settings.language, async () => {
      const snapshot = await documentSnapshotOf(app, version, submission)
      return { filename: claimDocumentFileName(snapshot, settings.language), definition: claimDocument(snapshot, { language: settings.language, timeZone: settings.timeZone }) }
    })
  }
}
