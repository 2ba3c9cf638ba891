import { MethodNotAllowed } from '@feathersjs/errors'
import type { Id, NullableId } from '@feathersjs/feathers'
import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { mailLink } from '../../../../mail/links.js'
import { WorkflowKnexService, type WorkflowParams } from '../../../../kit/workflow-runner.js'
import { projectWorkflow } from '../projects/project.workflow.js'
import { assertMayOnContractor } from './project-contractors.access.js'
import { recordOutsideAppointment } from './main-contractor-appointment.js'
import { contractorTypes, mobileValid } from './project-contractors.shared.js'
import { withTransaction } from '../../../../db/transaction.js'
import { sendAfterCommit } from '../../../../mail/send-after-commit.js'

const UNIQUE_VIOLATION = '23505'

/** Contractors are kept while the project runs or is in its defects liability period: not on a draft or a cancelled one. */
const keptIn = (status: string) => projectWorkflow.isIn('vendorVisible', status) && status !== 'CANCELLED'

/**
 * A project's contractors (spec §3 Contractor, §9 "contractor types sorted with OTHER last"): the
 * vendor keeps them (company, type, primary contact), one MAIN per project, and invites the primary
 * contact (mail "primary contact"). Every external write runs inside the audited write.
 */
export class ProjectContractorService extends WorkflowKnexService<any> {
  readonly lockChecksAccess = true

  constructor(options: any, app: Application) {
    super(options, app, { resource: 'project-contractors' })
  }

  createQuery(params: WorkflowParams = {}) {
    const query = super.createQuery(params)
    // Spec §9: by type in the spec's order, OTHER last (unless the caller sorts).
    if (!(params.query as any)?.$sort) {
      query.orderByRaw(`array_position(ARRAY[${contractorTypes.map(() => '?').join(', ')}]::varchar[], project_contractors.contractor_type)`, [...contractorTypes]).orderBy('project_contractors.id')
    }
    return query
  }

  async create(data: any, params: WorkflowParams = {}): Promise<any> {
    if (Array.isArray(data)) throw new MethodNotAllowed('Can not create multiple entries')
    const db = this.conn(params)
    const project = await db('projects').where({ id: data.projectId }).first()
    if (!project) throw appError(400, 'REFERENCE_INVALID', { field: 'projectId' })
    assertMayOnContractor(params, 'create', { companyId: project.companyId, projectId: project.id })
    if (!keptIn(project.status)) throw appError(409, 'INVALID_TRANSITION', { status: project.status, action: 'contractors' })
    const row = this.checked({ ...data })
    const [created] = await this.unique(() => db('project_contractors').insert({ ...row, projectId: project.id, region: project.region, companyId: project.companyId }, '*'))
    return created
  }

  async patch(id: NullableId, data: any, params: WorkflowParams = {}): Promise<any> {
    if (id === null) throw new MethodNotAllowed('Can not patch multiple entries')
    const current = await this.lockForWrite(id, params)
    assertMayOnContractor(params, 'update', current)
    const project = await this.assertProjectKept(current.projectId, params)
    const { updatedAt: _read, region: _region, ...changes } = data
    const row = this.checked({ ...current, ...changes }, Object.keys(changes))
    const [stored] = await this.unique(() =>
      this.conn(params)('project_contractors')
        .where({ id: current.id })
        .update({ ...row, updatedAt: new Date() }, '*')
    )
    // An invited contact made the MAIN contractor by this edit is appointed by it.
    await recordOutsideAppointment(this.app, params, this.conn(params), project, current, stored)
    return stored
  }

  async remove(id: NullableId, params: WorkflowParams = {}): Promise<any> {
    if (id === null) throw new MethodNotAllowed('Can not remove multiple entries')
    const current = await this.lockForWrite(id, params)
    assertMayOnContractor(params, 'delete', current)
    await this.assertProjectKept(current.projectId, params)
    await this.conn(params)('project_contractors').where({ id: current.id }).delete()
    return current
  }

