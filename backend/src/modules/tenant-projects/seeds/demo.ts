import type { Knex } from 'knex'
import { createTenantProject } from './factories.js'
import type { TenantProjectState } from '../services/tenant-projects/tenant-project.workflow.js'

/** Demo tenant projects of ACME and a second tenant, one in every state of the workflow. */
export async function seedTenantProjects(trx: Knex) {
  const tenancy = async (tradeName: string) => (await trx('tenancies').where({ region: 'HK', tradeName }).first('id'))?.id as number | undefined
  const acme = await tenancy('ACME')
  const harbour = await tenancy('Harbour Capital')
  const day = 86_400_000
  const projects: Array<[number | undefined, string, TenantProjectState, 'Fitout' | 'Reinstatement' | 'Facade', string[], number]> = [
    [acme, 'ACME 22/F office fit-out', 'IN_PROGRESS', 'Fitout', ['22/F'], 2],
    [acme, 'ACME pantry upgrade', 'DRAFT', 'Fitout', ['22/F'], 0],
    [acme, 'ACME reception refresh', 'SUBMITTED', 'Fitout', ['22/F'], 5],
    [acme, 'ACME meeting rooms', 'COMPLETED', 'Fitout', ['22/F'], 40],
    [acme, 'ACME signage on the facade', 'WITHDRAWN', 'Facade', ['22/F'], 12],
    [harbour, 'Harbour Capital 30/F reinstatement', 'CANCELLED', 'Reinstatement', ['30/F'], 20],
    [harbour, 'Harbour Capital trading floor', 'IN_PROGRESS', 'Fitout', ['30/F'], 9]
  ]
  for (const [tenancyId, projectName, status, type, floors, daysAgo] of projects) {
    if (tenancyId) await createTenantProject(trx, { tenancyId, projectName, status, type, floors, projectLocation: ['Main office'], updatedAt: new Date(Date.now() - daysAgo * day) })
  }
}
