import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import type { DocumentRenderer } from '../../../../services/documents/documents.class.js'
import { claimCertificate, claimCertificateFileName, type ClaimCertificateSnapshot } from './certificate.js'
import { claimDocumentVersion } from './claim-document.shared.js'
import { frozenDocuments } from './frozen-documents.js'
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

/** A decision's certificates, one per language. */
const decisionCertificates = frozenDocuments({
  table: 'project_submission_certificates',
  recordColumn: 'decision_id',
  ownerResource: 'project-submission-decisions',
  name: 'Claim certificate'
})

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
    return decisionCertificates.get(app, { id: decision.id, region: submission.region, companyId: submission.companyId }, settings.language, async () => {
      const snapshot = await certificateSnapshotOf(app, version, submission, decision)
      return { filename: claimCertificateFileName(snapshot, settings.language), definition: claimCertificate(snapshot, { language: settings.language, timeZone: settings.timeZone }) }
    })
  }
}
