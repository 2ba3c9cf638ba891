import { MethodNotAllowed } from '@feathersjs/errors'
import type { Id, NullableId } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { portalOf } from '../../../../abilities/permissions.shared.js'
import { WorkflowKnexService, type WorkflowParams } from '../../../../kit/workflow-runner.js'
import { staffSiteIds } from './projects.access.js'
import { matchProjectSearch, withSearchNames } from './project-search.js'
import { availableOnDay } from './project-availability.shared.js'
import { calendarDay, isoDay } from '../../../../format/format.shared.js'
import { projectWorkflow, type ProjectAction, type ProjectFacts, type ProjectState } from './project.workflow.js'
import type { ProjectData, ProjectPatch } from './projects.schema.js'
import { mailProjectInvitation } from './project-mail.js'
import { claimAttachment } from '../project-po-attachments/project-po-attachments.js'
import { openRatingTask } from '../vendor-rating-tasks/open-rating-task.js'
import { withTransaction } from '../../../../db/transaction.js'
import { purchaseOf, type PurchaseType } from '../../../tenders/module.js'

export type ProjectParams = WorkflowParams

const UNIQUE_VIOLATION = '23505'
const CHECK_VIOLATION = '23514'

/** A percent with at most 2 decimals as its exact text for numeric(5,2); 400 otherwise. */
export function exactPercent(value: number | string): string {
  const text = String(value).trim()
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(text) && !(typeof value === 'number' && Number.isFinite(value))) throw appError(400, 'VALIDATION_FAILED', { details: 'retentionPercent' })
  const hundredths = Math.round(Number(text) * 100)
  if (Math.abs(Number(text) * 100 - hundredths) > 1e-6 || hundredths < 0 || hundredths > 10_000) throw appError(400, 'VALIDATION_FAILED', { details: 'retentionPercent: 0 to 100, at most 2 decimals' })
  return (hundredths / 100).toFixed(2)
}

/** A number of cents from a decimal amount as the purchase record stores it (numeric(14,2) read as a number). */
const centsOfAmount = (amount: unknown) => Math.round(Number(amount ?? 0) * 100)

/** The calendar days of a project (DATE columns), answered as 'yyyy-mm-dd'. */
const dateColumns = ['actualCommencementDate', 'actualCompletionDate', 'dlpDate'] as const

/**
 * Non-tenant projects (spec §3, §4, §5): raised DRAFT from a purchase order or contract of an
 * awarded tender, kept up to date by staff, moved through the workflow table (project.workflow.ts).
 * Every external write runs inside the audited write (lock as the caller reads, 428/410, audit
 * row, event after the commit).
 */
export class ProjectService extends WorkflowKnexService<any> {
  /** The lock of a write reads the project as the caller may (narrowProjects): 404 before any version answer. */
  readonly lockChecksAccess = true

  constructor(options: any, app: Application) {
    super(options, app, { resource: 'projects' })
  }

  createQuery(params: ProjectParams = {}) {
    const db = this.app.get('knex')
    // The access narrowing is the contract's (projects.access.ts, applied by the knex service); the quick find's words are this list's own.
    return matchProjectSearch(super.createQuery(params), (params as any).projectSearch, db)
  }

  /** The region's clock for the work permit flag (its whole end day counts there). */
  async withAvailability<T extends Record<string, any>>(records: T[], region?: string): Promise<Array<T & { availableForWorkPermits: boolean }>> {
    // Today on each region's clock, once for the page (reading a zone's clock is the costly part).
    const todays = new Map<string | undefined, string>()
    const now = new Date()
    const out: Array<T & { availableForWorkPermits: boolean }> = []
    for (const record of records) {
      const code: string | undefined = record.region ?? region
      if (!todays.has(code)) todays.set(code, calendarDay(now, code ? ((await this.app.get('regionCache').get(code))?.timeZone ?? 'UTC') : undefined))
      const days = Object.fromEntries(dateColumns.filter((column) => record[column] != null).map((column) => [column, isoDay(record[column])]))
      out.push({ ...record, ...days, availableForWorkPermits: availableOnDay(record as any, todays.get(code)!) })
    }
    return out
  }

  async find(params: ProjectParams = {}): Promise<any> {
    const result: any = await super._find(params as any)
    // A search's hits are named by their vendor and title (project-search.ts); the plain list reads no more than its rows.
    const named = async (records: any[]) => ((params as any).projectSearch ? withSearchNames(this.conn(params), records) : records)
    if (Array.isArray(result)) return this.withAvailability(await named(result), params.region)
    return { ...result, data: await this.withAvailability(await named(result.data), params.region) }
  }

  async get(id: Id, params: ProjectParams = {}): Promise<any> {
    const [record] = await this.withAvailability([await super._get(id, params as any)], params.region)
    return record
  }

  /**
   * A project from a purchase order or contract (spec §8 POST projects): the record was read
   * through its own service's rules (resolveReferences, 400 REFERENCE_INVALID otherwise); here it
   * must be ACTIVE, of an AWARDED tender, not already in a live project (409 PROJECT_NUMBER_IN_USE)
   * and on a site of the caller's location.
   */
  async create(data: any, params: ProjectParams = {}): Promise<any> {
    return this.createProject(data as ProjectData, params)
  }

