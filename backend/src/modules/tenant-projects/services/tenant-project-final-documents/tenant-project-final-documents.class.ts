import { MethodNotAllowed } from '@feathersjs/errors'
import type { Id, NullableId } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { withTransaction } from '../../../../db/transaction.js'
import { WorkflowKnexService, type WorkflowParams } from '../../../../kit/workflow-runner.js'
import { accountingHolds, mailEach, projectLink, projectManagerHolds, projectNames, staffHolding, tenantRecipients } from '../tenant-project-inspections/control-mail.js'
import { projectToControl } from '../tenant-project-inspections/project-to-control.js'
import { finalDocumentWorkflow, type FinalDocumentState } from './final-document.workflow.js'

const UNIQUE_VIOLATION = '23505'
const CHECK_VIOLATION = '23514'

const settledWords = {
  COMPLETED: { 'en-US': 'completed', 'zh-CN': '已完成' },
  EXEMPTED: { 'en-US': 'exempted', 'zh-CN': '已豁免' }
} as const

/** Spec §4 "exemption cannot be removed once set": the database's trigger refuses it (migration 20261207000700), answered as 409. */
const keptExemption = (error: any): never => {
  if (error?.code === CHECK_VIOLATION && error?.constraint === 'tenant_project_final_documents_keep_exemption') throw appError(409, 'FINAL_DOCUMENTS_EXEMPTION_KEPT')
  throw error
}

async function recordHistory(db: Knex, row: any, action: string, fromStatus: string | null, params: WorkflowParams) {
  await db('tenant_project_final_document_histories').insert({
    projectId: row.projectId,
    region: row.region,
    tenancyId: row.tenancyId,
    finalDocumentId: row.id,
    action,
    fromStatus,
    toStatus: row.status,
    userId: params.user?.id ?? null
  })
}

/**
 * A project's final documents record (spec §3 "Final document", §4, §7 final_document calls;
 * issue 30 item 7): one current record per project (the database's partial unique index: 409 for
 * a second), moved by the workflow table (final-document.workflow.ts) — a reminder mails the
 * tenant, completing or exempting mails the project managers and accounting (the refund step
 * opens) — each change kept in its history. Who reads: final-documents.access.ts.
 */
export class TenantProjectFinalDocumentService extends WorkflowKnexService<any> {
  readonly lockChecksAccess = true

  constructor(options: any, app: Application) {
    super(options, app, { resource: 'tenant-project-final-documents' })
  }

  async find(params: WorkflowParams = {}): Promise<any> {
    return super._find({ ...params, query: { $sort: { id: -1 }, ...(params.query ?? {}) } } as any)
  }

  async get(id: Id, params: WorkflowParams = {}): Promise<any> {
    return super._get(id, params as any)
  }

  /** The project's record, DRAFT: by staff who may remind, complete or exempt it. */
  async create(data: any, params: WorkflowParams = {}): Promise<any> {
    if (Array.isArray(data)) throw new MethodNotAllowed('Can not create multiple entries')
    return withTransaction(this.app.get('knex'), params, async (inner) => {
      const db = this.conn(inner)
      const project = await projectToControl(db, Number(data.projectId), inner, 'tenant-projects', 'read')
      if (inner.provider && !finalDocumentWorkflow.permissions().some((permission) => inner.ability?.can(permission, 'tenant-project-final-documents'))) throw appError(403, 'FORBIDDEN')
      const [stored] = await db('tenant_project_final_documents')
        .insert({ projectId: project.id, region: project.region, tenancyId: project.tenancyId, status: 'DRAFT', updatedBy: inner.user?.id ?? null }, '*')
        .catch((error) => {
          if (error?.code === UNIQUE_VIOLATION) throw appError(409, 'FINAL_DOCUMENTS_EXIST')
          throw error
        })
      await recordHistory(db, stored, 'create', null, inner)
      ;(inner as any).written = { service: this, record: stored }
      return stored
    })
  }

