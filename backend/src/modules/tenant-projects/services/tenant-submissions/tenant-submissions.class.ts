import { subject } from '@casl/ability'
import { MethodNotAllowed } from '@feathersjs/errors'
import type { Id } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { withTransaction } from '../../../../db/transaction.js'
import { WorkflowKnexService, callerOf, type WorkflowParams } from '../../../../kit/workflow-runner.js'
import { calendarDay, isoDay } from '../../../../format/format.shared.js'
import { holidaysOf } from '../../../../calendar/holidays.js'
import { addWorkingDays } from '../../../../calendar/working-days.shared.js'
import { getSetting } from '../../../../settings-values.js'
import { projectForWrite } from '../project-parts/project-parts.js'
import { readClock, stepDueDay } from './review-clock.shared.js'
import { displayNames, recordAction, sendComments } from './submission-history.js'
import { notifySubmission } from './submission-mail.js'
import { holdsStep, stepPermission } from './reviewers.js'
import {
  ballInCourt,
  batchNumber,
  cpAction,
  designAction,
  holderColumn,
  pinned,
  stepOf,
  submissionBlock,
  tenantSubmissionWorkflow,
  techAction,
  worksOnProject,
  type ReviewStep,
  type SubmissionActor,
  type SubmissionFacts,
  type SubmissionState
} from './tenant-submission.workflow.js'

const UNIQUE_VIOLATION = '23505'

/** Each step's outcomes (the spec's words) as the table's actions. */
const outcomeActions: Record<ReviewStep, Record<string, string>> = { design: designAction, cp: cpAction, technical: techAction }
const UNFINISHED_INDEXES = ['tenant_submissions_one_open', 'tenant_submissions_project_id_order_unique']

/** The review days of a step in the region (settings `tenantProjects.reviewDays.<step>`, PRODUCT.md defaults). */
const reviewDaysKey = { design: 'tenantProjects.reviewDays.design', cp: 'tenantProjects.reviewDays.cp', technical: 'tenantProjects.reviewDays.technical' } as const

/**
 * A tenant project's submission batches (spec §3 "Tenant submission", §4, §5; issue 29 items 4, 6,
 * 7): the tenant starts a batch (one undecided batch at a time: 429), files it and sends it; the
 * reviewers its steps name decide it through the workflow table (tenant-submission.workflow.ts),
 * each step on a clock of working days. Sending refuses (428) while a comment of an earlier batch
 * is neither answered nor marked not applicable: the register carries forward. Who: the access
 * contract (tenant-submissions.access.ts), applied by the kit; writes lock the batch and ask the table.
 */
export class TenantSubmissionService extends WorkflowKnexService<any> {
  readonly lockChecksAccess = true

  constructor(options: any, app: Application) {
    super(options, app, { resource: 'tenant-submissions' })
  }

  private async today(region: string) {
    return calendarDay(new Date(), (await this.app.get('regionCache').get(region))?.timeZone ?? 'UTC')
  }

  /** Each batch as answered: its number, who holds the ball, its clock, and whether it pins the caller. */
  private async presentAll(rows: any[], params: WorkflowParams) {
    const regions = [...new Set(rows.map((row) => row.region))]
    const calendars = new Map<string, { today: string; holidays: string[] }>()
    for (const region of regions) {
      const today = await this.today(region)
      const dues = rows.filter((row) => row.region === region && row.dueDate).map((row) => isoDay(row.dueDate))
      const from = [today, ...dues].sort()[0]
      const to = [today, ...dues].sort().at(-1)!
      calendars.set(region, { today, holidays: await holidaysOf(this.app.get('knex'), region, from, to) })
    }
    const actor = callerOf(params) as SubmissionActor
    const names = await displayNames(
      this.app.get('knex'),
      rows.flatMap((row) => [row.designManagerId, row.cpReviewerId, row.techManagerId])
    )
    return rows.map((row) => {
      const dueDate = row.dueDate ? isoDay(row.dueDate) : null
      const calendar = calendars.get(row.region)!
      return {
        ...row,
        dueDate,
        batchNumber: batchNumber(row.order),
        ball: ballInCourt(row),
        clock: dueDate && stepOf(row.status) ? readClock(dueDate, calendar.today, calendar.holidays) : null,
        pinned: params.user ? pinned(row, actor) : false,
        // The reviewers by name (spec §3 "designManager", "techManager"), for everyone who reads the batch.
        reviewerNames: Object.fromEntries([row.designManagerId, row.cpReviewerId, row.techManagerId].filter((id) => id != null).map((id) => [id, names.get(id) ?? '']))
      }
    })
  }

