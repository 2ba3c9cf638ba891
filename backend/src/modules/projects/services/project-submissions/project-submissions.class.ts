import { MethodNotAllowed } from '@feathersjs/errors'
import type { Id, NullableId } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { WorkflowKnexService, type WorkflowParams } from '../../../../kit/workflow-runner.js'
import {
  claimError,
  claimFigures,
  claimProblems,
  invoiceNumberKey,
  isRetentionRelease,
  ledgerError,
  type ClaimCheck,
  type ClaimFailure,
  type ClaimInput,
  type ClaimProject,
  type OtherClaim
} from '../../claims/claim-rules.shared.js'
import { claimLineProblems, itemKey, type ClaimLine, type ScheduleLine } from '../../claims/schedule-of-values.shared.js'
import { claimAmountsOfApplication, computeApplication, figureMismatches, ledgerFailures, type Application as LedgerApplication, type G702Figures } from '../../claims/g702.shared.js'
import { applicationOf, ledgerClaimsBefore, retentionHeldOf } from '../../claims/claim-ledger.shared.js'
import { claimDecision, isValidRejectReason, rejectReasonMaxLength, submissionWorkflow, type ClaimHistoryEntry, type SubmissionAction } from '../../claims/submission.workflow.js'
import { isoDay } from '../../../../format/format.shared.js'
import { actionsOf, assertClaimStaff, assertClaimVendor, claimActor, inspectorCandidates, submissionFacts } from './project-submissions.access.js'
import { openRatingTask } from '../vendor-rating-tasks/open-rating-task.js'
import { recordDecision } from '../../claims/decisions.js'
import { mailSubmissionAccepted, mailSubmissionSubmitted, mailInspectorAssigned } from './project-submissions.mail.js'
import { withTransaction } from '../../../../db/transaction.js'
import { inTransaction } from '../../../../db/transaction.js'

const UNIQUE_VIOLATION = '23505'
const CHECK_VIOLATION = '23514'

/** The claim's fields a vendor edits while it is editable (DRAFT, REJECTED). */
const editableFields = ['completionType', 'invoiceNumber', 'invoiceAmountCents', 'invoiceDate', 'completionAmountCents', 'deductionAmountCents', 'lines'] as const

/** The completion types whose acceptance means the work is done (a WORK_COMPLETED rating). */
const workCompletingTypes = new Set(['FULL', 'FINAL_PARTIAL', 'FINAL_PAYMENT'])

/**
 * The work per item of claims in the ledger, summed by the database: each stored claim names an
 * item once (claimLineProblems), so it is each claim's line summed. A claim is in the ledger only
 * while submitted or accepted, when its lines cannot change (an edit takes it back to draft or
 * rejected, and submitting again makes a new version), so one set of such claims, named by their
 * versions, has one sum for good: each process keeps the last 100 (a claim screen after 58 claims
 * of 500 lines summed 29,000 lines on every read, 23 ms of the database's time).
 */
const foldedSums = new Map<string, Map<string, number>>()

async function foldedWork(db: Knex, claims: { id: string; version: number; updatedAt: Date | string }[]): Promise<Map<string, number>> {
  const key = claims.map((claim) => `${claim.id}:${claim.version}:${new Date(claim.updatedAt).getTime()}`).join(',')
  const known = foldedSums.get(key)
  if (known) return known
  const sums: { item: string; work: string }[] = await db('project_submissions as s')
    .crossJoin(db.raw('jsonb_array_elements(s.lines) as line'))
    .whereIn(
      's.id',
      claims.map((one) => one.id)
    )
    .groupByRaw("line->>'item'")
    .select(db.raw("line->>'item' as item"), db.raw("sum((line->>'workThisPeriodCents')::bigint)::text as work"))
  // Items as the ledger matches them ('a1' is the schedule's 'A1'): one line each.
  const work = new Map<string, number>()
  for (const sum of sums) work.set(itemKey(sum.item), (work.get(itemKey(sum.item)) ?? 0) + Number(sum.work))
  if (foldedSums.size >= 100) foldedSums.delete(foldedSums.keys().next().value!)
  foldedSums.set(key, work)
  return work
}

