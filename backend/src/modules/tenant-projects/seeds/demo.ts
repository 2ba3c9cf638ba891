import type { Knex } from 'knex'
import { createTenantProject, createTenantProjectAccount, createTenantProjectContractor } from './factories.js'
import type { TenantProjectState } from '../services/tenant-projects/tenant-project.workflow.js'
import { seedGuidelines } from './guidelines.js'

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
  const ids: Record<string, number> = {}
  for (const [tenancyId, projectName, status, type, floors, daysAgo] of projects) {
    if (tenancyId)
      ids[projectName] = (await createTenantProject(trx, { tenancyId, projectName, status, type, floors, projectLocation: ['Main office'], updatedAt: new Date(Date.now() - daysAgo * day) })).id
  }
  await seedPeople(trx, ids)
  await seedGuidelines(trx)
}

/**
 * The projects' people: ACME's office fit-out has its main contractor, contractor.acme (a demo
 * sign-in, who reads this project only), a tenant contact and an electrical contractor invited but
 * not yet signed in, with contractor rows of every kind, OTHER last; Harbour Capital's trading
 * floor has a main contractor by e-mail and its rows.
 */
async function seedPeople(trx: Knex, ids: Record<string, number>) {
  const fitOut = ids['ACME 22/F office fit-out']
  if (fitOut) {
    const contractor = await trx('users').where({ username: 'contractor.acme' }).first('id', 'email')
    if (contractor) {
      await createTenantProjectAccount(trx, {
        projectId: fitOut,
        email: contractor.email ?? 'contractor.acme@example.com',
        contactFirstName: 'Connie',
        contactLastName: 'Lau',
        accessType: 'CONTRACTOR',
        isContractorAdmin: true,
        userId: contractor.id,
        phone: '+85291230001'
      })
    }
    await createTenantProjectAccount(trx, { projectId: fitOut, email: 'facilities@acme.example.com', contactFirstName: 'Fiona', contactLastName: 'Ho', accessType: 'TENANT', phone: '+85221230002' })
    await createTenantProjectAccount(trx, { projectId: fitOut, email: 'sparks@brightelectric.example.com', contactFirstName: 'Sam', contactLastName: 'Ng', accessType: 'CONTRACTOR' })
    const rows = [
      { contractorType: 'MAIN', firstName: 'Connie', lastName: 'Lau', companyName: 'Lau Fit-out Contractors Ltd', mobile: '+85291230001', userAccount: contractor?.email ?? null },
      { contractorType: 'ELECTRICAL', firstName: 'Sam', lastName: 'Ng', companyName: 'Bright Electric Co', mobile: '+85291230003', userAccount: 'sparks@brightelectric.example.com' },
      { contractorType: 'FIRE_SERVICE', firstName: 'Tony', lastName: 'Yeung', companyName: 'Safeguard Fire Services', mobile: '+85291230004' },
      { contractorType: 'OTHER', firstName: 'Mandy', lastName: 'Cheung', companyName: 'Green Plants Ltd', mobile: '+85291230005' }
    ]
    for (const row of rows) await createTenantProjectContractor(trx, { projectId: fitOut, ...row })
  }
  const trading = ids['Harbour Capital trading floor']
  if (trading) {
    await createTenantProjectAccount(trx, {
      projectId: trading,
      email: 'site@harbourbuild.example.com',
      contactFirstName: 'Henry',
      contactLastName: 'Lam',
      accessType: 'CONTRACTOR',
      isContractorAdmin: true,
      phone: '+85291230006'
    })
    await createTenantProjectContractor(trx, {
      projectId: trading,
      contractorType: 'MAIN',
      firstName: 'Henry',
      lastName: 'Lam',
      companyName: 'Harbour Build Ltd',
      mobile: '+85291230006',
      userAccount: 'site@harbourbuild.example.com'
    })
    await createTenantProjectContractor(trx, { projectId: trading, contractorType: 'PLUMBING', firstName: 'Peter', lastName: 'Kwok', companyName: 'Kwok Plumbing', mobile: '+85291230007' })
  }
}
