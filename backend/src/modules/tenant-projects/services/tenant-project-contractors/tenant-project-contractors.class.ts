import { MethodNotAllowed } from '@feathersjs/errors'
import type { Id, NullableId } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { withTransaction } from '../../../../db/transaction.js'
import { WorkflowKnexService, type WorkflowParams } from '../../../../kit/workflow-runner.js'
import { normalisePhone } from '../../../contacts/services/ccdcontacts/phone.shared.js'
import { projectForWrite } from '../project-parts/project-parts.js'
import { contractorRowErrors, contractorSetErrors, sortContractorRows, type ContractorRow } from './tenant-project-contractors.shared.js'
import type { TenantProjectContractorData, TenantProjectContractorPatch, TenantProjectContractorReplace } from './tenant-project-contractors.schema.js'

const columns = ['userAccount', 'firstName', 'lastName', 'contractorType', 'companyName', 'officeTel', 'mobile'] as const

/** Trimmed text, an empty optional one as null, the user account in lower case. */
function cleaned(data: Record<string, any>): ContractorRow {
  const out: Record<string, any> = {}
  for (const column of columns) {
    if (data[column] === undefined) continue
    const value = typeof data[column] === 'string' ? data[column].trim() : data[column]
    out[column] = value === '' && (column === 'userAccount' || column === 'officeTel') ? null : value
  }
  if (typeof out.userAccount === 'string') out.userAccount = out.userAccount.toLowerCase()
  return out
}

/**
 * The row as stored: the spec's rules (400 naming the fields that fail), the mobile a valid phone
 * of the region's numbering, kept in E.164 as the contacts keep phones.
 */
function storedRow(row: ContractorRow, region: string, index?: number) {
  const errors = contractorRowErrors(row)
  const mobile = errors.includes('mobile') ? null : normalisePhone(row.mobile!, region)
  if (!mobile && !errors.includes('mobile')) errors.push('mobile')
  if (errors.length) throw appError(400, 'TENANT_PROJECT_CONTRACTOR_INVALID', { details: errors.join(', '), fields: errors, ...(index === undefined ? {} : { row: index }) })
  return { ...row, mobile: mobile!.e164 }
}

/**
 * A tenant project's contractor rows (spec §3 contractors, §5 the rows' rules and "Tenant
 * contractor edit is disabled when the tenant project has external systems", §7 GET/PUT
 * project_contractors/{projectId}), listed with OTHER last. Who: the access contract
 * (tenant-project-contractors.access.ts) applied by the kit; writes check the project
 * (projectForWrite: read, update, open) and its external systems (409).
 */
export class TenantProjectContractorService extends WorkflowKnexService<any> {
  readonly lockChecksAccess = true

  constructor(options: any, app: Application) {
    super(options, app, { resource: 'tenant-projects' })
  }

  async get(id: Id, params: WorkflowParams = {}): Promise<any> {
    return super._get(id, params as any)
  }

  async find(params: WorkflowParams = {}): Promise<any> {
    const page: any = await super._find(params as any)
    return Array.isArray(page) ? sortContractorRows(page) : { ...page, data: sortContractorRows(page.data) }
  }

  private async editable(db: Knex, projectId: number, params: WorkflowParams, action: string) {
    const project = await projectForWrite(db, projectId, params, action)
    if (project.hasExternalSystems) throw appError(409, 'TENANT_PROJECT_EXTERNAL_SYSTEMS')
    return project
  }

  async create(data: any, params: WorkflowParams = {}): Promise<any> {
    if (Array.isArray(data)) throw new MethodNotAllowed('Can not create multiple entries')
    return withTransaction(this.app.get('knex'), params, async (inner) => {
      const db = this.conn(inner)
      const { projectId } = data as TenantProjectContractorData
      const project = await this.editable(db, projectId, inner, 'create')
      const row = storedRow(cleaned(data), project.region)
      const [stored] = await db('tenant_project_contractors').insert({ ...row, projectId: project.id, region: project.region, tenancyId: project.tenancyId }, '*')
      ;(inner as any).written = { service: this, record: stored }
      return stored
    })
  }

  async patch(id: NullableId, data: any, params: WorkflowParams = {}): Promise<any> {
    if (id === null) throw new MethodNotAllowed('Can not patch multiple entries')
    return withTransaction(this.app.get('knex'), params, async (inner) => {
      const current = await this.lockForWrite(id, inner)
      const project = await this.editable(this.conn(inner), current.projectId, inner, 'patch')
      const { updatedAt: _read, region: _region, ...fields } = data as TenantProjectContractorPatch
      const row = storedRow({ ...cleaned(current), ...cleaned(fields) }, project.region)
      const [stored] = await this.conn(inner)('tenant_project_contractors')
        .where({ id: current.id })
        .update({ ...row, updatedAt: new Date() }, '*')
      ;(inner as any).written = { service: this, record: stored }
      return stored
    })
  }

  async remove(id: NullableId, params: WorkflowParams = {}): Promise<any> {
    if (id === null) throw new MethodNotAllowed('Can not remove multiple entries')
    return withTransaction(this.app.get('knex'), params, async (inner) => {
      const current = await this.lockForWrite(id, inner)
      await this.editable(this.conn(inner), current.projectId, inner, 'remove')
      await this.conn(inner)('tenant_project_contractors').where({ id: current.id }).delete()
      return current
    })
  }

  /** The project's whole set at once (spec §7 PUT project_contractors/{projectId}): valid only if every row is (400 with each failing row), nothing written otherwise. */
  async replace(data: TenantProjectContractorReplace, params: WorkflowParams = {}): Promise<any> {
    return withTransaction(this.app.get('knex'), params, async (inner) => {
      const db = this.conn(inner)
      const project = await this.editable(db, data.projectId, inner, 'replace')
      const rows = data.rows.map(cleaned)
      const errors = contractorSetErrors(rows)
      if (errors.length) throw appError(400, 'TENANT_PROJECT_CONTRACTORS_INVALID', { rows: errors, details: errors.map((entry) => `${entry.row + 1}: ${entry.fields.join(', ')}`).join('; ') })
      const stored = rows.map((row, index) => storedRow(row, project.region, index))
      await db('tenant_project_contractors').where({ projectId: project.id }).delete()
      const written = stored.length
        ? await db('tenant_project_contractors').insert(
            stored.map((row) => ({ ...row, projectId: project.id, region: project.region, tenancyId: project.tenancyId })),
            '*'
          )
        : []
      return { projectId: project.id, id: project.id, data: sortContractorRows(written) }
    })
  }
}
