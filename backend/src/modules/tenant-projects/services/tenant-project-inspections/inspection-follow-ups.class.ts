import { MethodNotAllowed } from '@feathersjs/errors'
import type { Id } from '@feathersjs/feathers'
import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { withTransaction } from '../../../../db/transaction.js'
import { isoDay } from '../../../../format/format.shared.js'
import { WorkflowKnexService, type WorkflowParams } from '../../../../kit/workflow-runner.js'
import { mailEach, projectLink, tenantRecipients } from './control-mail.js'
import { tenantSeesInspection, type InspectionType } from './inspections.shared.js'
import { projectToControl } from './project-to-control.js'

export const inspectionTypeWords: Record<InspectionType, { 'en-US': string; 'zh-CN': string }> = {
  INTERIM: { 'en-US': 'interim inspection', 'zh-CN': '中期验收' },
  FINAL: { 'en-US': 'final inspection', 'zh-CN': '最终验收' }
}

/**
 * The follow-up items of an inspection, tracked to closure (issue 30 item 6; spec §4 "inspection
 * follow-up"): an inspector raises one on an inspection the tenant reads (sent or tenant-viewable:
 * 409 otherwise), which mails the project's people; an inspector closes it with remarks. Read by
 * whoever reads the project (inspections.access.ts).
 */
export class TenantProjectInspectionFollowUpService extends WorkflowKnexService<any> {
  readonly lockChecksAccess = true

  constructor(options: any, app: Application) {
    super(options, app, { resource: 'tenant-project-inspection-follow-ups' })
  }

  async find(params: WorkflowParams = {}): Promise<any> {
    return super._find({ ...params, query: { $sort: { id: 1 }, ...(params.query ?? {}) } } as any)
  }

  async get(id: Id, params: WorkflowParams = {}): Promise<any> {
    return super._get(id, params as any)
  }

  async create(data: any, params: WorkflowParams = {}): Promise<any> {
    if (Array.isArray(data)) throw new MethodNotAllowed('Can not create multiple entries')
    return withTransaction(this.app.get('knex'), params, async (inner) => {
      const db = this.conn(inner)
      const inspection = await this.app.service('tenant-project-inspections').get(data.inspectionId, { ...inner, query: {} } as any)
      const project = await projectToControl(db, inspection.projectId, inner, 'tenant-project-inspections', 'inspection')
      if (!tenantSeesInspection(inspection)) throw appError(409, 'INSPECTION_NOT_SENT')
      const [stored] = await db('tenant_project_inspection_follow_ups').insert(
        {
          projectId: project.id,
          region: project.region,
          tenancyId: project.tenancyId,
          inspectionId: inspection.id,
          description: data.description.trim(),
          dueDate: data.dueDate ?? null,
          status: 'OPEN',
          createdBy: inner.user?.id ?? null
        },
        '*'
      )
      if (!inspection.followUpRequired) await db('tenant_project_inspections').where({ id: inspection.id }).update({ followUpRequired: true })
      mailEach(this.app, inner, await tenantRecipients(db, project), 'tenant-project-inspection.follow-up', project.region, (recipient) => ({
        projectName: project.projectName,
        companyName: project.companyName ?? '',
        link: projectLink(this.app, inner, recipient, project.id),
        inspectionType: inspectionTypeWords[inspection.type as InspectionType],
        inspectedAt: isoDay(inspection.inspectedAt),
        description: stored.description,
        dueDate: stored.dueDate ? isoDay(stored.dueDate) : '-'
      }))
      ;(inner as any).written = { service: this, record: stored }
      return stored
    })
  }

  /** The item is done (its closing remarks kept); once. */
  async close(data: { id: number; remarks?: string }, params: WorkflowParams = {}): Promise<any> {
    return withTransaction(this.app.get('knex'), params, async (inner) => {
      const item = await this.lockForWrite(data.id, inner)
      await projectToControl(this.conn(inner), item.projectId, inner, 'tenant-project-inspections', 'inspection')
      if (item.status === 'CLOSED') throw appError(409, 'INSPECTION_FOLLOW_UP_CLOSED')
      const [stored] = await this.conn(inner)('tenant_project_inspection_follow_ups')
        .where({ id: item.id })
        .update({ status: 'CLOSED', closedAt: new Date(), closedBy: inner.user?.id ?? null, closingRemarks: (data.remarks ?? '').trim(), updatedAt: new Date() }, '*')
      ;(inner as any).written = { service: this, record: stored }
      return stored
    })
  }
}
