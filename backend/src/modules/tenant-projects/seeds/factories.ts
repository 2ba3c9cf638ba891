import type { Knex } from 'knex'
import type { TenantProjectState } from '../services/tenant-projects/tenant-project.workflow.js'
import type { TenantProjectType } from '../services/tenant-projects/tenant-projects.shared.js'

export interface TenantProjectInput {
  tenancyId: number
  projectName: string
  type?: TenantProjectType
  status?: TenantProjectState
  floors?: string[]
  projectLocation?: string[]
  statusReason?: string | null
  createdBy?: number | null
  updatedAt?: Date
}

/** A tenant project of a tenancy, in any state, written as the service would leave it (tests and the demo). */
export async function createTenantProject(db: Knex, input: TenantProjectInput): Promise<{ id: number; updatedAt: Date }> {
  const tenancy = await db('tenancies').where({ id: input.tenancyId }).first('region', 'buildingId', 'companyName', 'tradeName')
  const status = input.status ?? 'DRAFT'
  const now = new Date()
  const reached = (...states: TenantProjectState[]) => (states.includes(status) ? now : null)
  const [row] = await db('tenant_projects').insert(
    {
      region: tenancy.region,
      tenancyId: input.tenancyId,
      buildingId: tenancy.buildingId,
      companyName: tenancy.companyName,
      tradeName: tenancy.tradeName,
      type: input.type ?? 'Fitout',
      projectName: input.projectName,
      projectLocation: input.projectLocation ?? [],
      floors: input.floors ?? [],
      isAccept: true,
      status,
      statusReason: input.statusReason ?? (status === 'WITHDRAWN' || status === 'CANCELLED' ? 'Plans changed' : null),
      createdBy: input.createdBy ?? null,
      submittedAt: reached('SUBMITTED', 'IN_PROGRESS', 'COMPLETED'),
      acceptedAt: reached('IN_PROGRESS', 'COMPLETED'),
      completedAt: reached('COMPLETED'),
      closedAt: reached('WITHDRAWN', 'CANCELLED'),
      ...(input.updatedAt ? { updatedAt: input.updatedAt } : {})
    },
    ['id', 'updatedAt']
  )
  return row
}

export interface TenantProjectAccountInput {
  projectId: number
  email: string
  contactFirstName?: string
  contactLastName?: string
  accessType?: 'TENANT' | 'CONTRACTOR'
  isContractorAdmin?: boolean
  userId?: number | null
  phone?: string | null
}

/** An account of a tenant project, as the service would leave it (the user already linked, or none). */
export async function createTenantProjectAccount(db: Knex, input: TenantProjectAccountInput) {
  const project = await db('tenant_projects').where({ id: input.projectId }).first('region', 'tenancyId')
  const [row] = await db('tenant_project_accounts').insert(
    {
      projectId: input.projectId,
      region: project.region,
      tenancyId: project.tenancyId,
      email: input.email.toLowerCase(),
      contactFirstName: input.contactFirstName ?? 'Chris',
      contactLastName: input.contactLastName ?? 'Wong',
      accessType: input.accessType ?? 'CONTRACTOR',
      isContractorAdmin: input.isContractorAdmin ?? false,
      userId: input.userId ?? null,
      phone: input.phone ?? null,
      invitedAt: new Date()
    },
    '*'
  )
  return row
}

export interface TenantProjectContractorInput {
  projectId: number
  firstName?: string
  lastName?: string
  contractorType?: string
  companyName?: string
  mobile?: string
  userAccount?: string | null
  officeTel?: string | null
}

/** A contractor row of a tenant project (the mobile given in E.164). */
export async function createTenantProjectContractor(db: Knex, input: TenantProjectContractorInput) {
  const project = await db('tenant_projects').where({ id: input.projectId }).first('region', 'tenancyId')
  const [row] = await db('tenant_project_contractors').insert(
    {
      projectId: input.projectId,
      region: project.region,
      tenancyId: project.tenancyId,
      firstName: input.firstName ?? 'Kelvin',
      lastName: input.lastName ?? 'Chan',
      contractorType: input.contractorType ?? 'MAIN',
      companyName: input.companyName ?? 'Harbour Fit-out Ltd',
      mobile: input.mobile ?? '+85291234567',
      userAccount: input.userAccount ?? null,
      officeTel: input.officeTel ?? null
    },
    '*'
  )
  return row
}
