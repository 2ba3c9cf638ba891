import { MethodNotAllowed } from '@feathersjs/errors'
import type { Id, NullableId } from '@feathersjs/feathers'
import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { userTypes } from '../../../../abilities/permissions.shared.js'
import { requestOrigin } from '../../../../mail/links.js'
import { withTransaction } from '../../../../db/transaction.js'
import { accountState } from '../../../../services/users/account.workflow.js'
import { WorkflowKnexService, type WorkflowParams } from '../../../../kit/workflow-runner.js'
import { normalisePhone } from '../../../contacts/services/ccdcontacts/phone.shared.js'
import { projectForWrite } from '../project-parts/project-parts.js'
import type { TenantProjectAccountData, TenantProjectAccountPatch } from './tenant-project-accounts.schema.js'

const UNIQUE_VIOLATION = '23505'

/** A phone as the contacts keep it (E.164, read in the region's country); 400 naming the field when it is not one. */
export function phoneOrNull(value: string | null | undefined, region: string, field: string): string | null {
  if (value == null || value.trim() === '') return null
  const phone = normalisePhone(value, region)
  if (!phone) throw appError(400, 'TENANT_PROJECT_PHONE_INVALID', { field })
  return phone.e164
}

/**
 * A tenant project's accounts (spec §3, §5 "Inviting someone already a tenancy user asks for
 * confirmation", §6, §7 POST tenant_projects/{id}/invite): each person by e-mail, linked to a user.
 * Adding one invites it the platform's way: a new person gets an account of the project's tenancy
 * through the users service (its invitation mail with a one-time link to set a password, the
 * account workflow): a contractor a TenancyContractor (662, group Tenant Contractor), anyone else a
 * ProjectUser (641) with no tenancy perms, so each reads only the projects that list it. Who: the
 * access contract (tenant-project-accounts.access.ts) applied by the kit; writes check the project
 * (projectForWrite: read, update, open). Every external write runs inside the audited write.
 */
export class TenantProjectAccountService extends WorkflowKnexService<any> {
  readonly lockChecksAccess = true

  constructor(options: any, app: Application) {
    super(options, app, { resource: 'tenant-projects' })
  }

  async get(id: Id, params: WorkflowParams = {}): Promise<any> {
    return super._get(id, params as any)
  }

  async find(params: WorkflowParams = {}): Promise<any> {
    const query = { $sort: { isContractorAdmin: -1, accessType: 1, contactLastName: 1, id: 1 }, ...(params.query ?? {}) }
    return super._find({ ...params, query } as any)
  }

  private usersParams(params: WorkflowParams, region: string) {
    return { region, transaction: params.transaction, afterCommit: (params as any).afterCommit, mailOrigin: requestOrigin(this.app, params as any) } as any
  }

  async create(data: any, params: WorkflowParams = {}): Promise<any> {
    if (Array.isArray(data)) throw new MethodNotAllowed('Can not create multiple entries')
    return withTransaction(this.app.get('knex'), params, (inner) => this.createWithin(data as TenantProjectAccountData, inner))
  }

  private async createWithin(data: TenantProjectAccountData, params: WorkflowParams) {
    const db = this.conn(params)
    const project = await projectForWrite(db, data.projectId, params, 'invite')
    const email = data.email.trim().toLowerCase()
    if (data.isContractorAdmin && data.accessType !== 'CONTRACTOR') throw appError(400, 'TENANT_PROJECT_ADMIN_NOT_CONTRACTOR')
    const listed = await db('tenant_project_accounts').where({ projectId: project.id }).whereRaw('lower(email) = ?', [email]).first('id')
    if (listed) throw appError(409, 'TENANT_PROJECT_ACCOUNT_EXISTS', { email })
    const existing = await db('users').whereRaw('lower(email) = ? OR lower(username) = ?', [email, email]).orderBy('id').first()
    let userId: number
    if (existing) {
      // Spec §5: someone already a user of the project's tenancy is listed only once the caller confirms (409 until then).
      if (Number(existing.tenancyId) !== Number(project.tenancyId) || existing.userType < 600) throw appError(409, 'TENANT_PROJECT_ACCOUNT_EMAIL_TAKEN', { email })
      if (data.confirm !== true) throw appError(409, 'TENANT_PROJECT_ACCOUNT_CONFIRM', { email, displayName: existing.displayName })
      userId = existing.id
      // An invitation not yet taken up is sent again; an active account is listed as it is.
      if (accountState(existing) === 'INVITED') await this.app.service('users').invite({ id: existing.id }, this.usersParams(params, project.region))
    } else {
      const tenancy = await db('tenancies').where({ id: project.tenancyId }).first('companyId', 'region')
      const contractor = data.accessType === 'CONTRACTOR'
      const group = contractor ? await db('security_groups').where({ name: 'Tenant Contractor', domain: 'TMS' }).first('id') : undefined
      const created = await this.app.service('users').create(
        {
          username: email,
          email,
          displayName: `${data.contactFirstName.trim()} ${data.contactLastName.trim()}`,
          userType: contractor ? userTypes.tenants.TenancyContractor : userTypes.tenants.ProjectUser,
          roleName: contractor ? 'TMS Project Contractor' : 'TMS Project User',
          tenancyId: project.tenancyId,
          companyId: tenancy.companyId,
          regions: [tenancy.region],
          defaultRegion: tenancy.region,
          tenancyPerms: [],
          phone: phoneOrNull(data.phone, project.region, 'phone'),
          groupIds: group ? [group.id] : []
        },
        this.usersParams(params, project.region)
      )
      userId = created.id
    }
    const [stored] = await this.insertOrConflict(() =>
      db('tenant_project_accounts').insert(
        {
          projectId: project.id,
          region: project.region,
          tenancyId: project.tenancyId,
          userId,
          email,
          contactFirstName: data.contactFirstName.trim(),
          contactLastName: data.contactLastName.trim(),
          phone: phoneOrNull(data.phone, project.region, 'phone'),
          altPhone: phoneOrNull(data.altPhone, project.region, 'altPhone'),
          accessType: data.accessType,
          isContractorAdmin: Boolean(data.isContractorAdmin),
          invitedAt: new Date()
        },
        '*'
      )
    )
    ;(params as any).written = { service: this, record: stored }
    return stored
  }