  async find(params: WorkflowParams = {}): Promise<any> {
    const page: any = await super._find(params as any)
    if (Array.isArray(page)) return this.presentAll(page, params)
    return { ...page, data: await this.presentAll(page.data, params) }
  }

  async get(id: Id, params: WorkflowParams = {}): Promise<any> {
    const [row] = await this.presentAll([await super._get(id, params as any)], params)
    return row
  }

  /**
   * Starts the project's next batch (spec §7 POST tenant_submissions {projectId}): whoever may
   * update the project, once it is submitted and while it is open; 404 for a project the caller
   * does not read, 429 while a batch is undecided (the database's one-open index decides a race).
   */
  async create(data: any, params: WorkflowParams = {}): Promise<any> {
    if (Array.isArray(data)) throw new MethodNotAllowed('Can not create multiple entries')
    return withTransaction(this.app.get('knex'), params, async (inner) => {
      const db = this.conn(inner)
      const project = await projectForWrite(db, Number(data.projectId), inner, 'createSubmission').catch((error) => {
        // Spec §8 "Create submission 404: tenant project not found".
        if (error?.code === 404) throw appError(404, 'SUBMISSION_PROJECT_NOT_FOUND')
        throw error
      })
      if (project.status === 'DRAFT' || project.status === 'COMPLETED') throw appError(409, 'SUBMISSION_PROJECT_NOT_OPEN', { status: project.status })
      const last = await db('tenant_submissions').where({ projectId: project.id }).orderBy('order', 'desc').first('order', 'status', 'completedDate')
      if (last && !last.completedDate) throw appError(429, 'SUBMISSION_UNFINISHED', { batch: batchNumber(last.order) })
      // A completed review is the project's approved design: later changes start from a new project (a reinstatement, a facade).
      if (last?.status === 'COMPLETED') throw appError(409, 'SUBMISSION_REVIEW_COMPLETED', { batch: batchNumber(last.order) })
      const order = last ? last.order + 1 : 0
      const stored = await db('tenant_submissions')
        .insert({ projectId: project.id, region: project.region, tenancyId: project.tenancyId, order, status: 'STARTED', createdBy: inner.user?.id ?? null }, '*')
        .then(([row]) => row)
        .catch((error) => {
          if (error?.code === UNIQUE_VIOLATION && UNFINISHED_INDEXES.includes(error.constraint)) throw appError(429, 'SUBMISSION_UNFINISHED', { batch: batchNumber(order - 1) })
          throw error
        })
      await recordAction(db, stored, inner, 'START')
      ;(inner as any).written = { service: this, record: stored }
      return (await this.presentAll([stored], inner))[0]
    })
  }

  /** The tenant sends the batch to the design manager (spec "sent"): its files become submitted, the register must be answered. */
  send(data: { id: number }, params: WorkflowParams = {}) {
    return this.move(data.id, 'send', params, async (db, batch, now) => {
      await this.assertReadyToSend(db, batch)
      const project = await db('tenant_projects').where({ id: batch.projectId }).first('designManagerId')
      return { sentAt: now, designManagerId: batch.designManagerId ?? project?.designManagerId ?? null }
    })
  }

  /** After a CP follow-up the tenant sends its update (spec "resent"): its new files become submitted, back to the CP reviewer. */
  resend(data: { id: number }, params: WorkflowParams = {}) {
    return this.move(data.id, 'resend', params, async (db, batch) => {
      await this.assertReadyToSend(db, batch)
      return {}
    })
  }