/** Everything a claim's figures are computed from: its project, the project's schedule and other claims. */
interface ClaimContext {
  project: any
  schedule: ScheduleLine[]
  claims: any[]
  /**
   * The claim screen's read: the claims in the ledger before `beforeOrder` summed by the database
   * into one application (their lines are not read); every other claim as in `claims`.
   */
  folded?: { beforeOrder: number; application: LedgerApplication }
}

/** A claim as the rules read it. */
function claimInput(claim: any): ClaimInput {
  return {
    id: claim.id ?? null,
    status: claim.status,
    completionType: claim.completionType ?? null,
    completionAmountCents: claim.completionAmountCents ?? null,
    deductionAmountCents: claim.deductionAmountCents ?? 0,
    retentionAmountCents: claim.retentionAmountCents ?? null,
    invoiceNumber: claim.invoiceNumber ?? null
  }
}

/** The project as the rules read it. */
function claimProject(project: any): ClaimProject {
  return {
    totalAmountCents: Number(project.totalAmountCents),
    retentionPercent: project.retentionPercent,
    actualCommencementDate: project.actualCommencementDate ? isoDay(project.actualCommencementDate) : null,
    dlpDate: project.dlpDate ? isoDay(project.dlpDate) : null
  }
}

/**
 * When the claim's current version was submitted: the date of its application, whose contract sum
 * counts the change orders approved by then (claim-ledger.shared.ts `applicationOf`).
 */
export const submittedAtOf = (db: Knex) =>
  db.raw('(SELECT v.submitted_at FROM project_submission_versions v WHERE v.submission_id = project_submissions.id AND v.version = project_submissions.version) AS "submittedAt"')

const otherClaims = (claims: readonly any[]): OtherClaim[] =>
  claims.map((claim) => ({ id: claim.id, status: claim.status, completionType: claim.completionType, completionAmountCents: claim.completionAmountCents }))

/**
 * The G702/G703 ledger up to this claim: the project's submitted and accepted claims before it
 * (by order), then the claim itself; null without a schedule of values. `figures` are the claim's,
 * `previous` the previous application's (its G gives the claim's amount), `certified` the last
 * accepted one's before it (its line 6 is the claim's line 7), and `heldCents` the retention held
 * this claim's release may draw on (claim-ledger.shared.ts: the one definition).
 */
export function ledgerOf(context: ClaimContext, claim: any): { figures: G702Figures; previous: G702Figures | null; certified: G702Figures | null; heldCents: number } | null {
  if (!context.schedule.length) return null
  const order = claim.order ?? Number.MAX_SAFE_INTEGER
  const folded = context.folded && context.folded.beforeOrder <= order ? context.folded : null
  const before = ledgerClaimsBefore(context.claims, claim).filter((other) => !(folded && other.order < folded.beforeOrder))
  // A claim read on its own (locked for a move) is dated as the project's claims read it.
  const dated = claim.submittedAt === undefined ? context.claims.find((other) => claim.id != null && String(other.id) === String(claim.id)) : null
  const own = applicationOf(dated ? { ...claim, submittedAt: dated.submittedAt } : claim)
  const applications: LedgerApplication[] = [...(folded ? [folded.application] : []), ...before.map(applicationOf), own]
  const percent = String(context.project.retentionPercent ?? 0)
  const rates = { workPercent: percent, storedPercent: percent }
  const lastCertified = lastIndexOf(applications.slice(0, -1), (application) => application.certified !== false)
  // Only the last applications' G703 lines are worked out (a claim screen of 60 claims of 500 lines each stays fast).
  const figures = computeApplication(context.schedule, applications, rates)
  return {
    figures,
    previous: applications.length > 1 ? computeApplication(context.schedule, applications.slice(0, -1), rates) : null,
    certified: lastCertified >= 0 ? computeApplication(context.schedule, applications.slice(0, lastCertified + 1), rates) : null,
    heldCents: retentionHeldOf(figures, own)
  }
}

const lastIndexOf = <T>(items: readonly T[], test: (item: T) => boolean) => {
  for (let index = items.length - 1; index >= 0; index--) if (test(items[index])) return index
  return -1
}

