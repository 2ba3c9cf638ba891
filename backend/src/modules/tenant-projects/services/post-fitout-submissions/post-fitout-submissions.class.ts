import { MethodNotAllowed } from '@feathersjs/errors'
import type { Id, NullableId } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { withTransaction } from '../../../../db/transaction.js'
import { dropDocuments } from '../../../../services/files/record-documents.js'
import { WorkflowKnexService, type WorkflowParams } from '../../../../kit/workflow-runner.js'
import { sortGuidelines } from '../guidelines/guidelines.shared.js'
import { mailEach, projectLink, projectManagerHolds, staffHolding, tenantRecipients } from '../tenant-project-inspections/control-mail.js'
import { projectToControl } from '../tenant-project-inspections/project-to-control.js'
import { finalInspectionSent } from '../tenant-project-inspections/tenant-project-inspections.class.js'
import { asTenantReads, readsAsStaff } from './post-fitout.access.js'
import { pendingGuidelines, postFitoutSubmissionsPath } from './post-fitout.shared.js'
import { postFitoutWorkflow, type PostFitoutState } from './post-fitout.workflow.js'
import '../../mail/post-fitout-templates.js'

const UNIQUE_VIOLATION = '23505'

const roundWords = {
  final: { 'en-US': 'final post-fit-out', 'zh-CN': '最终装修后' },
  interim: { 'en-US': 'post-fit-out', 'zh-CN': '装修后' }
} as const

/** The region's published POST_FIT_OUT guidelines (the set tenants read), in their shown order. */
async function publishedGuidelines(db: Knex, region: string) {
  const rows: any[] = await db('tenant_project_guidelines')
    .where({ region, type: 'POST_FIT_OUT', isCurrent: true })
    .select('id', 'itemId', 'sectionContent', 'order', 'secondaryOrder', 'displayOrder', 'version')
  return sortGuidelines(rows.map((row: any) => ({ ...row, sectionContent: typeof row.sectionContent === 'string' ? JSON.parse(row.sectionContent) : row.sectionContent })))
}

/**
 * A tenant project's post-fit-out rounds (issue 30 item 8; spec §3 "Post-fitout submission", §4,
 * §5, §7 "Post-fitout"). Staff holding `start` open a round on an open project: UNDER_REVIEW, one
 * at a time (the database's partial unique index: 409 POST_FITOUT_UNDER_REVIEW for a second, however
 * many ask at once); a final round only once a final inspection was sent (428
 * POST_FITOUT_FINAL_INSPECTION_REQUIRED). While under review staff (`update`) tick the POST_FIT_OUT
 * guidelines complied and file letters, the tenant uploads its documents
 * (post-fitout-files.class.ts); `complete` (post-fitout.workflow.ts) closes it. Every answer carries
 * the pending guidelines (the published set less the ticked items) and, for staff only, staff's
 * notes. Who reads: post-fitout.access.ts.
 */
export class PostFitoutSubmissionService extends WorkflowKnexService<any> {
  readonly lockChecksAccess = true

  constructor(options: any, app: Application) {
    super(options, app, { resource: postFitoutSubmissionsPath })
  }

  /** The rounds as the caller reads them, with their guidelines pending and complied. */
  private async present(rows: any[], params: WorkflowParams) {
    const sets = new Map<string, Awaited<ReturnType<typeof publishedGuidelines>>>()
    const db = this.conn(params)
    const answered: any[] = []
    for (const row of rows) {
      if (!sets.has(row.region)) sets.set(row.region, await publishedGuidelines(db, row.region))
      const published = sets.get(row.region)!
      const pending = pendingGuidelines(published, row.compliedItemIds ?? [])
      const pendingIds = new Set(pending.map((item: any) => item.itemId))
      const complied = published.filter((item: any) => !pendingIds.has(item.itemId))
      const full = { ...row, pendingGuidelines: pending, compliedGuidelines: complied }
      answered.push(readsAsStaff(params) ? full : asTenantReads(full))
    }
    return answered
  }

  async find(params: WorkflowParams = {}): Promise<any> {
    const page: any = await super._find({ ...params, query: { $sort: { id: -1 }, ...(params.query ?? {}) } } as any)
    if (Array.isArray(page)) return this.present(page, params)
    return { ...page, data: await this.present(page.data, params) }
  }

  async get(id: Id, params: WorkflowParams = {}): Promise<any> {
    const [one] = await this.present([await super._get(id, params as any)], params)
    return one
  }

  /**
   * The round, locked for a write, as the caller reads it (404 otherwise); the tenant's side, which
   * reads rounds but writes none (it uploads to them), is refused here, before any version answer.
   */
  async lockForWrite(id: string | number, params: WorkflowParams): Promise<any> {
    const record = await super.lockForWrite(id, params)
    if (params.provider && !readsAsStaff(params)) throw appError(403, 'FORBIDDEN')
    return record
  }

  /** Spec POST /post_fitout_submissions/{id}: a new round, UNDER_REVIEW, by staff holding `start`. */
  async create(data: any, params: WorkflowParams = {}): Promise<any> {
    if (Array.isArray(data)) throw new MethodNotAllowed('Can not create multiple entries')
    return withTransaction(this.app.get('knex'), params, async (inner) => {
      const db = this.conn(inner)
      const project = await projectToControl(db, Number(data.projectId), inner, postFitoutSubmissionsPath, 'start')
      const isFinal = data.isFinal === true
      // Spec §5 "A final post-fitout cannot start without a final inspection record" (the refund's own test of it).
      if (isFinal && !(await finalInspectionSent(db, project.id))) throw appError(428, 'POST_FITOUT_FINAL_INSPECTION_REQUIRED')
      const remarks = String(data.remarks ?? '').trim()
      const [stored] = await db('tenant_project_post_fitout_submissions')
        .insert(
          {
            projectId: project.id,
            region: project.region,
            tenancyId: project.tenancyId,
            status: 'UNDER_REVIEW',
            isFinal,
            remarks,
            createdBy: inner.user?.id ?? null,
            updatedBy: inner.user?.id ?? null
          },
          '*'
        )
        .catch((error) => {
          if (error?.code === UNIQUE_VIOLATION) throw appError(409, 'POST_FITOUT_UNDER_REVIEW')
          throw error
        })
      this.notify(stored, project, inner)
      ;(inner as any).written = { service: this, record: stored }
      const [answered] = await this.present([stored], inner)
      return answered
    })
  }

