import type { Knex } from 'knex'
import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import type { TransitionRun, WorkflowParams } from '../../../../kit/workflow-runner.js'
import { claimError, claimProblems, isRetentionRelease, ledgerError } from '../../claims/claim-rules.shared.js'
import { figureMismatches, ledgerFailures, type G702Figures } from '../../claims/g702.shared.js'
import {
  isValidRejectReason,
  rejectReasonMaxLength,
  submissionWorkflow,
  type ClaimActor,
  type ClaimHistoryEntry,
  type SubmissionAction,
  type SubmissionFacts,
  type SubmissionState
} from '../../claims/submission.workflow.js'
import { isoDay } from '../../../../format/format.shared.js'
import { assertClaimStaff, assertClaimVendor, claimActor, submissionFacts } from './project-submissions.access.js'
import { openRatingTask } from '../vendor-rating-tasks/open-rating-task.js'
import { recordDecision } from '../../claims/decisions.js'
import { mailSubmissionAccepted, mailSubmissionSubmitted } from './project-submissions.mail.js'
import { claimInput, claimProject, contextOf, ledgerOf, otherClaims, statedOf, type ClaimContext } from './claim-context.js'
import { checkedWorkingCopy, constraintErrors } from './claim-working-copy.js'
import { presentClaims } from './claim-present.js'

// The claim's workflow moves (submit, resubmit, accept, reject) as runs of the kit's workflow
// runner (kit/workflow-runner.ts): one transaction each, the service answering the stored claim
// as `presentClaims` shows it.

/** The completion types whose acceptance means the work is done (a WORK_COMPLETED rating). */
const workCompletingTypes = new Set(['FULL', 'FINAL_PARTIAL', 'FINAL_PAYMENT'])

/**
 * One workflow move: lock the claim as the caller reads it (404) and its project; the caller's
 * `update` on the project, the vendor's moves by the vendor and staff's by staff (403); a reject's
 * reason (400, before the table); the table (409 INVALID_TRANSITION); the claim rules of the move
 * (400) and, on accept, the ledger's invariants (409); then the write, and after it, with the stored
 * row: submit and resubmit freeze the next version and mail "submitted", accept and reject record
 * the decision beside the version, accept mails "accepted" and asks for the vendor's rating.
 */
export function claimTransition(app: Application, id: string, action: SubmissionAction, data: any, params: WorkflowParams): TransitionRun<any, SubmissionState, SubmissionFacts, ClaimActor, any> {
  const reason = typeof data.reason === 'string' ? data.reason.trim() : null
  const submits = action === 'submit' || action === 'resubmit'
  // What the move learns before its write and uses after it.
  let entry: ClaimHistoryEntry
  let context: ClaimContext
  let acceptedFigures: G702Figures | null = null
  let overrideReason: string | null = null
  return {
    id,
    action,
    params,
    workflow: submissionWorkflow,
    related: (db, claim) => db('projects').where({ id: claim.projectId }).forUpdate().first(),
    authorize: (_claim, project) => (submits ? assertClaimVendor(params, project) : assertClaimStaff(params, project)),
    precheck: (claim) => {
      // A reject without its reason is bad input (400, said in the caller's language), not a refused move.
      if (action === 'reject' && claim.status === 'OPEN' && !isValidRejectReason(reason)) throw appError(400, 'CLAIM_REJECT_REASON_REQUIRED', { field: 'reason', max: rejectReasonMaxLength })
    },
    facts: (claim, project) => submissionFacts(claim, project, reason),
    actor: claimActor,
    apply: async (db, claim, project, _to, now) => {
      context = await contextOf(db, project)
      entry = { action, at: now.toISOString(), by: params.user?.id ?? null, order: claim.order, reason: action === 'reject' ? reason : null, note: data.note?.trim() || null }
      const history = JSON.stringify([...(claim.actionHistory ?? []), entry])
      if (submits) {
        const row = checkedWorkingCopy(context, claim, 'submit')
        return { ...row, lines: JSON.stringify(row.lines ?? []), version: claim.version + 1, rejectReason: null, actionHistory: history }
      }
      if (action === 'accept') {
        const override = typeof data.releaseOverrideReason === 'string' ? { reason: data.releaseOverrideReason } : null
        acceptedFigures = await acceptanceChecks(app, db, context, claim, project, override, now)
        overrideReason = override ? override.reason.trim() : null
        return { ...(override ? { releaseOverrideReason: overrideReason } : {}), actionHistory: history }
      }
      return { rejectReason: reason, actionHistory: history }
    },
    // A submit's invoice number taken meanwhile is answered as the claim's edits answer it (the unique index decides).
    guardWrite: (db, write) => constraintErrors(db, write),
    after: async (db, stored, claim, project, _to, now) => {
      if (submits) {
        const [shown] = await presentClaims(db, [stored], { ...params, provider: undefined, user: undefined } as any, true, context)
        const snapshot = await snapshotOf(db, shown, project)
        await db('project_submission_versions').insert({
          region: project.region,
          submissionId: claim.id,
          version: claim.version + 1,
          snapshot: JSON.stringify(snapshot),
          submittedBy: params.user?.id ?? null,
          submittedAt: now
        })
        await mailSubmissionSubmitted(app, params, db, project, stored)
        return
      }
      // The decision on the version, frozen beside it (its certificate prints it; the version's PDF stays as submitted).
      await recordDecision(db, {
        region: project.region,
        submissionId: claim.id,
        version: claim.version,
        action,
        entry,
        releaseOverrideReason: overrideReason,
        figures: acceptedFigures,
        completionAmountCents: claim.completionAmountCents === null ? null : Number(claim.completionAmountCents)
      })
      if (action === 'accept') {
        await mailSubmissionAccepted(app, params, db, project, stored, entry)
        await askForRating(app, db, params, project, stored)
      }
    }
  }
}

/**
 * An accept's own checks, after the table: the claim rules of an acceptance (400; a retention
 * release before the defects liability date needs staff's override with a reason), then, with a
 * schedule of values, the ledger's invariants and the figures frozen at submission (409). The
 * figures the decision records: the ledger's, or null without a schedule.
 */
async function acceptanceChecks(app: Application, db: Knex, context: ClaimContext, claim: any, project: any, override: { reason: string } | null, now: Date): Promise<G702Figures | null> {
  const zone = (await app.get('regionCache').get(project.region))?.timeZone ?? 'UTC'
  const ledger = ledgerOf(context, claim)
  const failures = claimProblems(claimProject(project), { ...claimInput(claim), ledgerRetentionHeldCents: ledger?.heldCents ?? null }, otherClaims(context.claims), 'accept', {
    now,
    timeZone: zone,
    override
  })
  if (failures.length) throw claimError(failures)
  if (!ledger) return null
  const frozen = await db('project_submission_versions').where({ submissionId: claim.id, version: claim.version }).first('snapshot')
  const stated = statedOf(claim, ledger)
  // Lines 7 and 8 move when an earlier claim is certified after this one was submitted: they are checked against the certificates as they stand.
  const mismatches = frozen?.snapshot?.ledger
    ? figureMismatches(frozen.snapshot.ledger, ledger.figures).filter((mismatch) => !['lessPreviousCertificatesCents', 'currentPaymentDueCents'].includes(mismatch.figure ?? ''))
    : []
  const broken = [...ledgerFailures(ledger.figures, ledger.previous, stated), ...mismatches]
  if (broken.length) throw ledgerError(broken)
  return ledger.figures
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
