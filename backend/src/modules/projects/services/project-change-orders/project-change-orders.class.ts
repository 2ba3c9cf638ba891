import { MethodNotAllowed } from '@feathersjs/errors'
import type { Id, NullableId } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { formatAmount, fromCents, isoDay } from '../../../../format/format.shared.js'
import { WorkflowKnexService, type WorkflowParams } from '../../../../kit/workflow-runner.js'
import { withTransaction } from '../../../../db/transaction.js'
import { applicationOf, ledgerStates } from '../../claims/claim-ledger.shared.js'
import { claimActor } from '../project-submissions/project-submissions.access.js'
import { submittedAtOf } from '../project-submissions/claim-context.js'
import { changeOrderWorkflow, isValidChangeOrderRejectReason, changeOrderRejectReasonMaxLength, type ChangeOrderAction } from './project-change-order.workflow.js'
import { changeOrderNumberText, changeOrderProblems, claimedToDate, netChangeCents, type ChangeOrderLine, type ChangeOrderProblem } from './project-change-orders.shared.js'
import { writeChangeOrderIntoSchedule } from './change-order-schedule.js'
import { assertMayDecide, assertMayPrepare, changeOrderFacts } from './project-change-orders.access.js'

/** The fields of a draft its preparer edits. */
const editableFields = ['date', 'reason', 'lines'] as const

/** The first problem as the server answers it (400; 409 for a line below what was claimed on it), its amounts printed, every problem listed. */
function changeOrderError(problems: readonly ChangeOrderProblem[]) {
  const [first] = problems
  const figures = Object.fromEntries(
    Object.entries(first.data ?? {}).flatMap(([key, cents]) => [
      [key, cents],
      [key.replace(/Cents$/, ''), formatAmount(fromCents(cents))]
    ])
  )
  return appError(first.code === 'CO_BELOW_CLAIMED' ? 409 : 400, first.code, {
    field: first.field,
    line: first.line ?? 0,
    item: first.item ?? '',
    ...figures,
    problems: problems.map(({ code, line, item, field, data }) => ({ code, line, item, field, ...data }))
  })
}

/**
 * A project's change orders (issue 27 item 3), records of their own:
 * - find {projectId, status, $sort} and get: the change orders of the projects whose accounts the
 *   caller reads (as the schedule: the vendor's own company and staff; never another vendor, nor a
 *   main contractor of another company), each with `numberText` (CO-001) and the caller's `actions`;
 * - create {projectId, date, reason, lines}, patch and remove a DRAFT: the project's vendor or its staff who
 *   may update the project, while it runs and has a schedule of values; the number is the next of
 *   the project's, after the revisions its imported schedule already names (assigned by the insert
 *   under the project's lock, unique per project in the database);
 * - submit, approve, reject {id, updatedAt, reason?}: the shared transition runner (lock, check,
 *   write, one transaction; the audited write adds 428/410 and the audit row). Approval (staff who
 *   may update the project; never a vendor: 403) locks the project, checks the lines against the
 *   schedule and the claims as they stand (409 CO_BELOW_CLAIMED: a line never goes below what was
 *   claimed on it), and writes each change into the schedule's lines, dated with the approval: the
 *   contract sum to date of every application made from then on counts it (G702 line 2).
 */
export class ProjectChangeOrderService extends WorkflowKnexService<any> {
  readonly lockChecksAccess = true

  constructor(options: any, app: Application) {
    super(options, app, { resource: 'projects' })
  }

  createQuery(params: WorkflowParams = {}) {
    const query = super.createQuery(params)
    if (!(params.query as any)?.$sort) query.orderBy('project_change_orders.projectId').orderBy('project_change_orders.number')
    return query
  }

  async find(params: WorkflowParams = {}): Promise<any> {
    const result: any = await super._find(params as any)
    const rows = Array.isArray(result) ? result : result.data
    const shown = await this.present(rows, params)
    return Array.isArray(result) ? shown : { ...result, data: shown }
  }

  async get(id: Id, params: WorkflowParams = {}): Promise<any> {
    const [shown] = await this.present([await super._get(id, params as any)], params)
    return shown
  }