  /**
   * A reviewer's decision on the step the batch is in (spec §4 outcomes): the design manager's
   * DISAPPROVE / PROCEED_NO_FOLLOW_UP / PROCEED_CP_FOLLOW_UP, the CP reviewer's APPROVE / FOLLOW_UP /
   * DISAPPROVE, the technical manager's COMPLETE / DISAPPROVE. A step passed on names its next
   * reviewer (`nextReviewerId`, else the project's own for that step). The step's comments are
   * sent to the tenant with the decision.
   */
  async review(data: { id: number; outcome: string; nextReviewerId?: number | null }, params: WorkflowParams = {}) {
    return withTransaction(this.app.get('knex'), params, async (inner) => {
      const batch = await this.lockForWrite(data.id, inner)
      if (inner.provider && !Object.values(stepPermission).some((permission) => inner.ability?.can(permission, subject('tenant-submissions', { ...batch })))) throw appError(403, 'FORBIDDEN')
      const step = stepOf(batch.status)
      const action = step ? outcomeActions[step][data.outcome] : undefined
      if (!step || !action) {
        // An outcome of another step meets the spec's own refusal where there is one (CP not reviewed, CP follow-up, disapproved).
        const elsewhere = Object.values(outcomeActions)
          .map((actions) => actions[data.outcome])
          .filter(Boolean)
        const blocked = elsewhere.map((other) => submissionBlock(batch, other)).find(Boolean)
        if (blocked) throw appError(409, blocked, { status: batch.status })
        throw appError(400, 'SUBMISSION_OUTCOME_INVALID', { outcome: data.outcome, status: batch.status })
      }
      return this.move(data.id, action, inner, async (db, locked, now, to) => {
        const changes: Record<string, unknown> = { [`${step === 'technical' ? 'tech' : step}Outcome`]: data.outcome }
        const next = stepOf(to)
        if (next) changes[holderColumn[next]] = await this.nextReviewer(db, locked, next, data.nextReviewerId)
        if (to === 'DISAPPROVED') changes.disapprovedBy = step
        await sendComments(this.app, db, locked, inner, now)
        await recordAction(db, locked, inner, 'REVIEW', { commentObject: { step, outcome: data.outcome } })
        return changes
      })
    })
  }

  /** Hands the running step to another reviewer who holds its permission (spec "reassign to a design manager"); the clock runs on. */
  async reassign(data: { id: number; reviewerId: number }, params: WorkflowParams = {}) {
    return withTransaction(this.app.get('knex'), params, async (inner) => {
      const db = this.conn(inner)
      const batch = await this.lockForWrite(data.id, inner)
      this.assertCan(inner, 'reassign', batch)
      const step = stepOf(batch.status)
      if (!step) throw appError(409, submissionBlock(batch, 'designProceed') ?? 'SUBMISSION_NOT_IN_REVIEW', { status: batch.status })
      const reviewerId = await this.nextReviewer(db, batch, step, data.reviewerId)
      const [stored] = await db('tenant_submissions')
        .where({ id: batch.id })
        .update({ [holderColumn[step]]: reviewerId, updatedAt: new Date() }, '*')
      await recordAction(db, stored, inner, 'REASSIGN', { commentObject: { step, reviewerId } })
      await notifySubmission(this.app, inner, stored, 'reassign')
      ;(inner as any).written = { service: this, record: stored }
      return (await this.presentAll([stored], inner))[0]
    })
  }

  cancel(data: { id: number; reason: string }, params: WorkflowParams = {}) {
    return this.move(data.id, 'cancel', params, async () => ({ statusReason: data.reason.trim() }))
  }

  /**
   * The batch's reviewer for a step: the one named (a staff account of the region holding the
   * step's permission: 400 otherwise), else the project's own for the step, else the batch's.
   */
  private async nextReviewer(db: Knex, batch: any, step: ReviewStep, named: number | null | undefined) {
    if (named != null) {
      if (!(await holdsStep(this.app, batch, step, named))) throw appError(400, 'SUBMISSION_REVIEWER_INVALID', { reviewerId: named })
      return named
    }
    const project = await db('tenant_projects').where({ id: batch.projectId }).first(holderColumn[step])
    return project?.[holderColumn[step]] ?? batch[holderColumn[step]] ?? null
  }