  private async createProject(data: ProjectData, params: ProjectParams): Promise<any> {
    if (Array.isArray(data)) throw new MethodNotAllowed('Can not create multiple entries')
    const region = data.region ?? params.region
    if (!region) throw appError(400, 'VALIDATION_FAILED', { details: 'region' })
    const db = this.conn(params)
    const key = data.numberType === 'PO' ? 'purchaseOrderId' : 'contractId'
    const purchaseId = data[key]
    if (!purchaseId || data[data.numberType === 'PO' ? 'contractId' : 'purchaseOrderId'] != null) throw appError(400, 'VALIDATION_FAILED', { details: key })
    // The purchase order or contract, read through the tenders module's door.
    const purchase = await purchaseOf(db, data.numberType as PurchaseType, purchaseId, region)
    if (!purchase) throw appError(400, 'REFERENCE_INVALID', { field: key })
    if (!purchase.awarded) throw appError(400, 'PROJECT_PURCHASE_NOT_AWARDED', { number: purchase.number })
    if (params.provider && params.user && portalOf(params.user.userType) === 'staff') {
      const sites = (await staffSiteIds(db, region, params.user.id)).map((row: any) => Number(row.unnest))
      if (!sites.includes(Number(purchase.siteId))) throw appError(403, 'FORBIDDEN')
    }
    const totalAmountCents = centsOfAmount(purchase.amount)
    const row: Record<string, any> = {
      region,
      status: 'DRAFT',
      companyId: purchase.companyId,
      managedBy: data.managedBy ?? params.user?.id ?? purchase.managedBy ?? null,
      type: data.type ?? null,
      numberType: data.numberType,
      purchaseOrderId: data.numberType === 'PO' ? purchase.id : null,
      contractId: data.numberType === 'CONTRACT' ? purchase.id : null,
      number: purchase.number,
      revisionNum: data.numberType === 'CONTRACT' ? Number(purchase.revisionNum ?? 0) : null,
      tenderId: purchase.tenderId,
      poAttachmentId: data.poAttachmentId ?? null,
      siteId: purchase.siteId,
      currency: purchase.currency,
      totalAmountCents,
      createdBy: params.user?.id ?? null,
      ...this.checked({ deductionCents: centsOfAmount(purchase.deduction), retentionPercent: Number(purchase.retentionPercent ?? 0), ...this.editable(data) }, { totalAmountCents })
    }
    await this.assertBuildingsOfSite(db, row.siteId, row.buildingIds as number[] | undefined)
    const [created] = await this.constraintErrors(() => db('projects').insert({ ...row, buildingIds: row.buildingIds ?? [] }, '*'))
    await claimAttachment(db, row.poAttachmentId, created.id)
    return this.get(created.id, { ...params, provider: undefined, query: {} } as any)
  }

  /** Edits of the project's details while it is not cancelled (the workflow's `editable` phase). */
  async patch(id: NullableId, data: any, params: ProjectParams = {}): Promise<any> {
    if (id === null) throw new MethodNotAllowed('Can not patch multiple entries')
    const current: any = await this.lockForWrite(id, params)
    this.assertCan(params, 'update', current)
    if (!projectWorkflow.isIn('editable', current.status)) throw appError(409, 'INVALID_TRANSITION', { status: current.status, action: 'patch' })
    const changes = this.checked(this.editable(data as ProjectPatch), current)
    if (current.status === 'COMPLETED' && 'actualCompletionDate' in changes && !changes.actualCompletionDate) throw appError(400, 'PROJECT_COMPLETION_DATE_REQUIRED')
    await this.assertBuildingsOfSite(this.conn(params), current.siteId, changes.buildingIds as number[] | undefined)
    await this.constraintErrors(() =>
      this.conn(params)('projects')
        .where({ id: current.id })
        .update({ ...changes, updatedAt: new Date() })
    )
    return this.get(current.id, { ...params, provider: undefined, query: {} } as any)
  }

  /** DRAFT → ACTIVE: the vendor is invited (mail "project invitation", after the commit). */
  async activate(data: { id: string }, params: ProjectParams = {}) {
    return this.move(data.id, 'activate', params, async (db, record, now) => {
      await mailProjectInvitation(this.app, params, db, record)
      return { activatedAt: now }
    })
  }

  /** ACTIVE → COMPLETED: needs the actual completion date (spec §5, 400 otherwise); asks the person in charge to rate the vendor (issue 12 item 9), in the same transaction. */
  async complete(data: { id: string }, params: ProjectParams = {}) {
    return this.move(data.id, 'complete', params, async (db, record, now) => {
      const task = await openRatingTask(db, { projectId: record.id, rateType: 'PROJECT_COMPLETED', sourceId: record.id })
      // The rater's open dashboard hears of the task once the completion is committed.
      const announce = () => this.app.service('vendor-rating-tasks' as any).emit('created', task)
      if ((params as any).afterCommit) (params as any).afterCommit.push(announce)
      return { completedAt: now }
    })
  }