  /** Spec PATCH final_document/{id}: the exemption flag. Setting it exempts (as `exempt`); clearing a set one: 409 FINAL_DOCUMENTS_EXEMPTION_KEPT. */
  async patch(id: NullableId, data: any, params: WorkflowParams = {}): Promise<any> {
    if (id === null) throw new MethodNotAllowed('Can not change multiple entries')
    if (data.isExempted === true) return this.exempt({ id: Number(id) }, params)
    return withTransaction(this.app.get('knex'), params, async (inner) => {
      const record = await this.lockForWrite(id, inner)
      this.assertCan(inner, 'exempt', record)
      const [stored] = await this.conn(inner)('tenant_project_final_documents')
        .where({ id: record.id })
        .update({ isExempted: false, status: record.status === 'EXEMPTED' ? 'DRAFT' : record.status, updatedBy: inner.user?.id ?? null, updatedAt: new Date() }, '*')
        .catch(keptExemption)
      ;(inner as any).written = { service: this, record: stored }
      return stored
    })
  }

  private async move(action: 'sendReminder' | 'complete' | 'exempt', id: number, params: WorkflowParams) {
    return withTransaction(this.app.get('knex'), params, async (inner) => {
      let from: string | null = null
      const stored = await this.runTransition<any, FinalDocumentState>({
        id,
        action,
        params: inner,
        workflow: finalDocumentWorkflow,
        facts: (record) => record,
        precheck: (record) => {
          from = record.status
        },
        write: (to) => ({
          status: to,
          updatedBy: inner.user?.id ?? null,
          ...(to === 'EXEMPTED' ? { isExempted: true } : {}),
          ...(to === 'COMPLETED' ? { completedAt: new Date() } : {}),
          ...(to === 'SEND_REMINDER' ? { remindedAt: new Date() } : {})
        })
      }).catch(keptExemption)
      await recordHistory(this.conn(inner), stored, action, from, inner)
      await this.notify(stored, inner)
      return stored
    })
  }

  /** The reminder to the tenant; the settled record to the project managers and accounting. */
  private async notify(record: any, params: WorkflowParams) {
    const db: Knex = this.app.get('knex')
    const project = await projectNames(db, record.projectId)
    if (!project) return
    const base = { projectName: project.projectName, companyName: project.companyName ?? '' }
    if (record.status === 'SEND_REMINDER') {
      return mailEach(this.app, params, await tenantRecipients(db, project), 'tenant-project-final-documents.reminder', project.region, (recipient) => ({
        ...base,
        link: projectLink(this.app, params, recipient, project.id, 'finalDocuments')
      }))
    }
    if (finalDocumentWorkflow.isIn('settled', record.status)) {
      const staff = [...(await staffHolding(this.app, project.region, projectManagerHolds)), ...(await staffHolding(this.app, project.region, accountingHolds))]
      return mailEach(this.app, params, staff, 'tenant-project-final-documents.settled', project.region, (recipient) => ({
        ...base,
        link: projectLink(this.app, params, recipient, project.id, 'finalDocuments'),
        status: settledWords[record.status as keyof typeof settledWords]
      }))
    }
  }

  /** Spec POST final_document/{id}/reminder. */
  sendReminder(data: { id: number }, params: WorkflowParams = {}) {
    return this.move('sendReminder', data.id, params)
  }

  /** Spec §4 "completion triggers deposit refund". */
  complete(data: { id: number }, params: WorkflowParams = {}) {
    return this.move('complete', data.id, params)
  }

  exempt(data: { id: number }, params: WorkflowParams = {}) {
    return this.move('exempt', data.id, params)
  }
}

/** Whether the project's final documents are settled (COMPLETED or EXEMPTED): the refund's precondition (spec §4). */
export async function finalDocumentsSettled(db: Knex, projectId: number): Promise<boolean> {
  const current = await db('tenant_project_final_documents').where({ projectId }).whereNot({ status: 'HISTORICAL' }).first('status')
  return finalDocumentWorkflow.isIn('settled', current?.status)
}
