import { subject } from '@casl/ability'
import { MethodNotAllowed } from '@feathersjs/errors'
import type { Id, NullableId } from '@feathersjs/feathers'
import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { WorkflowKnexService, type WorkflowParams } from '../../../../kit/workflow-runner.js'
import { withTransaction } from '../../../../db/transaction.js'
import { calendarDay, isoDay } from '../../../../format/format.shared.js'
import { floorsHeldOn, tenancyFloorProblem } from '../../../tenancies/module.js'
import { sameInstant } from '../../../../hooks/audited-write.js'
import { tenantProjectWorkflow, type TenantProjectAction, type TenantProjectFacts, type TenantProjectState } from './tenant-project.workflow.js'
import { availableForWorkPermits, tenantProjectTimeFilters, type TenantProjectTimeFilter } from './tenant-projects.shared.js'
import type { TenantProjectData, TenantProjectPatch } from './tenant-projects.schema.js'
import { notifyWithdrawn } from '../tenant-submissions/submission-mail.js'
import { closeOpenBatch } from '../tenant-submissions/submission-history.js'

const DAY_MS = 86_400_000

/**
 * Tenant fit-out projects (spec §3, §4, §5; feature TENANT_PROJECTS): created by a tenant from one
 * of its tenancies with the floors its premises hold today, moved through the workflow table
 * (tenant-project.workflow.ts), edited while open, deleted only as drafts. Who: the access
 * contract (tenant-projects.access.ts), applied by the kit. Every external write runs inside the
 * audited write (lock, 428/410, audit row, event after the commit).
 */
export class TenantProjectService extends WorkflowKnexService<any> {
  /** The lock of a write reads the project as the caller may (the contract's `read`): 404 before any version answer, with no read of its own first. */
  readonly lockChecksAccess = true

  constructor(options: any, app: Application) {
    super(options, app, { resource: 'tenant-projects' })
  }

  /** The region's today, for the premises a project's floors come from. */
  private async today(region: string) {
    return calendarDay(new Date(), (await this.app.get('regionCache').get(region))?.timeZone ?? 'UTC')
  }

  private present = (row: any) => ({
    ...row,
    availableForWorkPermits: availableForWorkPermits(row.status),
    ...('insuredFrom' in row ? { insuredFrom: row.insuredFrom ? isoDay(row.insuredFrom) : null, insuredUntil: row.insuredUntil ? isoDay(row.insuredUntil) : null } : {})
  })

  /** The spec's time filter (`$since`: updated within the last day, week... month) is taken out of the query here. */
  async find(params: WorkflowParams = {}): Promise<any> {
    const { $since, ...query } = (params.query ?? {}) as { $since?: TenantProjectTimeFilter }
    const days = $since ? tenantProjectTimeFilters[$since] : null
    const since = days ? { updatedAt: { $gte: new Date(Date.now() - days * DAY_MS).toISOString() } } : {}
    const page: any = await super._find({ ...params, query: { ...query, ...since } } as any)
    return Array.isArray(page) ? page.map(this.present) : { ...page, data: page.data.map(this.present) }
  }

  async get(id: Id, params: WorkflowParams = {}): Promise<any> {
    return this.present(await super._get(id, params as any))
  }

  /**
   * Spec §5: a project from one of the caller's tenancies (the CASL create rule: a tenant's own
   * tenancy). Refused while the tenancy's floor information is missing or expired (naming the
   * building's hotline), when its premises changed since the form read them (410), for floors its
   * premises do not hold today, and without the terms accepted.
   */
  async create(data: any, params: WorkflowParams = {}): Promise<any> {
    if (Array.isArray(data)) throw new MethodNotAllowed('Can not create multiple entries')
    return withTransaction(this.app.get('knex'), params, (inner) => this.createWithin(data as TenantProjectData, inner))
  }

  private async createWithin(data: TenantProjectData, params: WorkflowParams): Promise<any> {
    const db = this.conn(params)
    // The tenancy's row is locked so that its premises cannot change between the check and the insert.
    const tenancy = await db('tenancies').where({ id: data.tenancyId }).forShare().first('id', 'region', 'buildingId', 'companyName', 'tradeName', 'updatedAt')
    if (!tenancy || (params.region && tenancy.region !== params.region)) throw appError(400, 'REFERENCE_INVALID', { field: 'tenancyId' })
    if (!data.isAccept) throw appError(400, 'TENANT_PROJECT_TERMS_NOT_ACCEPTED')
    const today = await this.today(tenancy.region)
    if (await tenancyFloorProblem(db, tenancy.id, today)) {
      const building = tenancy.buildingId ? await db('buildings').where({ id: tenancy.buildingId }).first('hotline') : undefined
      throw appError(409, 'TENANT_PROJECT_FLOOR_INFO', { hotline: building?.hotline ?? '' })
    }
    if (data.tenancyUpdatedAt && !sameInstant(data.tenancyUpdatedAt, tenancy.updatedAt)) throw appError(410, 'TENANT_PROJECT_PREMISES_CHANGED')
    const held = await floorsHeldOn(db, tenancy.id, today)
    const floors = data.floors ?? held
    const outside = floors.filter((floor) => !held.includes(floor))
    if (outside.length) throw appError(400, 'TENANT_PROJECT_FLOOR_NOT_HELD', { floors: outside.join(', ') })
    const [created] = await db('tenant_projects').insert(
      {
        region: tenancy.region,
        tenancyId: tenancy.id,
        buildingId: tenancy.buildingId,
        companyName: tenancy.companyName,
        tradeName: tenancy.tradeName,
        type: data.type,
        projectName: data.projectName.trim(),
        projectLocation: (data.projectLocation ?? []).map((line) => line.trim()).filter(Boolean),
        floors,
        isAccept: true,
        status: 'DRAFT',
        createdBy: params.user?.id ?? null
      },
      '*'
    )
    ;(params as any).written = { service: this, record: created }
    return this.present(created)
  }