  /** The partial unique indexes as answers: one main contractor per project, one account per e-mail. */
  private async insertOrConflict<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write()
    } catch (error: any) {
      if (error?.code === UNIQUE_VIOLATION && String(error.constraint).includes('one_main_contractor')) throw appError(409, 'TENANT_PROJECT_MAIN_CONTRACTOR_EXISTS')
      if (error?.code === UNIQUE_VIOLATION) throw appError(409, 'TENANT_PROJECT_ACCOUNT_EXISTS')
      throw error
    }
  }

  async patch(id: NullableId, data: any, params: WorkflowParams = {}): Promise<any> {
    if (id === null) throw new MethodNotAllowed('Can not patch multiple entries')
    return withTransaction(this.app.get('knex'), params, async (inner) => {
      const current = await this.lockForWrite(id, inner)
      const project = await projectForWrite(this.conn(inner), current.projectId, inner, 'patch')
      const { updatedAt: _read, region: _region, ...fields } = data as TenantProjectAccountPatch
      const changes: Record<string, unknown> = {}
      if (fields.contactFirstName !== undefined) changes.contactFirstName = fields.contactFirstName.trim()
      if (fields.contactLastName !== undefined) changes.contactLastName = fields.contactLastName.trim()
      if (fields.phone !== undefined) changes.phone = phoneOrNull(fields.phone, project.region, 'phone')
      if (fields.altPhone !== undefined) changes.altPhone = phoneOrNull(fields.altPhone, project.region, 'altPhone')
      if (fields.accessType !== undefined) changes.accessType = fields.accessType
      if (fields.isContractorAdmin !== undefined) changes.isContractorAdmin = fields.isContractorAdmin
      const after = { ...current, ...changes }
      if (after.isContractorAdmin && after.accessType !== 'CONTRACTOR') throw appError(400, 'TENANT_PROJECT_ADMIN_NOT_CONTRACTOR')
      const [stored] = await this.insertOrConflict(() =>
        this.conn(inner)('tenant_project_accounts')
          .where({ id: current.id })
          .update({ ...changes, updatedAt: new Date() }, '*')
      )
      ;(inner as any).written = { service: this, record: stored }
      return stored
    })
  }

  async remove(id: NullableId, params: WorkflowParams = {}): Promise<any> {
    if (id === null) throw new MethodNotAllowed('Can not remove multiple entries')
    return withTransaction(this.app.get('knex'), params, async (inner) => {
      const current = await this.lockForWrite(id, inner)
      await projectForWrite(this.conn(inner), current.projectId, inner, 'remove')
      await this.conn(inner)('tenant_project_accounts').where({ id: current.id }).delete()
      return current
    })
  }

  /** Sends the invitation again (spec §7 POST tenant_projects/{id}/invite): only while the account has not been taken up (409 otherwise). */
  async invite(data: { id: number }, params: WorkflowParams = {}): Promise<any> {
    return withTransaction(this.app.get('knex'), params, async (inner) => {
      const current = await this.lockForWrite(data.id, inner)
      const project = await projectForWrite(this.conn(inner), current.projectId, inner, 'invite')
      const user = current.userId ? await this.conn(inner)('users').where({ id: current.userId }).first() : undefined
      if (!user || accountState(user) !== 'INVITED') throw appError(409, 'TENANT_PROJECT_ACCOUNT_ACTIVE')
      await this.app.service('users').invite({ id: user.id }, this.usersParams(inner, project.region))
      const [stored] = await this.conn(inner)('tenant_project_accounts').where({ id: current.id }).update({ invitedAt: new Date(), updatedAt: new Date() }, '*')
      ;(inner as any).written = { service: this, record: stored }
      return stored
    })
  }
}