  /**
   * Invites the primary contact (spec §9 mail "primary contact"): a mail in the contact's language
   * when they hold an account (else the region's default), with the vendor portal's link to the
   * project; an enabled vendor account of that address becomes the contact's user.
   */
  async invite(data: { id: number }, params: WorkflowParams = {}): Promise<any> {
    const run = async (inner: WorkflowParams) => {
      const db = this.conn(inner)
      const current = await this.lockForWrite(data.id, inner)
      assertMayOnContractor(inner, 'invite', current)
      const project = await this.assertProjectKept(current.projectId, inner)
      if (!current.email) throw appError(400, 'CONTRACTOR_EMAIL_MISSING')
      const account = await db('users').whereRaw('lower(email) = lower(?)', [current.email]).where({ enabled: true }).whereBetween('userType', [400, 499]).first('id')
      const [stored] = await db('project_contractors')
        .where({ id: current.id })
        .update({ invitedAt: new Date(), primaryContactUserId: account?.id ?? current.primaryContactUserId ?? null, updatedAt: new Date() }, '*')
      await recordOutsideAppointment(this.app, inner, db, project, current, stored)
      const mail = {
        template: 'project.primary-contact' as const,
        to: [current.email],
        region: project.region,
        data: {
          number: project.number,
          companyName: current.companyName,
          contactName: `${current.firstName} ${current.lastName}`,
          link: mailLink(this.app, inner, `/vendors/projects/${project.id}`, { tabIndex: 2 })
        }
      }
      sendAfterCommit(this.app, inner, [mail])
      ;(inner as any).written = { service: this, record: stored }
      return stored
    }
    return withTransaction(this.app.get('knex'), params, run)
  }

  async get(id: Id, params: WorkflowParams = {}) {
    const [shown] = await this.withContactCompany([await super._get(id, params as any)])
    return shown
  }

  async find(params: WorkflowParams = {}) {
    const result: any = await super._find(params as any)
    if (Array.isArray(result)) return this.withContactCompany(result)
    return { ...result, data: await this.withContactCompany(result.data) }
  }

  /**
   * Each row with `contactCompanyName`: the company of the invited contact's account when it is
   * not the project's vendor (a main contractor of another company, issue 27 item 8), else null,
   * so the project shows whom its site part is open to.
   */
  private async withContactCompany(rows: any[]): Promise<any[]> {
    const userIds = [...new Set(rows.map((row) => row.primaryContactUserId).filter((id) => id != null))]
    const outside: Array<{ id: number; companyId: number; name: string }> = userIds.length
      ? await this.app.get('knex')('users').join('companies', 'companies.id', 'users.companyId').whereIn('users.id', userIds).select('users.id', 'users.companyId', 'companies.name')
      : []
    return rows.map((row) => {
      const account = outside.find((user) => Number(user.id) === Number(row.primaryContactUserId))
      return { ...row, contactCompanyName: account && String(account.companyId) !== String(row.companyId) ? account.name : null }
    })
  }

  /** The project of a contractor, readable by the caller (404 otherwise), still kept (409 otherwise). */
  private async assertProjectKept(projectId: string, params: WorkflowParams) {
    const project = await this.conn(params)('projects').where({ id: projectId }).first()
    if (!project) throw appError(404, 'NOT_FOUND')
    if (!keptIn(project.status)) throw appError(409, 'INVALID_TRANSITION', { status: project.status, action: 'contractors' })
    return project
  }

  /** The row's rules again on the server (spec §3): names, a phone number, a description for OTHER. */
  private checked(row: any, changed?: string[]): Record<string, unknown> {
    const fields = ['contractorType', 'typeDesc', 'companyName', 'firstName', 'lastName', 'phone', 'altPhone', 'email'] as const
    const out: Record<string, unknown> = {}
    for (const field of fields) if (row[field] !== undefined && (!changed || changed.includes(field))) out[field] = typeof row[field] === 'string' ? row[field].trim() || null : row[field]
    const bad: string[] = []
    if (!mobileValid(row.phone)) bad.push('phone')
    if (row.altPhone && String(row.altPhone).trim() && !mobileValid(row.altPhone)) bad.push('altPhone')
    if (row.contractorType === 'OTHER' && !String(row.typeDesc ?? '').trim()) bad.push('typeDesc')
    if (bad.length) throw appError(400, 'CONTRACTOR_ROW_INVALID', { details: bad.join(', '), fields: bad })
    return out
  }

  private async unique<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write()
    } catch (error: any) {
      if (error?.code === UNIQUE_VIOLATION) throw appError(409, 'MAIN_CONTRACTOR_EXISTS')
      throw error
    }
  }
}