  /** A DRAFT change order of a running project with a schedule of values (its project read through its own rules before this). */
  async create(data: any, params: WorkflowParams = {}): Promise<any> {
    if (Array.isArray(data)) throw new MethodNotAllowed('Can not create multiple entries')
    return withTransaction(this.app.get('knex'), params, async (inner) => {
      const db = this.conn(inner)
      const project = await db('projects').where({ id: data.projectId }).forUpdate().first()
      if (!project || (inner.region && project.region !== inner.region)) throw appError(400, 'REFERENCE_INVALID', { field: 'projectId' })
      assertMayPrepare(inner, project)
      if (!['ACTIVE', 'COMPLETED'].includes(project.status)) throw appError(409, 'INVALID_TRANSITION', { status: project.status, action: 'create' })
      const fields = this.editable(data)
      await this.checkedLines(db, project, fields.lines as ChangeOrderLine[])
      // The next number of the project, after the revisions an imported schedule already names: the project is locked, the unique index has the last word.
      const number = db.raw(
        `GREATEST(
           (SELECT coalesce(max(number), 0) FROM project_change_orders WHERE project_id = ?),
           (SELECT coalesce(max((change->>'revision')::int), 0) FROM project_schedule_lines l CROSS JOIN jsonb_array_elements(l.change_orders) change WHERE l.project_id = ?)
         ) + 1`,
        [project.id, project.id]
      )
      const [created] = await db('project_change_orders').insert(
        { ...this.row(fields), region: project.region, projectId: project.id, number, status: 'DRAFT', createdBy: inner.user?.id ?? null },
        '*'
      )
      ;(inner as any).written = { service: this, record: created }
      const [shown] = await this.present([created], inner)
      return shown
    })
  }

  /** The date, reason or lines of a DRAFT, by its preparers (409 CHANGE_ORDER_FROZEN once submitted). */
  async patch(id: NullableId, data: any, params: WorkflowParams = {}): Promise<any> {
    if (id === null) throw new MethodNotAllowed('Can not patch multiple entries')
    return withTransaction(this.app.get('knex'), params, async (inner) => {
      const db = this.conn(inner)
      const { current, project } = await this.lockedDraft(id, inner)
      const fields = { date: isoDay(current.date), reason: current.reason, lines: current.lines, ...this.editable(data) }
      await this.checkedLines(db, project, fields.lines as ChangeOrderLine[])
      const [stored] = await db('project_change_orders')
        .where({ id: current.id })
        .update({ ...this.row(fields), updatedAt: new Date() }, '*')
      ;(inner as any).written = { service: this, record: stored }
      const [shown] = await this.present([stored], inner)
      return shown
    })
  }

  /** A DRAFT, by its preparers (a submitted one is part of the project's accounts: 409 CHANGE_ORDER_FROZEN). The next draft may take its number: numbers run without gaps. */
  async remove(id: NullableId, params: WorkflowParams = {}): Promise<any> {
    if (id === null) throw new MethodNotAllowed('Can not remove multiple entries')
    return withTransaction(this.app.get('knex'), params, async (inner) => {
      const db = this.conn(inner)
      const { current } = await this.lockedDraft(id, inner)
      await db('project_change_orders').where({ id: current.id }).delete()
      const [shown] = await this.present([current], inner)
      return shown
    })
  }

  /** A draft about to change, locked as the caller reads it (404), with its project locked: its preparers only (403), a DRAFT only (409 CHANGE_ORDER_FROZEN). */
  private async lockedDraft(id: Id, params: WorkflowParams): Promise<{ current: any; project: any }> {
    const current = await this.lockForWrite(id, params)
    const project = await this.conn(params)('projects').where({ id: current.projectId }).forUpdate().first()
    assertMayPrepare(params, project)
    if (!changeOrderWorkflow.isIn('editable', current.status)) throw appError(409, 'CHANGE_ORDER_FROZEN', { number: current.number, status: current.status })
    return { current, project }
  }

  submit(data: { id: number }, params: WorkflowParams = {}) {
    return this.move(data.id, 'submit', null, params)
  }

  approve(data: { id: number }, params: WorkflowParams = {}) {
    return this.move(data.id, 'approve', null, params)
  }

  reject(data: { id: number; reason?: string }, params: WorkflowParams = {}) {
    return this.move(data.id, 'reject', typeof data.reason === 'string' ? data.reason.trim() : '', params)
  }