  /** Edits while the project is open (DRAFT, SUBMITTED, IN_PROGRESS); a withdrawn or cancelled one says so (409). */
  async patch(id: NullableId, data: any, params: WorkflowParams = {}): Promise<any> {
    if (id === null) throw new MethodNotAllowed('Can not patch multiple entries')
    return withTransaction(this.app.get('knex'), params, async (inner) => {
      const current = await this.lockForWrite(id, inner)
      this.assertCan(inner, 'update', current)
      this.assertOpen(current, 'patch')
      // Every field against the caller's field rules (a tenant's own grant writes the project's information, not its external systems flag).
      for (const field of Object.keys(data).filter((key) => key !== 'updatedAt' && key !== 'region')) {
        if (inner.provider && !inner.ability?.can('update', subject('tenant-projects', { ...current }), field)) throw appError(403, 'FIELD_FORBIDDEN', { field })
      }
      const { updatedAt: _read, region: _region, ...fields } = data as TenantProjectPatch
      const changes: Record<string, unknown> = { ...fields }
      // Issue 30 item 5: the insurance period ends on or after its start.
      const period = {
        from: fields.insuredFrom !== undefined ? fields.insuredFrom : current.insuredFrom ? isoDay(current.insuredFrom) : null,
        until: fields.insuredUntil !== undefined ? fields.insuredUntil : current.insuredUntil ? isoDay(current.insuredUntil) : null
      }
      if (period.from && period.until && period.until < period.from) throw appError(400, 'INSURANCE_PERIOD_INVALID', { insuredFrom: period.from, insuredUntil: period.until })
      if (typeof fields.projectName === 'string') changes.projectName = fields.projectName.trim()
      if (fields.projectLocation) changes.projectLocation = fields.projectLocation.map((line) => line.trim()).filter(Boolean)
      const [stored] = await this.conn(inner)('tenant_projects')
        .where({ id: current.id })
        .update({ ...changes, updatedAt: new Date() }, '*')
      ;(inner as any).written = { service: this, record: stored }
      return this.present(stored)
    })
  }

  /** Spec §4 "Only draft projects can be deleted" (409 otherwise). */
  async remove(id: NullableId, params: WorkflowParams = {}): Promise<any> {
    if (id === null) throw new MethodNotAllowed('Can not remove multiple entries')
    return withTransaction(this.app.get('knex'), params, async (inner) => {
      const current = await this.lockForWrite(id, inner)
      this.assertCan(inner, 'delete', current)
      this.assertOpen(current, 'remove')
      if (!tenantProjectWorkflow.isIn('deletable', current.status)) throw appError(409, 'TENANT_PROJECT_NOT_DRAFT', { status: current.status })
      await this.conn(inner)('tenant_projects').where({ id: current.id }).delete()
      return this.present(current)
    })
  }

  submit(data: { id: number }, params: WorkflowParams = {}) {
    return this.move(data.id, 'submit', params, (now) => ({ submittedAt: now }))
  }

  accept(data: { id: number }, params: WorkflowParams = {}) {
    return this.move(data.id, 'accept', params, (now) => ({ acceptedAt: now }))
  }

  complete(data: { id: number }, params: WorkflowParams = {}) {
    return this.move(data.id, 'complete', params, (now) => ({ completedAt: now }))
  }

  async withdraw(data: { id: number; reason: string }, params: WorkflowParams = {}) {
    const withdrawn = await this.move(data.id, 'withdraw', params, (now) => ({ closedAt: now, statusReason: data.reason.trim() }))
    await notifyWithdrawn(this.app, params, withdrawn, data.reason.trim())
    return withdrawn
  }

  cancel(data: { id: number; reason: string }, params: WorkflowParams = {}) {
    return this.move(data.id, 'cancel', params, (now) => ({ closedAt: now, statusReason: data.reason.trim() }))
  }

  /** Spec §4: "WITHDRAWN and CANCELLED projects cannot be updated; a notice says the tenant project has that status". */
  private assertOpen(record: { status: TenantProjectState }, action: string) {
    if (tenantProjectWorkflow.isIn('closed', record.status)) throw appError(409, 'TENANT_PROJECT_CLOSED', { status: record.status, action })
  }

  private async move(id: number, action: TenantProjectAction, params: WorkflowParams, fields: (now: Date) => Record<string, unknown>) {
    const stored = await this.runTransition<any, TenantProjectState, TenantProjectFacts>({
      id,
      action,
      params,
      workflow: tenantProjectWorkflow,
      facts: (record) => record,
      precheck: (record) => this.assertOpen(record, action),
      apply: async (db, record, _related, to, now) => {
        // A closed project's undecided batch is cancelled with it: no clock runs on, no reviewer waits.
        if (tenantProjectWorkflow.isIn('closed', to)) await closeOpenBatch(this.app, db, record.id, `${to}: ${fields(now).statusReason ?? ''}`.trim(), now, params)
        return fields(now)
      }
    })
    return this.present(stored)
  }
}