  /**
   * Spec §5 "one file type must be chosen" (each file is design, technical or both: the table's
   * check), at least one new file, and issue 29 item 6: every comment of an earlier batch
   * answered or marked not applicable (428 naming the open ones).
   */
  private async assertReadyToSend(db: Knex, batch: any) {
    const pending = await db('tenant_submission_files').where({ submissionId: batch.id, submitted: false }).count<{ count: string }[]>('id as count')
    if (Number(pending[0].count) === 0) throw appError(400, 'SUBMISSION_NO_FILES')
    const open: Array<{ label: string }> = await db('tenant_submission_comments')
      .where({ projectId: batch.projectId, status: 'OPEN' })
      .where('batchOrder', '<', batch.order)
      .whereNotNull('sentAt')
      .orderBy(['section', 'item'])
      .select('label')
    if (open.length) throw appError(428, 'SUBMISSION_COMMENTS_OPEN', { comments: open.map((comment) => comment.label), details: open.map((comment) => comment.label).join(', ') })
  }

  private assertActor(batch: any, action: string, params: WorkflowParams) {
    if (!params.provider) return
    const actor = callerOf(params) as SubmissionActor
    if (action === 'send' || action === 'resend') {
      if (!worksOnProject(batch, actor)) throw appError(403, 'FORBIDDEN')
      return
    }
    const permission = tenantSubmissionWorkflow.permissionOf(action)
    if (!actor.ability.can(permission, subject('tenant-submissions', { ...batch }))) throw appError(403, 'FORBIDDEN')
    const step = stepOf(batch.status)
    if (action !== 'cancel' && step && batch[holderColumn[step]] !== actor.id) throw appError(403, 'SUBMISSION_NOT_YOUR_TURN')
  }

  /** One move of the table: the spec's own refusal first, then the table; a new step's clock; the files sent; the history and the mail. */
  private async move(id: number, action: string, params: WorkflowParams, apply: (db: Knex, batch: any, now: Date, to: SubmissionState) => Promise<Record<string, unknown>>) {
    let event: string = action
    const stored = await this.runTransition<any, SubmissionState, SubmissionFacts, SubmissionActor>({
      id,
      action,
      params,
      workflow: tenantSubmissionWorkflow,
      facts: (batch) => batch,
      actor: (inner) => callerOf(inner) as SubmissionActor,
      // Who, with an answer that says so (403) before the table's own guards: the project's people for
      // their moves; a review step's permission, then being the reviewer the batch names for it.
      authorize: (batch) => this.assertActor(batch, action, params),
      precheck: (batch) => {
        const blocked = submissionBlock(batch, action)
        if (blocked) throw appError(409, blocked, { status: batch.status })
      },
      apply: async (db, batch, _related, to, now) => {
        await db('tenant_projects').where({ id: batch.projectId }).forShare().first('id')
        const project = await db('tenant_projects').where({ id: batch.projectId }).first('status')
        if (project && (project.status === 'WITHDRAWN' || project.status === 'CANCELLED')) throw appError(409, 'TENANT_PROJECT_CLOSED', { status: project.status, action })
        const changes = await apply(db, batch, now, to)
        const step = stepOf(to)
        if (step) {
          const days = Number(await getSetting(db, batch.region, reviewDaysKey[step]))
          const start = await this.today(batch.region)
          const holidays = await holidaysOf(db, batch.region, start, addWorkingDays(start, days + 30))
          Object.assign(changes, { stepStartedAt: now, dueDate: stepDueDay(start, days, holidays), remindedOn: null })
        } else Object.assign(changes, { stepStartedAt: null, dueDate: null })
        if (tenantSubmissionWorkflow.isIn('closed', to)) changes.completedDate = now
        if (action === 'send' || action === 'resend') {
          await db('tenant_submission_files').where({ submissionId: batch.id, submitted: false }).update({ submitted: true, submittedDate: now, updatedAt: now })
          await recordAction(db, batch, params, action === 'send' ? 'SEND' : 'RESEND')
        }
        if (action === 'cancel') await recordAction(db, batch, params, 'CANCEL')
        event = to === 'DISAPPROVED' ? 'disapproved' : to === 'COMPLETED' ? 'completed' : action
        return changes
      }
    })
    await notifySubmission(this.app, params, stored, event)
    return (await this.presentAll([stored], params))[0]
  }
}
