import { MethodNotAllowed } from '@feathersjs/errors'
import type { Id, NullableId } from '@feathersjs/feathers'
import type { Application } from '../../../../declarations.js'
import { withTransaction } from '../../../../db/transaction.js'
import { logger } from '../../../../logger.js'
import { WorkflowKnexService, type WorkflowParams } from '../../../../kit/workflow-runner.js'
import { projectToControl } from './project-to-control.js'

const present = (row: any) => (row ? { ...row, status: row.sentAt ? 'SENT' : 'DRAFT' } : row)

/**
 * An inspection's e-mail history (spec §3 "an email history per inspection"; §7 GET and POST
 * /inspections/{id}/email_history, PUT /inspections/email_histories/{id}, POST
 * /inspections/email_histories/{id}/send): an inspector composes a message (to, cc, subject,
 * body), edits it, sends it through the app's mailer (one message per receiver, after the commit)
 * and may send it again (resend: `sentCount`). The inspectors' own record: the tenant never lists it.
 */
export class TenantProjectInspectionMailService extends WorkflowKnexService<any> {
  readonly lockChecksAccess = true

  constructor(options: any, app: Application) {
    super(options, app, { resource: 'tenant-project-inspection-mails' })
  }

  async find(params: WorkflowParams = {}): Promise<any> {
    const page: any = await super._find({ ...params, query: { $sort: { id: -1 }, ...(params.query ?? {}) } } as any)
    return Array.isArray(page) ? page.map(present) : { ...page, data: page.data.map(present) }
  }

  async get(id: Id, params: WorkflowParams = {}): Promise<any> {
    return present(await super._get(id, params as any))
  }

  async create(data: any, params: WorkflowParams = {}): Promise<any> {
    if (Array.isArray(data)) throw new MethodNotAllowed('Can not create multiple entries')
    return withTransaction(this.app.get('knex'), params, async (inner) => {
      const db = this.conn(inner)
      const inspection = await this.app.service('tenant-project-inspections').get(data.inspectionId, { ...inner, query: {} } as any)
      const project = await projectToControl(db, inspection.projectId, inner, 'tenant-project-inspections', 'inspection')
      const [stored] = await db('tenant_project_inspection_mails').insert(
        {
          projectId: project.id,
          region: project.region,
          tenancyId: project.tenancyId,
          inspectionId: inspection.id,
          toAddresses: data.to,
          ccAddresses: data.cc ?? [],
          subject: data.subject.trim(),
          body: data.body,
          createdBy: inner.user?.id ?? null,
          updatedBy: inner.user?.id ?? null
        },
        '*'
      )
      ;(inner as any).written = { service: this, record: stored }
      return present(stored)
    })
  }

  private async forWrite(id: NullableId, params: WorkflowParams) {
    if (id === null) throw new MethodNotAllowed('Can not change multiple entries')
    const mail = await this.lockForWrite(id, params)
    await projectToControl(this.conn(params), mail.projectId, params, 'tenant-project-inspections', 'inspection')
    return mail
  }

  /** Spec PUT /inspections/email_histories/{id}: the message as edited (a sent one too, before it is sent again). */
  async patch(id: NullableId, data: any, params: WorkflowParams = {}): Promise<any> {
    return withTransaction(this.app.get('knex'), params, async (inner) => {
      const mail = await this.forWrite(id, inner)
      const changes: Record<string, unknown> = { updatedBy: inner.user?.id ?? null, updatedAt: new Date() }
      if (data.to) changes.toAddresses = data.to
      if (data.cc) changes.ccAddresses = data.cc
      if (data.subject) changes.subject = data.subject.trim()
      if (data.body) changes.body = data.body
      const [stored] = await this.conn(inner)('tenant_project_inspection_mails').where({ id: mail.id }).update(changes, '*')
      ;(inner as any).written = { service: this, record: stored }
      return present(stored)
    })
  }

  /** Sends the message (again, when it was sent: a resend), each receiver its own copy, after the commit. */
  async send(data: { id: number }, params: WorkflowParams = {}): Promise<any> {
    return withTransaction(this.app.get('knex'), params, async (inner) => {
      const mail = await this.forWrite(data.id, inner)
      const [stored] = await this.conn(inner)('tenant_project_inspection_mails')
        .where({ id: mail.id })
        .update({ sentAt: new Date(), sentCount: mail.sentCount + 1, updatedAt: new Date() }, '*')
      const deliver = async () => {
        for (const to of stored.toAddresses as string[]) {
          await this.app
            .get('mailer')
            ?.enqueue({ template: 'tenant-project-inspection.email', to, cc: stored.ccAddresses, region: stored.region, data: { subject: stored.subject, body: stored.body } })
        }
      }
      const afterCommit = (inner as any).afterCommit
      if (afterCommit) afterCommit.push(deliver)
      else await deliver().catch((error) => logger.error('inspection mail:', error))
      ;(inner as any).written = { service: this, record: stored }
      return present(stored)
    })
  }
}