/** What the claim states beside its lines, for the ledger's check: a work claim's amount, and the certificates issued before it. */
const statedOf = (claim: any, ledger: NonNullable<ReturnType<typeof ledgerOf>>) => ({
  completionAmountCents: isRetentionRelease(claim.completionType) ? null : Number(claim.completionAmountCents ?? 0),
  previousCertificatesCents: ledger.certified?.totalEarnedLessRetainageCents ?? 0
})

/**
 * Payment claims of a project (spec §3 Submission, §4, §5, §9; issue 12 items 5 to 7), in one
 * service:
 * - find {projectId, status, completionType, $limit, $skip, $sort} and get: the claims of the
 *   projects the caller reads (project-submissions.access.ts); each answer carries `figures`
 *   (claimFigures), `decision` (claimDecision of the action history) and `actions` (the workflow
 *   moves open to the caller); get also `ledger` (the G702/G703 figures when the project has a
 *   schedule of values, else null), `ledgerFailures` (the invariant check) and `versions`;
 * - create (the project's vendor): a DRAFT with the next order of the project;
 * - patch {updatedAt, ...fields} while DRAFT or REJECTED, by the vendor; patch {updatedAt, action,
 *   reason?, note?, releaseOverrideReason?} or the method of the action's name ({id, updatedAt,
 *   ...}): submit and resubmit (the vendor) freeze version n + 1 in project_submission_versions
 *   in the same transaction and mail "submission submitted"; accept runs the claim rules
 *   ('accept'), the defects liability date of a retention release (or staff's override with a
 *   reason) and the ledger's invariants against the frozen figures (409 otherwise), and mails
 *   "submission accepted"; reject needs a reason;
 * - remove: a DRAFT, by the vendor;
 * - assignInspector {id, updatedAt, inspectorId} (staff in charge): a staff user of the region,
 *   mailed "inspector assigned".
 * Every external write runs inside the audited write (lock as the caller reads, 428/410, audit
 * row, the event after the commit). Bad figures answer 400 with every failure (claimError), a
 * taken invoice number 409 naming the clashing claim (database index as the last word).
 */
export class ProjectSubmissionService extends WorkflowKnexService<any> {
  readonly lockChecksAccess = true

  constructor(options: any, app: Application) {
    super(options, app, { resource: 'projects' })
  }

  createQuery(params: WorkflowParams = {}) {
    // The access narrowing is the contract's (project-submissions.access.ts, applied by the knex service).
    const query = super.createQuery(params)
    if (!(params.query as any)?.$sort) query.orderBy('project_submissions.projectId').orderBy('project_submissions.order')
    return query
  }

  async find(params: WorkflowParams = {}): Promise<any> {
    const result: any = await super._find(params as any)
    const rows = Array.isArray(result) ? result : result.data
    const shown = await this.present(rows, params, false)
    return Array.isArray(result) ? shown : { ...result, data: shown }
  }

  async get(id: Id, params: WorkflowParams = {}): Promise<any> {
    const record = await super._get(id, params as any)
    const [shown] = await this.present([record], params, true)
    return shown
  }

  /** A new DRAFT claim of a project the vendor reads (read through the projects service before this). */
  async create(data: any, params: WorkflowParams = {}): Promise<any> {
    if (Array.isArray(data)) throw new MethodNotAllowed('Can not create multiple entries')
    return this.inTransaction(params, async (inner) => {
      const db = this.conn(inner)
      const project = await db('projects').where({ id: data.projectId }).forUpdate().first()
      if (!project || (inner.region && project.region !== inner.region)) throw appError(400, 'REFERENCE_INVALID', { field: 'projectId' })
      assertClaimVendor(inner, project)
      if (!['ACTIVE', 'COMPLETED'].includes(project.status)) throw appError(409, 'INVALID_TRANSITION', { status: project.status, action: 'create' })
      const context = await this.contextOf(db, project)
      const next = Math.max(0, ...context.claims.map((claim) => Number(claim.order))) + 1
      // The claim's deduction is the deduction to date: it starts as the project's (claim-rules.shared.ts).
      const draft = { id: null, status: 'DRAFT', order: next, deductionAmountCents: Number(project.deductionCents ?? 0), ...this.editable(data) }
      const row = this.checkedWorkingCopy(context, draft, 'save')
      await this.assertInvoiceFree(db, project.companyId, row.invoiceKey as string, null)
      const [created] = await this.insertOrClash(db, project.companyId, (savepoint) =>
        savepoint('project_submissions').insert(
          {
            ...row,
            region: project.region,
            projectId: project.id,
            companyId: project.companyId,
            order: next,
            status: 'DRAFT',
            version: 0,
            lines: JSON.stringify(row.lines ?? []),
            actionHistory: JSON.stringify([]),
            createdBy: inner.user?.id ?? null
          },
          '*'
        )
      )
      ;(inner as any).written = { service: this, record: created }
      const [shown] = await this.present([created], inner, true, context)
      return shown
    })
  }

