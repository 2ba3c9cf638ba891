import type { Knex } from 'knex'
import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import type { WorkflowKnexService, WorkflowParams } from '../../../../kit/workflow-runner.js'
import { claimError, claimProblems, isRetentionRelease, ledgerError } from '../../claims/claim-rules.shared.js'
import { figureMismatches, ledgerFailures, type G702Figures } from '../../claims/g702.shared.js'
import { isValidRejectReason, rejectReasonMaxLength, submissionWorkflow, type ClaimHistoryEntry, type SubmissionAction } from '../../claims/submission.workflow.js'
import { isoDay } from '../../../../format/format.shared.js'
import { assertClaimStaff, assertClaimVendor, claimActor, submissionFacts } from './project-submissions.access.js'
import { openRatingTask } from '../vendor-rating-tasks/open-rating-task.js'
import { recordDecision } from '../../claims/decisions.js'
import { mailSubmissionAccepted, mailSubmissionSubmitted } from './project-submissions.mail.js'
import { withTransaction } from '../../../../db/transaction.js'
import { claimInput, claimProject, contextOf, ledgerOf, otherClaims, statedOf } from './claim-context.js'
import { checkedWorkingCopy, constraintErrors } from './claim-working-copy.js'
import { presentClaims } from './claim-present.js'

// The claim's workflow moves (submit, resubmit, accept, reject): one transaction each.

/** The completion types whose acceptance means the work is done (a WORK_COMPLETED rating). */
const workCompletingTypes = new Set(['FULL', 'FINAL_PARTIAL', 'FINAL_PAYMENT'])

/**
 * One workflow move: lock the claim as the caller reads it (404), the caller's `update` on the
 * project (403), the table (409 INVALID_TRANSITION), the claim rules of the move (400), then the
 * write; submit and resubmit freeze the next version in the same transaction.
 */
export async function transitionClaim(service: WorkflowKnexService, app: Application, id: string, action: SubmissionAction, data: any, params: WorkflowParams) {
  return withTransaction(app.get('knex'), params, async (inner) => {
    const db = service.conn(inner)
    const current = await service.lockForWrite(id, inner)
    const project = await db('projects').where({ id: current.projectId }).forUpdate().first()
    if (action === 'submit' || action === 'resubmit') assertClaimVendor(inner, project)
    else assertClaimStaff(inner, project)
    const reason = typeof data.reason === 'string' ? data.reason.trim() : null
    // A reject without its reason is bad input (400, said in the caller's language), not a refused move.
    if (action === 'reject' && current.status === 'OPEN' && !isValidRejectReason(reason)) throw appError(400, 'CLAIM_REJECT_REASON_REQUIRED', { field: 'reason', max: rejectReasonMaxLength })
    const to = submissionWorkflow.next(current.status, action, submissionFacts(current, project, reason), claimActor(inner))
    const context = await contextOf(db, project)
    const now = new Date()
    const entry: ClaimHistoryEntry = { action, at: now.toISOString(), by: inner.user?.id ?? null, order: current.order, reason: action === 'reject' ? reason : null, note: data.note?.trim() || null }
    let changes: Record<string, unknown> = {}
    let version: { version: number; snapshot: any } | null = null
    let acceptedFigures: G702Figures | null = null
    if (action === 'submit' || action === 'resubmit') {
      const row = checkedWorkingCopy(context, current, 'submit')
      changes = { ...row, lines: JSON.stringify(row.lines ?? []), version: current.version + 1, rejectReason: null }
      version = { version: current.version + 1, snapshot: null }
    } else if (action === 'accept') {
      const override = typeof data.releaseOverrideReason === 'string' ? { reason: data.releaseOverrideReason } : null
      const zone = (await app.get('regionCache').get(project.region))?.timeZone ?? 'UTC'
      const ledger = ledgerOf(context, current)
      const failures = claimProblems(claimProject(project), { ...claimInput(current), ledgerRetentionHeldCents: ledger?.heldCents ?? null }, otherClaims(context.claims), 'accept', {
        now,
        timeZone: zone,
        override
      })
      if (failures.length) throw claimError(failures)
      if (ledger) {
        const frozen = await db('project_submission_versions').where({ submissionId: current.id, version: current.version }).first('snapshot')
        const stated = statedOf(current, ledger)
        // Lines 7 and 8 move when an earlier claim is certified after this one was submitted: they are checked against the certificates as they stand.
        const mismatches = frozen?.snapshot?.ledger
          ? figureMismatches(frozen.snapshot.ledger, ledger.figures).filter((mismatch) => !['lessPreviousCertificatesCents', 'currentPaymentDueCents'].includes(mismatch.figure ?? ''))
          : []
        const broken = [...ledgerFailures(ledger.figures, ledger.previous, stated), ...mismatches]
        if (broken.length) throw ledgerError(broken)
        acceptedFigures = ledger.figures
      }
      changes = override ? { releaseOverrideReason: override.reason.trim() } : {}
    } else if (action === 'reject') {
      changes = { rejectReason: reason }
    }
    const history = [...(current.actionHistory ?? []), entry]
    const [stored] = await constraintErrors(db, (savepoint) =>
      savepoint('project_submissions')
        .where({ id: current.id })
        .update({ ...changes, status: to, actionHistory: JSON.stringify(history), updatedAt: now }, '*')
    )
    if (version) {
      const [shown] = await presentClaims(db, [stored], { ...inner, provider: undefined, user: undefined } as any, true, context)
      const snapshot = await snapshotOf(db, shown, project)
      await db('project_submission_versions').insert({
        region: project.region,
        submissionId: current.id,
        version: version.version,
        snapshot: JSON.stringify(snapshot),
        submittedBy: inner.user?.id ?? null,
        submittedAt: now
      })
      await mailSubmissionSubmitted(app, inner, db, project, stored)
    }
    if (action === 'accept' || action === 'reject') {
      // The decision on the version, frozen beside it (its certificate prints it; the version's PDF stays as submitted).
      await recordDecision(db, {
        region: project.region,
        submissionId: current.id,
        version: current.version,
        action,
        entry,
        releaseOverrideReason: (changes.releaseOverrideReason as string | undefined) ?? null,
        figures: acceptedFigures,
        completionAmountCents: current.completionAmountCents === null ? null : Number(current.completionAmountCents)
      })
    }
    if (action === 'accept') {
      await mailSubmissionAccepted(app, inner, db, project, stored, entry)
      await askForRating(app, db, inner, project, stored)
    }
    ;(inner as any).written = { service, record: stored }
    const [shown] = await presentClaims(db, [stored], inner, true)
    return shown
  })
}