  /** DRAFT or ACTIVE → CANCELLED. */
  async cancel(data: { id: string }, params: ProjectParams = {}) {
    return this.move(data.id, 'cancel', params, async (_db, _record, now) => ({ cancelledAt: now }))
  }

  /**
   * Spec §6 "change person in charge": the `changeManager` permission on the project; the new
   * person (read through the users service's rules before this) is a staff account of the region.
   */
  async changeManager(data: { id: string; managedBy: number }, params: ProjectParams = {}) {
    const db = this.conn(params)
    const run = async (trxParams: ProjectParams) => {
      const trx = this.conn(trxParams)
      const record: any = await this.lockForWrite(data.id, trxParams)
      this.assertCan(trxParams, 'changeManager', record)
      if (projectWorkflow.isIn('terminal', record.status)) throw appError(409, 'INVALID_TRANSITION', { status: record.status, action: 'changeManager' })
      const person = await trx('users').where({ id: data.managedBy, enabled: true }).whereBetween('userType', [500, 599]).whereRaw('? = ANY(regions)', [record.region]).first('id')
      if (!person) throw appError(400, 'REFERENCE_INVALID', { field: 'managedBy' })
      const [stored] = await trx('projects').where({ id: record.id }).update({ managedBy: data.managedBy, updatedAt: new Date() }, '*')
      ;(trxParams as any).written = { service: this, record: stored }
      const [shown] = await this.withAvailability([stored])
      return shown
    }
    return withTransaction(db, params, run)
  }

  private async move(id: string, action: ProjectAction, params: ProjectParams, apply: (db: Knex, record: any, now: Date) => Promise<Record<string, unknown>>) {
    const stored = await this.runTransition<any, ProjectState, ProjectFacts>({
      id,
      action,
      params,
      workflow: projectWorkflow,
      facts: (record) => record,
      // Spec §5 "actual completion date is required before completing": said before the table's answer.
      precheck: (record) => {
        if (action === 'complete' && record.status === 'ACTIVE' && !record.actualCompletionDate) throw appError(400, 'PROJECT_COMPLETION_DATE_REQUIRED')
      },
      apply: (db, record, _related, _to, now) => apply(db, record, now)
    })
    const [shown] = await this.withAvailability([stored])
    return shown
  }

  /** The editable fields given, as stored (retention as exact text). */
  private editable(data: Partial<ProjectPatch>): Record<string, unknown> {
    const fields = ['type', 'buildingIds', 'deductionCents', 'deductionReason', 'actualCommencementDate', 'actualCompletionDate', 'dlpDate', 'onHold', 'projectLocation'] as const
    const out: Record<string, unknown> = {}
    for (const field of fields) if ((data as any)[field] !== undefined) out[field] = (data as any)[field]
    if (data.retentionPercent !== undefined) out.retentionPercent = exactPercent(data.retentionPercent)
    if (typeof out.deductionReason === 'string') out.deductionReason = (out.deductionReason as string).trim() || null
    return out
  }

  /** Spec §5: the deduction within the amount and with its reason; completion not before commencement. */
  private checked(changes: Record<string, unknown>, current: Record<string, any>): Record<string, unknown> {
    const merged = { ...current, ...changes }
    const deduction = Number(merged.deductionCents ?? 0)
    if (deduction > Number(merged.totalAmountCents)) throw appError(400, 'PROJECT_DEDUCTION_TOO_HIGH', { max: Number(merged.totalAmountCents) / 100 })
    if ('deductionCents' in changes && deduction > 0 && !merged.deductionReason) throw appError(400, 'PROJECT_DEDUCTION_REASON_REQUIRED')
    const day = (value: unknown) => (value ? isoDay(value) : null)
    const start = day(merged.actualCommencementDate)
    const end = day(merged.actualCompletionDate)
    if (start && end && end < start) throw appError(400, 'PROJECT_COMPLETION_BEFORE_COMMENCEMENT')
    return changes
  }

  /** Buildings included must be buildings of the project's site (spec §3 "site, buildings included"). */
  private async assertBuildingsOfSite(db: Knex, siteId: number, buildingIds: number[] | undefined) {
    if (!buildingIds?.length) return
    const site = await db('sites').where({ id: siteId }).first('buildingIds')
    const allowed: number[] = (site?.buildingIds ?? []).map(Number)
    const outside = buildingIds.filter((id) => !allowed.includes(Number(id)))
    if (outside.length) throw appError(400, 'REFERENCE_INVALID', { field: 'buildingIds', ids: outside })
  }

  private async constraintErrors<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write()
    } catch (error: any) {
      if (error?.code === UNIQUE_VIOLATION) throw appError(409, 'PROJECT_NUMBER_IN_USE')
      if (error?.code === CHECK_VIOLATION) throw appError(400, 'VALIDATION_FAILED', { details: error.constraint })
      throw error
    }
  }
}