  /**
   * One workflow move in the shared runner: the change order locked as the caller reads it (404),
   * its project locked (claims and approvals of one project take turns), who may (403: a vendor
   * never decides), the table (409), the lines against the schedule and claims as they stand, then
   * the write; an approval writes its changes into the schedule in the same transaction.
   */
  private async move(id: number, action: ChangeOrderAction, reason: string | null, params: WorkflowParams): Promise<any> {
    if (!params.transaction) return withTransaction(this.app.get('knex'), params, (inner) => this.move(id, action, reason, inner))
    const stored = await this.runTransition({
      id,
      action,
      params,
      workflow: changeOrderWorkflow,
      related: (db, changeOrder: any) => db('projects').where({ id: changeOrder.projectId }).forUpdate().first(),
      authorize: (_changeOrder, project: any) => (action === 'submit' ? assertMayPrepare(params, project) : assertMayDecide(params, project)),
      precheck: (changeOrder: any) => {
        // A reject without its reason is bad input (400, said in the caller's language), not a refused move.
        if (action === 'reject' && changeOrder.status === 'SUBMITTED' && !isValidChangeOrderRejectReason(reason))
          throw appError(400, 'CO_REJECT_REASON_REQUIRED', { field: 'reason', max: changeOrderRejectReasonMaxLength })
      },
      facts: (changeOrder: any, project: any) => changeOrderFacts(changeOrder, project, reason),
      actor: claimActor,
      apply: async (db, changeOrder: any, project: any, _to, now) => {
        const by = params.user?.id ?? null
        if (action === 'reject') return { rejectReason: reason, decidedBy: by, decidedAt: now }
        await this.checkedLines(db, project, changeOrder.lines)
        if (action === 'submit') return { submittedBy: by, submittedAt: now }
        await this.writeIntoSchedule(db, project, changeOrder, now, params)
        return { decidedBy: by, decidedAt: now }
      }
    })
    const [shown] = await this.present([stored], params)
    return shown
  }

  /** The approved change order in the schedule (change-order-schedule.ts); the schedule's readers hear of it after the commit. */
  private async writeIntoSchedule(db: Knex, project: any, changeOrder: any, now: Date, params: WorkflowParams) {
    await writeChangeOrderIntoSchedule(db, project, { id: changeOrder.id, number: changeOrder.number, lines: changeOrder.lines }, now.toISOString())
    params.afterCommit?.push(() => this.app.service('project-schedule-lines' as any).emit('created', { id: project.id, projectId: project.id, region: project.region }))
  }

  /** The lines against the schedule as it stands and what was claimed on each line (400 / 409); 409 without a schedule. */
  private async checkedLines(db: Knex, project: any, lines: readonly ChangeOrderLine[]) {
    const schedule = await db('project_schedule_lines').where({ projectId: project.id }).orderBy('position').select('id', 'position', 'item', 'description', 'originalValueCents', 'changeOrders')
    if (!schedule.length) throw appError(409, 'CO_NO_SCHEDULE')
    const claims = await db('project_submissions')
      .where({ projectId: project.id })
      .whereIn('status', [...ledgerStates])
      .orderBy('order')
      .select('id', 'order', 'status', 'completionType', 'completionAmountCents', 'lines', submittedAtOf(db))
    const problems = changeOrderProblems(schedule, lines, claimedToDate(schedule, claims.map(applicationOf)))
    if (problems.length) throw changeOrderError(problems)
    return schedule
  }

  /** The request's fields a preparer sets, as stored (trimmed). */
  private editable(data: any): Record<string, unknown> {
    const out: Record<string, unknown> = {}
    for (const field of editableFields) if (data?.[field] !== undefined) out[field] = data[field]
    if (typeof out.reason === 'string') out.reason = out.reason.trim()
    if (Array.isArray(out.lines))
      out.lines = (out.lines as ChangeOrderLine[]).map((line) => ({
        type: line.type,
        item: String(line.item).trim(),
        ...(line.type === 'ADD' ? { description: String(line.description ?? '').trim() } : {}),
        amountCents: line.amountCents
      }))
    return out
  }

  private row(fields: Record<string, unknown>) {
    const lines = (fields.lines ?? []) as ChangeOrderLine[]
    return { date: fields.date, reason: fields.reason, lines: JSON.stringify(lines), netChangeCents: netChangeCents(lines) }
  }

  /** As answered: the day as 'yyyy-mm-dd', CO-001, the caller's actions. */
  private async present(rows: any[], params: WorkflowParams): Promise<any[]> {
    if (!rows.length) return []
    const db = this.conn(params)
    const projects = new Map<string, any>((await db('projects').whereIn('id', [...new Set(rows.map((row) => row.projectId))])).map((project: any) => [project.id, project]))
    return rows.map((row) => {
      const project = projects.get(row.projectId)
      const facts = changeOrderFacts(row, project, 'reason')
      const actor = claimActor(params)
      return {
        ...row,
        date: isoDay(row.date),
        netChangeCents: Number(row.netChangeCents),
        numberText: changeOrderNumberText(row.number),
        actions: params.user ? changeOrderWorkflow.actionsFrom(row.status, facts, actor) : [],
        editable: Boolean(params.user) && changeOrderWorkflow.isIn('editable', row.status) && changeOrderWorkflow.can('DRAFT', 'submit', { ...facts, status: 'DRAFT' }, actor)
      }
    })
  }
}