  /** Fields while editable, by the vendor; or one workflow action (`action`). */
  async patch(id: NullableId, data: any, params: WorkflowParams = {}): Promise<any> {
    if (id === null) throw new MethodNotAllowed('Can not patch multiple entries')
    if (data?.action) return this.transition(String(id), data.action, data, params)
    return this.inTransaction(params, async (inner) => {
      const db = this.conn(inner)
      const current = await this.lockForWrite(id, inner)
      const project = await db('projects').where({ id: current.projectId }).forUpdate().first()
      assertClaimVendor(inner, project)
      if (!submissionWorkflow.isIn('editable', current.status)) throw appError(409, 'CLAIM_FROZEN', { status: current.status, order: current.order })
      const context = await this.contextOf(db, project)
      const merged = { ...current, ...this.editable(data) }
      const row = this.checkedWorkingCopy(context, merged, 'save')
      await this.assertInvoiceFree(db, project.companyId, row.invoiceKey as string, current.id)
      const [stored] = await this.insertOrClash(db, project.companyId, (savepoint) =>
        savepoint('project_submissions')
          .where({ id: current.id })
          .update({ ...row, lines: JSON.stringify(row.lines ?? []), updatedAt: new Date() }, '*')
      )
      ;(inner as any).written = { service: this, record: stored }
      const [shown] = await this.present([stored], inner, true, context)
      return shown
    })
  }

  /** A DRAFT claim, by the vendor (a submitted one is part of the record: 409). */
  async remove(id: NullableId, params: WorkflowParams = {}): Promise<any> {
    if (id === null) throw new MethodNotAllowed('Can not remove multiple entries')
    return this.inTransaction(params, async (inner) => {
      const db = this.conn(inner)
      const current = await this.lockForWrite(id, inner)
      const project = await db('projects').where({ id: current.projectId }).first()
      assertClaimVendor(inner, project)
      if (current.status !== 'DRAFT') throw appError(409, 'CLAIM_FROZEN', { status: current.status, order: current.order })
      await db('project_submissions').where({ id: current.id }).delete()
      return current
    })
  }

  async submit(data: any, params: WorkflowParams = {}) {
    return this.transition(data.id, 'submit', data, params)
  }

  async resubmit(data: any, params: WorkflowParams = {}) {
    return this.transition(data.id, 'resubmit', data, params)
  }

  async accept(data: any, params: WorkflowParams = {}) {
    return this.transition(data.id, 'accept', data, params)
  }

  async reject(data: any, params: WorkflowParams = {}) {
    return this.transition(data.id, 'reject', data, params)
  }

  /** The claim's inspector (staff with `update` on the project): an enabled staff user of the region, mailed; null clears it. */
  async assignInspector(data: { id: string; inspectorId: number | null }, params: WorkflowParams = {}) {
    return this.inTransaction(params, async (inner) => {
      const db = this.conn(inner)
      const current = await this.lockForWrite(data.id, inner)
      const project = await db('projects').where({ id: current.projectId }).first()
      assertClaimStaff(inner, project)
      if (data.inspectorId !== null) {
        const inspector = await inspectorCandidates(db, project.region).where({ id: data.inspectorId }).first('id')
        if (!inspector) throw appError(400, 'REFERENCE_INVALID', { field: 'inspectorId' })
      }
      const [stored] = await db('project_submissions').where({ id: current.id }).update({ inspectorId: data.inspectorId, updatedAt: new Date() }, '*')
      if (data.inspectorId !== null && String(data.inspectorId) !== String(current.inspectorId)) await mailInspectorAssigned(this.app, inner, db, project, stored)
      ;(inner as any).written = { service: this, record: stored }
      const [shown] = await this.present([stored], inner, true)
      return shown
    })
  }

