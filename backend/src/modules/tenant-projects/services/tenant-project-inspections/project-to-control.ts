import type { Params } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import { appError } from '../../../../errors.js'
import { caslAllows } from '../../../../kit/access.js'
import { tenantProjectWorkflow, type TenantProjectState } from '../tenant-projects/tenant-project.workflow.js'

/**
 * The project a control record is written on, locked until the commit, as the caller reads it
 * (404 for a project the caller does not read, before anything else is said of it); then the
 * caller must hold `action` on `resource` (403), and the project must be open (spec §4 "WITHDRAWN
 * and CANCELLED projects cannot be updated": 409 TENANT_PROJECT_CLOSED). Internal calls pass.
 */
export async function projectToControl(db: Knex, projectId: number, params: Params, resource: string, action: string) {
  const project = await db('tenant_projects')
    .where({ id: projectId })
    .modify((q) => {
      if (params.region) q.where({ region: params.region })
    })
    .forShare()
    .first('id', 'region', 'tenancyId', 'accountUserIds', 'status', 'projectName', 'companyName')
  if (!project || !caslAllows(params, 'read', 'tenant-projects', project)) throw appError(404, 'NOT_FOUND')
  if (!caslAllows(params, action, resource, project)) throw appError(403, 'FORBIDDEN')
  if (tenantProjectWorkflow.isIn('closed', project.status as TenantProjectState)) throw appError(409, 'TENANT_PROJECT_CLOSED', { status: project.status, action })
  return project as { id: number; region: string; tenancyId: number; accountUserIds: number[]; status: TenantProjectState; projectName: string; companyName: string | null }
}
