import { MethodNotAllowed } from '@feathersjs/errors'
import type { Id, NullableId } from '@feathersjs/feathers'
import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { WorkflowKnexService, type WorkflowParams } from '../../../../kit/workflow-runner.js'
import { submissionWorkflow } from '../../claims/submission.workflow.js'
import { assertClaimStaff, assertClaimVendor, inspectorCandidates } from './project-submissions.access.js'
import { mailInspectorAssigned } from './project-submissions.mail.js'
import { withTransaction } from '../../../../db/transaction.js'
import { contextOf, type ClaimContext } from './claim-context.js'
import { assertInvoiceFree, checkedWorkingCopy, editable, insertOrClash } from './claim-working-copy.js'
import { presentClaims } from './claim-present.js'
import { claimTransition } from './claim-transition.js'
import type { SubmissionAction } from '../../claims/submission.workflow.js'

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
 * Beside this file: claim-context.ts (the ledger a claim's figures are read from),
 * claim-working-copy.ts (a saved or submitted working copy, the invoice number), claim-transition.ts
 * (the workflow moves) and claim-present.ts (the records as answered).
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
      const context = await contextOf(db, project)
      const next = Math.max(0, ...context.claims.map((claim) => Number(claim.order))) + 1
      // The claim's deduction is the deduction to date: it starts as the project's (claim-rules.shared.ts).
      const draft = { id: null, status: 'DRAFT', order: next, deductionAmountCents: Number(project.deductionCents ?? 0), ...editable(data) }
      const row = checkedWorkingCopy(context, draft, 'save')
      await assertInvoiceFree(db, project.companyId, row.invoiceKey as string, null)
      const [created] = await insertOrClash(db, project.companyId, (savepoint) =>
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
      const context = await contextOf(db, project)
      const merged = { ...current, ...editable(data) }
      const row = checkedWorkingCopy(context, merged, 'save')
      await assertInvoiceFree(db, project.companyId, row.invoiceKey as string, current.id)
      const [stored] = await insertOrClash(db, project.companyId, (savepoint) =>
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

  /** One workflow move through the kit's runner (claim-transition.ts), answered as the claim's screen reads it. */
  private async transition(id: string, action: SubmissionAction, data: any, params: WorkflowParams) {
    return this.inTransaction(params, async (inner) => {
      const stored = await this.runTransition(claimTransition(this.app, id, action, data, inner))
      const [shown] = await this.present([stored], inner, true)
      return shown
    })
  }

  private present(rows: any[], params: WorkflowParams, full: boolean, known?: ClaimContext): Promise<any[]> {
    return presentClaims(this.conn(params), rows, params, full, known)
  }

  private async inTransaction<T>(params: WorkflowParams, run: (inner: WorkflowParams) => Promise<T>): Promise<T> {
    return withTransaction(this.app.get('knex'), params, run)
  }
}