  /**
   * One workflow move: lock the claim as the caller reads it (404), the caller's `update` on the
   * project (403), the table (409 INVALID_TRANSITION), the claim rules of the move (400), then the
   * write; submit and resubmit freeze the next version in the same transaction.
   */
  private async transition(id: string, action: SubmissionAction, data: any, params: WorkflowParams) {
    return this.inTransaction(params, async (inner) => {
      const db = this.conn(inner)
      const current = await this.lockForWrite(id, inner)
      const project = await db('projects').where({ id: current.projectId }).forUpdate().first()
      if (action === 'submit' || action === 'resubmit') assertClaimVendor(inner, project)
      else assertClaimStaff(inner, project)
      const reason = typeof data.reason === 'string' ? data.reason.trim() : null
      // A reject without its reason is bad input (400, said in the caller's language), not a refused move.
      if (action === 'reject' && current.status === 'OPEN' && !isValidRejectReason(reason)) throw appError(400, 'CLAIM_REJECT_REASON_REQUIRED', { field: 'reason', max: rejectReasonMaxLength })
      const to = submissionWorkflow.next(current.status, action, submissionFacts(current, project, reason), claimActor(inner))
      const context = await this.contextOf(db, project)
      const now = new Date()
      const entry: ClaimHistoryEntry = { action, at: now.toISOString(), by: inner.user?.id ?? null, order: current.order, reason: action === 'reject' ? reason : null, note: data.note?.trim() || null }
      let changes: Record<string, unknown> = {}
      let version: { version: number; snapshot: any } | null = null
      let acceptedFigures: G702Figures | null = null
      if (action === 'submit' || action === 'resubmit') {
        const row = this.checkedWorkingCopy(context, current, 'submit')
        changes = { ...row, lines: JSON.stringify(row.lines ?? []), version: current.version + 1, rejectReason: null }
        version = { version: current.version + 1, snapshot: null }
      } else if (action === 'accept') {
        const override = typeof data.releaseOverrideReason === 'string' ? { reason: data.releaseOverrideReason } : null
        const zone = (await this.app.get('regionCache').get(project.region))?.timeZone ?? 'UTC'
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
      const [stored] = await this.constraintErrors(db, (savepoint) =>
        savepoint('project_submissions')
          .where({ id: current.id })
          .update({ ...changes, status: to, actionHistory: JSON.stringify(history), updatedAt: now }, '*')
      )
      if (version) {
        const [shown] = await this.present([stored], { ...inner, provider: undefined, user: undefined } as any, true, context)
        const snapshot = await this.snapshotOf(db, shown, project)
        await db('project_submission_versions').insert({
          region: project.region,
          submissionId: current.id,
          version: version.version,
          snapshot: JSON.stringify(snapshot),
          submittedBy: inner.user?.id ?? null,
          submittedAt: now
        })
        await mailSubmissionSubmitted(this.app, inner, db, project, stored)
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
        await mailSubmissionAccepted(this.app, inner, db, project, stored, entry)
        await this.askForRating(db, inner, project, stored)
      }
      ;(inner as any).written = { service: this, record: stored }
      const [shown] = await this.present([stored], inner, true)
      return shown
    })
  }

  /**
   * An accepted claim that ends the work (full or final completion) or pays retention back asks the
   * person in charge to rate the vendor (issue 12 item 9: WORK_COMPLETED, RETENTION_RECEIVED), in the
   * same transaction; the rater's dashboard hears of the task once it is committed.
   */
  private async askForRating(db: Knex, params: WorkflowParams, project: any, claim: any) {
    const rateType = isRetentionRelease(claim.completionType) ? 'RETENTION_RECEIVED' : workCompletingTypes.has(claim.completionType) ? 'WORK_COMPLETED' : null
    if (!rateType) return
    const task = await openRatingTask(db, { projectId: project.id, rateType, sourceId: claim.id })
    const announce = () => this.app.service('vendor-rating-tasks' as any).emit('created', task)
    if ((params as any).afterCommit) (params as any).afterCommit.push(announce)
  }

  /** What a frozen version holds: every claim field, its lines, its figures and ledger, and the project's facts. */
  private async snapshotOf(db: Knex, claim: any, project: any) {
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

  /** The fields of the request a vendor may set, as stored (invoice number trimmed, its key). */
  private editable(data: any): Record<string, unknown> {
    const out: Record<string, unknown> = {}
    for (const field of editableFields) if (data?.[field] !== undefined) out[field] = data[field]
    if (typeof out.invoiceNumber === 'string') out.invoiceNumber = (out.invoiceNumber as string).trim() || null
    return out
  }

  /**
   * The working copy as stored, after the claim rules of the check (400 with every failure): the
   * lines against the schedule, the completion amount from the lines when the project has a
   * schedule, and the figures (previous amount, remaining balance, retention) computed afresh.
   */
  private checkedWorkingCopy(context: ClaimContext, claim: any, check: ClaimCheck): Record<string, unknown> {
    const lines: ClaimLine[] = (claim.lines ?? []).map((line: ClaimLine) => ({
      item: String(line.item).trim(),
      workThisPeriodCents: line.workThisPeriodCents,
      materialsStoredCents: line.materialsStoredCents
    }))
    const failures: ClaimFailure[] = []
    let completionAmountCents = claim.completionAmountCents ?? null
    if (lines.length && !context.schedule.length) failures.push({ code: 'CLAIM_LINES_WITHOUT_SCHEDULE' as any, field: 'lines' })
    let ledgerRetentionHeldCents: number | null = null
    // Every claim's lines meet the same rules, a retention release's too (issue 27 item 1: a release's lines went unchecked into the ledger).
    if (context.schedule.length) {
      const ledger = ledgerOf(context, { ...claim, lines, status: 'DRAFT' })!
      ledgerRetentionHeldCents = ledger.heldCents
      const previous = new Map(ledger.figures.lines.map((line) => [itemKey(line.item), line.previousApplicationCents]))
      const problems = claimLineProblems(context.schedule, lines, previous)
      // The schedule's own codes (SOV_UNKNOWN_ITEM, SOV_LINE_OVER_SCHEDULED...), naming the line and item.
      for (const problem of problems) failures.push({ code: problem.code as ClaimFailure['code'], field: 'lines', data: { line: problem.line ?? 0, item: problem.item ?? '', ...problem.data } })
      // With a schedule a work claim's amount is what its lines add (none: nothing), never a figure typed beside them.
      if (!problems.length && !isRetentionRelease(claim.completionType)) completionAmountCents = claimAmountsOfApplication(ledger.figures, ledger.previous).completionAmountCents
      // Stored materials taken away after the retention on them was released would leave less held
      // than released (retention held = withheld − released ≥ 0): refused here, not first at approval.
      // A release is held to what it may draw on by the claim rules (CLAIM_RELEASE_EXCEEDS_HELD).
      if (!problems.length && !isRetentionRelease(claim.completionType) && ledger.figures.totalRetainageCents < 0) {
        failures.push({ code: 'CLAIM_STORED_BELOW_RELEASED', field: 'lines', data: { shortCents: -ledger.figures.totalRetainageCents } })
      }
    }
    const input = { ...claimInput({ ...claim, completionAmountCents }), status: claim.status, ledgerRetentionHeldCents }
    failures.push(...claimProblems(claimProject(context.project), input, otherClaims(context.claims), check))
    if (failures.length) throw claimError(failures)
    const figures = claimFigures(claimProject(context.project), { ...input, status: 'DRAFT' }, otherClaims(context.claims))
    return {
      completionType: claim.completionType ?? null,
      invoiceNumber: claim.invoiceNumber ?? null,
      invoiceKey: invoiceNumberKey(claim.invoiceNumber),
      invoiceAmountCents: claim.invoiceAmountCents ?? null,
      invoiceDate: claim.invoiceDate ? isoDay(claim.invoiceDate) : null,
      completionAmountCents,
      deductionAmountCents: claim.deductionAmountCents ?? 0,
      previousAmountCents: figures.previousAmountCents,
      remainingBalanceCents: figures.remainingBalanceCents,
      retentionAmountCents: figures.retentionAmountCents,
      retainageReleasedCents: isRetentionRelease(claim.completionType) ? (completionAmountCents ?? 0) : 0,
      lines
    }
  }

  /** 409 CLAIM_INVOICE_NUMBER_TAKEN naming the vendor's other claim that holds the same invoice number. */
  private async assertInvoiceFree(db: Knex, companyId: number, key: string, ownId: string | null) {
    if (!key) return
    const clash = await db('project_submissions as s')
      .join('projects as p', 'p.id', 's.projectId')
      .where({ 's.companyId': companyId, 's.invoiceKey': key })
      .modify((q) => {
        if (ownId) q.whereNot('s.id', ownId)
      })
      .first('s.id', 's.order', 's.invoiceNumber', 'p.number')
    if (clash)
      throw claimError([
        { code: 'CLAIM_INVOICE_NUMBER_TAKEN', field: 'invoiceNumber', data: { claimId: clash.id, order: clash.order, projectNumber: clash.number, invoiceNumber: clash.invoiceNumber } }
      ])
  }

  /** The write in a savepoint: a concurrent claim that took the invoice number first is named (the unique index decides). */
  private async insertOrClash<T>(db: Knex, companyId: number, write: (savepoint: Knex) => Promise<T>): Promise<T> {
    try {
      return await inTransaction(db, write)
    } catch (error: any) {
      if (error?.code === UNIQUE_VIOLATION && error?.constraint === 'project_submissions_invoice_key') {
        const key = /\(company_id, invoice_key\)=\(\d+, (.*)\)/.exec(String(error.detail ?? ''))?.[1] ?? ''
        await this.assertInvoiceFree(db, companyId, key, null)
        throw claimError([{ code: 'CLAIM_INVOICE_NUMBER_TAKEN', field: 'invoiceNumber' }])
      }
      if (error?.code === UNIQUE_VIOLATION) throw appError(409, 'CONFLICT', { details: error.constraint })
      if (error?.code === CHECK_VIOLATION) throw appError(400, 'VALIDATION_FAILED', { details: error.constraint })
      throw error
    }
  }

  private async constraintErrors<T>(db: Knex, write: (savepoint: Knex) => Promise<T>): Promise<T> {
    return this.insertOrClash(db, -1, write)
  }

  /**
   * The ledger of one claim as its screen reads it: the claims in the ledger before it with their
   * lines back to the last certified one (its line 6 is this claim's line 7) and to one with lines
   * (an application without lines carries the materials stored before it), and the ones before
   * that summed per item by the database into one application (g702's `Application.count`), so a
   * claim after 60 claims of 500 lines reads two claims' lines, not 60.
   */
  private async foldForScreen(db: Knex, context: ClaimContext, claim: any) {
    if (!context.schedule.length) return
    const earlier = ledgerClaimsBefore(context.claims, claim)
    if (!earlier.length) return
    const lastCertified = lastIndexOf(earlier, (other) => other.status === 'APPR')
    let keepFrom = lastCertified >= 0 ? lastCertified : earlier.length - 1
    while (keepFrom > 0 && !Number(earlier[keepFrom].lineCount)) keepFrom--
    const kept = earlier.slice(keepFrom)
    const stored = await db('project_submissions')
      .whereIn(
        'id',
        kept.map((one) => one.id)
      )
      .select('id', 'lines')
    for (const one of kept) one.lines = stored.find((row: any) => row.id === one.id)?.lines ?? []
    const folded = earlier.slice(0, keepFrom)
    if (!folded.length) return
    const work = await foldedWork(db, folded)
    context.folded = {
      beforeOrder: kept[0].order,
      application: {
        lines: [...work].map(([item, workThisPeriodCents]) => ({ item, workThisPeriodCents, materialsStoredCents: 0 })),
        retainageReleasedCents: folded.reduce((total, one) => total + (isRetentionRelease(one.completionType) ? Number(one.completionAmountCents ?? 0) : 0), 0),
        count: folded.length,
        certified: false
      }
    }
  }

  /** The project's schedule and every claim of it (locked project: the figures cannot move under the write). */
  private async contextOf(db: Knex, project: any): Promise<ClaimContext> {
    const [schedule, claims] = await Promise.all([
      db('project_schedule_lines').where({ projectId: project.id }).orderBy('position').select('item', 'description', 'originalValueCents', 'changeOrders'),
      db('project_submissions').where({ projectId: project.id }).orderBy('order').select('id', 'order', 'status', 'completionType', 'completionAmountCents', 'lines', submittedAtOf(db))
    ])
    return { project, schedule, claims }
  }

  /** Records as answered: days as 'yyyy-mm-dd', the figures, the decision, the caller's actions; one record also its ledger and versions. */
  private async present(rows: any[], params: WorkflowParams, full: boolean, known?: ClaimContext): Promise<any[]> {
    if (!rows.length) return []
    const db = this.conn(params)
    const projectIds = [...new Set(rows.map((row) => row.projectId))]
    const contexts = new Map<string, ClaimContext>()
    if (known) contexts.set(known.project.id, { ...known, claims: await this.contextOf(db, known.project).then((fresh) => fresh.claims) })
    const missing = projectIds.filter((id) => !contexts.has(id))
    if (missing.length) {
      const projects = await db('projects').whereIn('id', missing)
      // One claim's screen reads the lines of the claims its ledger needs (the two last); the rest by their sums.
      const screen = full && rows.length === 1 ? rows[0] : null
      const claims = await db('project_submissions')
        .whereIn('projectId', missing)
        .orderBy('order')
        .select(
          'id',
          'projectId',
          'order',
          'status',
          'completionType',
          'completionAmountCents',
          'version',
          'updatedAt',
          submittedAtOf(db),
          db.raw('jsonb_array_length(lines) as "lineCount"'),
          full && !screen ? 'lines' : db.raw("'[]'::jsonb as lines")
        )
      const schedules = full
        ? await db('project_schedule_lines').whereIn('projectId', missing).orderBy('position').select('projectId', 'item', 'description', 'originalValueCents', 'changeOrders')
        : []
      for (const project of projects) {
        contexts.set(project.id, {
          project,
          claims: claims.filter((claim: any) => claim.projectId === project.id),
          schedule: schedules.filter((line: any) => line.projectId === project.id)
        })
      }
      if (screen) await this.foldForScreen(db, contexts.get(screen.projectId)!, screen)
    }
    const versions = full
      ? await db('project_submission_versions')
          .whereIn(
            'submissionId',
            rows.map((row) => row.id)
          )
          .leftJoin('project_submission_decisions as decision', 'decision.versionId', 'project_submission_versions.id')
          .orderBy('version')
          .select('submissionId', 'version', 'submittedAt', 'pdfSha256', 'decision.decision', 'decision.decidedAt')
      : []
    // The inspector is named on the claim as on its PDF (claims/documents/renderer.ts), to the claim's readers.
    const inspectorIds = full ? [...new Set(rows.map((row) => row.inspectorId).filter((id) => id != null))] : []
    const inspectorNames = new Map<number, string>(
      inspectorIds.length ? (await db('users').whereIn('id', inspectorIds).select('id', 'displayName')).map((user: any) => [Number(user.id), user.displayName]) : []
    )
    return rows.map((row) => {
      const context = contexts.get(row.projectId)!
      const { invoiceKey: _key, ...claim } = row
      const ledger = full ? ledgerOf(context, row) : null
      const shown: any = {
        ...claim,
        invoiceDate: row.invoiceDate ? isoDay(row.invoiceDate) : null,
        figures: claimFigures(claimProject(context.project), { ...claimInput(row), ledgerRetentionHeldCents: ledger?.heldCents ?? null }, otherClaims(context.claims)),
        decision: claimDecision(row.actionHistory),
        actions: actionsOf(row, context.project, params)
      }
      if (full) {
        shown.ledger = ledger?.figures ?? null
        shown.ledgerFailures = ledger ? ledgerFailures(ledger.figures, ledger.previous, statedOf(row, ledger)) : []
        shown.inspectorName = row.inspectorId == null ? null : (inspectorNames.get(Number(row.inspectorId)) ?? null)
        shown.versions = versions
          .filter((version: any) => version.submissionId === row.id)
          .map(({ version, submittedAt, pdfSha256, decision, decidedAt }: any) => ({ version, submittedAt, pdfSha256, decision: decision ?? null, decidedAt: decidedAt ?? null }))
      }
      return shown
    })
  }

  private async inTransaction<T>(params: WorkflowParams, run: (inner: WorkflowParams) => Promise<T>): Promise<T> {
    return withTransaction(this.app.get('knex'), params, run)
  }
}