  /** The round under review on an open project, for `action`: 409 POST_FITOUT_COMPLETED for a completed one. */
  private async current(id: NullableId, params: WorkflowParams, action: string) {
    if (id === null) throw new MethodNotAllowed('Can not change multiple entries')
    const record = await this.lockForWrite(id, params)
    this.assertCan(params, action, record)
    if (!postFitoutWorkflow.isIn('current', record.status)) throw appError(409, 'POST_FITOUT_COMPLETED')
    await projectToControl(this.conn(params), record.projectId, params, 'tenant-projects', 'read')
    return record
  }

  /** Spec PUT /post_fitout_submissions/{id}: remarks, staff's notes and the guideline items ticked as complied (items of the published set). */
  async patch(id: NullableId, data: any, params: WorkflowParams = {}): Promise<any> {
    return withTransaction(this.app.get('knex'), params, async (inner) => {
      const record = await this.current(id, inner, 'update')
      const db = this.conn(inner)
      const changes: Record<string, unknown> = { updatedBy: inner.user?.id ?? null, updatedAt: new Date() }
      if (typeof data.remarks === 'string') changes.remarks = data.remarks.trim()
      if (typeof data.staffNotes === 'string') changes.staffNotes = data.staffNotes.trim()
      if (Array.isArray(data.compliedItemIds)) {
        const published = new Map((await publishedGuidelines(db, record.region)).map((item) => [item.itemId.toLowerCase(), item.itemId]))
        const unknown = data.compliedItemIds.filter((itemId: string) => !published.has(itemId.toLowerCase()))
        if (unknown.length) throw appError(400, 'POST_FITOUT_GUIDELINE_UNKNOWN', { items: unknown.join(', ') })
        changes.compliedItemIds = [...new Set(data.compliedItemIds.map((itemId: string) => published.get(itemId.toLowerCase())))]
      }
      const [stored] = await db('tenant_project_post_fitout_submissions').where({ id: record.id }).update(changes, '*')
      ;(inner as any).written = { service: this, record: stored }
      const [answered] = await this.present([stored], inner)
      return answered
    })
  }

  /** Spec DELETE /post_fitout_submissions/{id}: a round under review, with its files (a completed one is kept). */
  async remove(id: NullableId, params: WorkflowParams = {}): Promise<any> {
    return withTransaction(this.app.get('knex'), params, async (inner) => {
      const record = await this.current(id, inner, 'delete')
      const db = this.conn(inner)
      const files = await db('tenant_project_post_fitout_files').where({ submissionId: record.id }).select('id', 'fileId')
      await dropDocuments(this.app, db, 'tenant_project_post_fitout_files', files, inner)
      await db('tenant_project_post_fitout_submissions').where({ id: record.id }).delete()
      return readsAsStaff(inner) ? record : asTenantReads(record)
    })
  }

  /** Spec §4 "complete post-fitout": the round under review is completed; the tenant and the project managers hear of it. */
  async complete(data: { id: number }, params: WorkflowParams = {}): Promise<any> {
    return withTransaction(this.app.get('knex'), params, async (inner) => {
      const stored = await this.runTransition<any, PostFitoutState>({
        id: data.id,
        action: 'complete',
        params: inner,
        workflow: postFitoutWorkflow,
        facts: (record) => record,
        apply: async (db, record) => {
          await projectToControl(db, record.projectId, inner, 'tenant-projects', 'read')
          return {}
        },
        write: (to) => ({ status: to, completedAt: new Date(), completedBy: inner.user?.id ?? null, updatedBy: inner.user?.id ?? null })
      })
      const project = await this.conn(inner)('tenant_projects').where({ id: stored.projectId }).first('id', 'region', 'tenancyId', 'projectName', 'companyName')
      this.notify(stored, project, inner)
      const [answered] = await this.present([stored], inner)
      return answered
    })
  }

  /** One mail per recipient, in the recipient's language, after the commit: a started round to the tenant's side; a completed one to it and the project managers. */
  private notify(round: any, project: { id: number; region: string; tenancyId: number; projectName: string; companyName: string | null }, params: WorkflowParams) {
    const afterCommit: Array<() => unknown> | undefined = (params as any).afterCommit
    const send = async () => {
      const db: Knex = this.app.get('knex')
      const base = (recipient: any) => ({
        projectName: project.projectName,
        companyName: project.companyName ?? '',
        link: projectLink(this.app, params, recipient, project.id, 'postFitOut'),
        round: round.isFinal ? roundWords.final : roundWords.interim,
        remarks: round.remarks ?? ''
      })
      const tenantSide = await tenantRecipients(db, project)
      if (round.status === 'UNDER_REVIEW') return mailEach(this.app, undefined, tenantSide, 'tenant-project-post-fitout.started', project.region, base)
      const managers = await staffHolding(this.app, project.region, projectManagerHolds)
      return mailEach(this.app, undefined, [...tenantSide, ...managers], 'tenant-project-post-fitout.completed', project.region, base)
    }
    if (afterCommit) afterCommit.push(send)
    else void send()
  }
}
