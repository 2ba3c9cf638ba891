import { MethodNotAllowed } from '@feathersjs/errors'
import type { Id, NullableId } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { withTransaction } from '../../../../db/transaction.js'
import { WorkflowKnexService, type WorkflowParams } from '../../../../kit/workflow-runner.js'
import { inspectionStatus } from './inspections.shared.js'
import { projectToControl } from './project-to-control.js'

const present = (row: any) => (row ? { ...row, status: inspectionStatus(row) } : row)

/**
 * A project's inspections (spec §3 "Inspection": interim or final, items inspected, date and time,
 * inspected by, description, remarks, follow-up required, tenant-viewable; §4 "becomes Inspected
 * when sent to tenants"; §7 Inspections). The inspectors (`inspection` on this resource) record and
 * edit them while the project is open, send them to the tenant (`sentAt`, shown as Inspected) or
 * let the tenant see one before (`tenantViewable`). Who reads: inspections.access.ts, by the kit.
 */
export class TenantProjectInspectionService extends WorkflowKnexService<any> {
  readonly lockChecksAccess = true

  constructor(options: any, app: Application) {
    super(options, app, { resource: 'tenant-project-inspections' })
  }

  async find(params: WorkflowParams = {}): Promise<any> {
    const page: any = await super._find({ ...params, query: { $sort: { inspectedAt: -1, id: -1 }, ...(params.query ?? {}) } } as any)
    return Array.isArray(page) ? page.map(present) : { ...page, data: page.data.map(present) }
  }

  async get(id: Id, params: WorkflowParams = {}): Promise<any> {
    return present(await super._get(id, params as any))
  }

  async create(data: any, params: WorkflowParams = {}): Promise<any> {
    if (Array.isArray(data)) throw new MethodNotAllowed('Can not create multiple entries')
    return withTransaction(this.app.get('knex'), params, async (inner) => {
      const db = this.conn(inner)
      const project = await projectToControl(db, Number(data.projectId), inner, 'tenant-project-inspections', 'inspection')
      const [stored] = await db('tenant_project_inspections').insert(
        {
          projectId: project.id,
          region: project.region,
          tenancyId: project.tenancyId,
          type: data.type,
          itemsInspected: (data.itemsInspected ?? '').trim(),
          inspectedAt: new Date(data.inspectedAt),
          inspectedBy: (data.inspectedBy ?? '').trim(),
          description: (data.description ?? '').trim(),
          remarks: (data.remarks ?? '').trim(),
          followUpRequired: data.followUpRequired ?? false,
          tenantViewable: data.tenantViewable ?? false,
          createdBy: inner.user?.id ?? null
        },
        '*'
      )
      ;(inner as any).written = { service: this, record: stored }
      return present(stored)
    })
  }

  /** The inspection locked for an inspector's write, on an open project. */
  private async forWrite(id: NullableId, params: WorkflowParams, action: string) {
    if (id === null) throw new MethodNotAllowed('Can not change multiple entries')
    const inspection = await this.lockForWrite(id, params)
    await projectToControl(this.conn(params), inspection.projectId, params, 'tenant-project-inspections', 'inspection').catch((error) => {
      if (error?.code === 409) throw appError(409, 'TENANT_PROJECT_CLOSED', { ...error.data, action })
      throw error
    })
    return inspection
  }

  private async write(id: number, changes: Record<string, unknown>, params: WorkflowParams) {
    const [stored] = await this.conn(params)('tenant_project_inspections')
      .where({ id })
      .update({ ...changes, updatedAt: new Date() }, '*')
    ;(params as any).written = { service: this, record: stored }
    return present(stored)
  }

  /** Spec PUT /inspections/{id}: the inspection's fields (a sent inspection too: the tenant sees the change live). */
  async patch(id: NullableId, data: any, params: WorkflowParams = {}): Promise<any> {
    return withTransaction(this.app.get('knex'), params, async (inner) => {
      const inspection = await this.forWrite(id, inner, 'patch')
      const { updatedAt: _version, region: _region, ...fields } = data
      const changes: Record<string, unknown> = {}
      for (const [field, value] of Object.entries(fields)) changes[field] = typeof value === 'string' && field !== 'inspectedAt' && field !== 'type' ? value.trim() : value
      if (typeof fields.inspectedAt === 'string') changes.inspectedAt = new Date(fields.inspectedAt)
      return this.write(inspection.id, changes, inner)
    })
  }

  /** Sends the inspection to the tenant (spec §4 "becomes Inspected when sent to tenants"): once. */
  async send(data: { id: number }, params: WorkflowParams = {}): Promise<any> {
    return withTransaction(this.app.get('knex'), params, async (inner) => {
      const inspection = await this.forWrite(data.id, inner, 'send')
      if (inspection.sentAt) throw appError(409, 'INSPECTION_ALREADY_SENT')
      return this.write(inspection.id, { sentAt: new Date() }, inner)
    })
  }

  /** Spec PATCH /inspections/{id}/tenant_viewable {isTenantView}: the tenant may see it before it is sent. */
  async tenantViewable(data: { id: number; isTenantView: boolean }, params: WorkflowParams = {}): Promise<any> {
    return withTransaction(this.app.get('knex'), params, async (inner) => {
      const inspection = await this.forWrite(data.id, inner, 'tenantViewable')
      return this.write(inspection.id, { tenantViewable: data.isTenantView }, inner)
    })
  }
}

/**
 * Whether the project has a final inspection on record: a FINAL inspection sent to the tenant
 * (spec §4 "becomes Inspected when sent"). Asked by the deposit refund (§4) and by a final
 * post-fit-out round (§5 "A final post-fitout cannot start without a final inspection record").
 */
export async function finalInspectionSent(db: Knex, projectId: number): Promise<boolean> {
  return Boolean(await db('tenant_project_inspections').where({ projectId, type: 'FINAL' }).whereNotNull('sentAt').first('id'))
}