/**
 * An accepted claim that ends the work (full or final completion) or pays retention back asks the
 * person in charge to rate the vendor (issue 12 item 9: WORK_COMPLETED, RETENTION_RECEIVED), in the
 * same transaction; the rater's dashboard hears of the task once it is committed.
 */
async function askForRating(app: Application, db: Knex, params: WorkflowParams, project: any, claim: any) {
  const rateType = isRetentionRelease(claim.completionType) ? 'RETENTION_RECEIVED' : workCompletingTypes.has(claim.completionType) ? 'WORK_COMPLETED' : null
  if (!rateType) return
  const task = await openRatingTask(db, { projectId: project.id, rateType, sourceId: claim.id })
  const announce = () => app.service('vendor-rating-tasks' as any).emit('created', task)
  if ((params as any).afterCommit) (params as any).afterCommit.push(announce)
}

/** What a frozen version holds: every claim field, its lines, its figures and ledger, and the project's facts. */
async function snapshotOf(db: Knex, claim: any, project: any) {
  const { actions: _actions, versions: _versions, decision: _decision, ...fields } = claim
  const [vendor, site] = await Promise.all([db('companies').where({ id: project.companyId }).first('name'), db('sites').where({ id: project.siteId }).first('name')])
  return {
    ...fields,
    project: {
      id: project.id,
      number: project.number,
      numberType: project.numberType,
      revisionNum: project.revisionNum,
      currency: project.currency,
      totalAmountCents: Number(project.totalAmountCents),
      retentionPercent: String(project.retentionPercent),
      actualCommencementDate: project.actualCommencementDate ? isoDay(project.actualCommencementDate) : null,
      dlpDate: project.dlpDate ? isoDay(project.dlpDate) : null,
      companyId: project.companyId,
      vendorName: vendor?.name ?? '',
      siteId: project.siteId,
      siteName: site?.name ?? '',
      projectLocation: project.projectLocation ?? null,
      type: project.type ?? null
    }
  }
}
