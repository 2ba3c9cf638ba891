import { MethodNotAllowed } from '@feathersjs/errors'
import type { Id, NullableId } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { withTransaction } from '../../../../db/transaction.js'
import { caslAllows } from '../../../../kit/access.js'
import { WorkflowKnexService, callerOf, type WorkflowParams } from '../../../../kit/workflow-runner.js'
import { readsProjectOf } from '../project-parts/project-parts.js'
import { recordAction } from './submission-history.js'
import { commentLabel } from './tenant-submissions.shared.js'
import { holderColumn, stepOf, worksOnProject, type SubmissionActor } from './tenant-submission.workflow.js'

/**
 * The project's comment register (spec §3 "Comments": types DESIGN and TECH, actions ADD, UPDATE,
 * DELETE, CHECK, UNCHECK; issue 29 items 5 and 6). The reviewer holding a batch's step adds
 * comments to it, numbered in sections with lettered items ("1.a": the database's unique index
 * keeps an id once given, a deleted item keeps its letter), edits and deletes them until the
 * review is sent; the tenant answers a sent comment or marks it not applicable with its next
 * batch (or with its update after a CP follow-up); reviewers close an answer (CHECK) or reopen it
 * (UNCHECK). Who reads: tenant-submissions.access.ts.
 */
export class TenantSubmissionCommentService extends WorkflowKnexService<any> {
  readonly lockChecksAccess = true

  constructor(options: any, app: Application) {
    super(options, app, { resource: 'tenant-submission-comments' })
  }

  async find(params: WorkflowParams = {}): Promise<any> {
    const query = { $sort: { section: 1, item: 1 }, ...(params.query ?? {}) }
    return super._find({ ...params, query } as any)
  }

  async get(id: Id, params: WorkflowParams = {}): Promise<any> {
    return super._get(id, params as any)
  }

  /** The batch a comment is written on, locked, as the caller reads it (404 otherwise). */
  private async batchOf(db: Knex, submissionId: number, params: WorkflowParams) {
    const batch = await db('tenant_submissions')
      .where({ id: submissionId })
      .modify((q) => {
        if (params.region) q.where({ region: params.region })
      })
      .forUpdate()
      .first()
    if (!batch || (params.provider && !readsProjectOf(batch, params))) throw appError(404, 'NOT_FOUND')
    return batch
  }

  /** The reviewer holding the batch's step, who may comment (403 otherwise; 409 when the batch is not in review). */
  private assertReviewer(batch: any, params: WorkflowParams) {
    const step = stepOf(batch.status)
    if (!step) throw appError(409, 'SUBMISSION_NOT_IN_REVIEW', { status: batch.status })
    if (params.provider && !(caslAllows(params, 'comment', 'tenant-submissions', batch) && batch[holderColumn[step]] === params.user?.id)) throw appError(403, 'SUBMISSION_NOT_YOUR_TURN')
    return step
  }

  async create(data: any, params: WorkflowParams = {}): Promise<any> {
    if (Array.isArray(data)) throw new MethodNotAllowed('Can not create multiple entries')
    return withTransaction(this.app.get('knex'), params, async (inner) => {
      const db = this.conn(inner)
      const batch = await this.batchOf(db, data.submissionId, inner)
      const step = this.assertReviewer(batch, inner)
      // A guideline the comment cites: one published in the batch's region (the guidelines' own read rule for a reviewer).
      if (data.guidelineId != null && !(await db('tenant_project_guidelines').where({ id: data.guidelineId, region: batch.region, status: 'PUBLISHED' }).first('id')))
        throw appError(400, 'REFERENCE_INVALID', { field: 'guidelineId' })
      const [{ lastSection }] = await db('tenant_submission_comments').where({ projectId: batch.projectId }).max('section as lastSection')
      const section = data.section ?? (lastSection ?? 0) + 1
      if (section > (lastSection ?? 0) + 1) throw appError(400, 'SUBMISSION_COMMENT_SECTION', { section, next: (lastSection ?? 0) + 1 })
      const [{ lastItem }] = await db('tenant_submission_comments').where({ projectId: batch.projectId, section }).max('item as lastItem')
      const item = lastItem == null ? 0 : lastItem + 1
      const [stored] = await db('tenant_submission_comments').insert(
        {
          region: batch.region,
          projectId: batch.projectId,
          tenancyId: batch.tenancyId,
          submissionId: batch.id,
          batchOrder: batch.order,
          type: step === 'technical' ? 'TECH' : 'DESIGN',
          section,
          item,
          label: commentLabel(section, item),
          text: data.text.trim(),
          guidelineId: data.guidelineId ?? null,
          createdBy: inner.user?.id ?? null,
          updatedBy: inner.user?.id ?? null
        },
        '*'
      )
      await recordAction(db, batch, inner, 'ADD', { commentTypes: [stored.type], commentObject: { label: stored.label, text: stored.text }, guidelineId: stored.guidelineId, internal: true })
      ;(inner as any).written = { service: this, record: stored }
      return stored
    })
  }

  /** A comment still the reviewer's own (not yet sent), on a batch whose step the caller holds. */
  private async draftForWrite(id: NullableId, params: WorkflowParams) {
    if (id === null) throw new MethodNotAllowed('Can not change multiple entries')
    const comment = await this.lockForWrite(id, params)
    const batch = await this.batchOf(this.conn(params), comment.submissionId, params)
    this.assertReviewer(batch, params)
    if (comment.sentAt || comment.status === 'DELETED') throw appError(409, 'SUBMISSION_COMMENT_SENT', { label: comment.label })
    return { comment, batch }
  }

