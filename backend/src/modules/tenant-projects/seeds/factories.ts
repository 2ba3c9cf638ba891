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