  async patch(id: NullableId, data: any, params: WorkflowParams = {}): Promise<any> {
    return withTransaction(this.app.get('knex'), params, async (inner) => {
      const { comment, batch } = await this.draftForWrite(id, inner)
      const [stored] = await this.conn(inner)('tenant_submission_comments')
        .where({ id: comment.id })
        .update({ text: data.text.trim(), updatedBy: inner.user?.id ?? null, updatedAt: new Date() }, '*')
      await recordAction(this.conn(inner), batch, inner, 'UPDATE', { commentTypes: [stored.type], commentObject: { label: stored.label, text: stored.text }, internal: true })
      ;(inner as any).written = { service: this, record: stored }
      return stored
    })
  }

  /** DELETE: the item leaves the register but keeps its id (the next item of its section takes the next letter). */
  async remove(id: NullableId, params: WorkflowParams = {}): Promise<any> {
    return withTransaction(this.app.get('knex'), params, async (inner) => {
      const { comment, batch } = await this.draftForWrite(id, inner)
      const [stored] = await this.conn(inner)('tenant_submission_comments')
        .where({ id: comment.id })
        .update({ status: 'DELETED', updatedBy: inner.user?.id ?? null, updatedAt: new Date() }, '*')
      await recordAction(this.conn(inner), batch, inner, 'DELETE', { commentTypes: [stored.type], commentObject: { label: stored.label }, internal: true })
      ;(inner as any).written = { service: this, record: stored }
      return stored
    })
  }

  /**
   * The tenant's answer to a sent comment, or "not applicable" (issue 29 item 6): given with the
   * batch being prepared (STARTED, for comments of earlier batches) or with the update a CP
   * follow-up asked for (UPDATE_PENDING, for its own batch's too). 409 when no batch takes it.
   */
  async answer(data: { id: number; answer?: string; notApplicable?: boolean }, params: WorkflowParams = {}) {
    return withTransaction(this.app.get('knex'), params, async (inner) => {
      const db = this.conn(inner)
      const comment = await this.lockForWrite(data.id, inner)
      const open = await db('tenant_submissions').where({ projectId: comment.projectId }).whereNull('completedDate').forUpdate().first()
      const facts = open ?? { ...comment, status: 'COMPLETED' }
      if (inner.provider && !worksOnProject(facts, callerOf(inner) as SubmissionActor)) throw appError(403, 'FORBIDDEN')
      if (!comment.sentAt || comment.status === 'DELETED' || comment.status === 'CLOSED') throw appError(409, 'SUBMISSION_COMMENT_NOT_OPEN', { label: comment.label })
      const takes = open && ((open.status === 'STARTED' && comment.batchOrder < open.order) || (open.status === 'UPDATE_PENDING' && comment.batchOrder <= open.order))
      if (!takes) throw appError(409, 'SUBMISSION_NO_BATCH_TO_ANSWER', { label: comment.label })
      const answer = (data.answer ?? '').trim()
      if (!data.notApplicable && !answer) throw appError(400, 'SUBMISSION_ANSWER_REQUIRED', { label: comment.label })
      const [stored] = await db('tenant_submission_comments')
        .where({ id: comment.id })
        .update(
          { status: data.notApplicable ? 'NA' : 'ANSWERED', answer: answer || null, answeredOrder: open.order, answeredBy: inner.user?.id ?? null, answeredAt: new Date(), updatedAt: new Date() },
          '*'
        )
      await recordAction(db, open, inner, 'ANSWER', { commentTypes: [stored.type], commentObject: { label: stored.label, status: stored.status, answer: stored.answer } })
      ;(inner as any).written = { service: this, record: stored }
      return stored
    })
  }

  /** A reviewer closes an answered (or not applicable) comment: CHECK. */
  check(data: { id: number }, params: WorkflowParams = {}) {
    return this.mark(data.id, params, 'CHECK', ['ANSWERED', 'NA'], 'CLOSED')
  }

  /** A reviewer reopens a closed comment, for the tenant to answer again: UNCHECK. */
  uncheck(data: { id: number }, params: WorkflowParams = {}) {
    return this.mark(data.id, params, 'UNCHECK', ['CLOSED'], 'OPEN')
  }

  private async mark(id: number, params: WorkflowParams, action: 'CHECK' | 'UNCHECK', from: string[], to: string) {
    return withTransaction(this.app.get('knex'), params, async (inner) => {
      const db = this.conn(inner)
      const comment = await this.lockForWrite(id, inner)
      if (inner.provider && !caslAllows(inner, 'comment', 'tenant-submissions', comment)) throw appError(403, 'FORBIDDEN')
      if (!from.includes(comment.status)) throw appError(409, 'SUBMISSION_COMMENT_STATE', { label: comment.label, status: comment.status, action })
      const [stored] = await db('tenant_submission_comments')
        .where({ id: comment.id })
        .update({ status: to, updatedBy: inner.user?.id ?? null, updatedAt: new Date() }, '*')
      const batch = await db('tenant_submissions').where({ id: comment.submissionId }).first()
      await recordAction(db, batch, inner, action, { commentTypes: [stored.type], commentObject: { label: stored.label } })
      ;(inner as any).written = { service: this, record: stored }
      return stored
    })
  }
}
