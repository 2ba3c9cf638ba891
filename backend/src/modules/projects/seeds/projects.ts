import type { Knex } from 'knex'
import { activePurchaseOrder } from '../../tenders/module.js'
import { createContractor, createProject, projectParties } from './factories.js'

/**
 * The demo's projects (spec §3, §4; runs after the tenders' demo): the awarded demo tender's
 * purchase order PO-ES-0006 becomes Alpha's ACTIVE project, and further awarded purchase orders
 * and a contract give a project in every other status (DRAFT, COMPLETED within its defects
 * liability period, CANCELLED) for both vendors. Their grants are the grants migration's, added by the demo seed.
 */
export async function seedProjects(trx: Knex) {
  const parties = await projectParties(trx)
  const po = await activePurchaseOrder(trx, 'HK', 'PO-ES-0006')
  if (po) {
    const [active] = await trx('projects').insert(
      {
        region: 'HK',
        status: 'ACTIVE',
        companyId: po.companyId,
        managedBy: parties.pm,
        type: 'Fitting-out',
        numberType: 'PO',
        purchaseOrderId: po.id,
        number: po.number,
        tenderId: po.tenderId,
        siteId: po.siteId,
        currency: po.currency,
        totalAmountCents: Math.round(Number(po.amount) * 100),
        retentionPercent: po.retentionPercent,
        actualCommencementDate: '2026-10-05',
        projectLocation: 'Exchange Square Tower 1, 12/F',
        activatedAt: new Date(),
        createdBy: parties.pm
      },
      '*'
    )
    // Its contractors as the vendor keeps them: the main contractor first, OTHER last.
    await createContractor(trx, active, {
      contractorType: 'MAIN',
      companyName: 'Alpha Engineering Ltd',
      firstName: 'Alan',
      lastName: 'Lee',
      phone: '+852 2111 1111',
      email: 'vendor.alpha@example.com'
    })
    await createContractor(trx, active, {
      contractorType: 'ELECTRICAL',
      companyName: 'Bright Spark Electrical',
      firstName: 'May',
      lastName: 'Chan',
      phone: '+852 9123 4567',
      altPhone: '+852 2345 6789'
    })
    await createContractor(trx, active, { contractorType: 'OTHER', typeDesc: 'Scaffolding', companyName: 'Tall Frame Scaffolding', firstName: 'Wing', lastName: 'Lau', phone: '+852 9888 7777' })
  }
  const demo = [
    { status: 'DRAFT', companyId: parties.alpha, number: 'PO-PJ-0101', amount: 86_500, type: 'Maintenance', description: 'Plant room overhaul' },
    { status: 'ACTIVE', companyId: parties.beta, number: 'PO-PJ-0102', amount: 128_000.5, type: 'Renovation', description: 'Lobby ceiling renewal' },
    { status: 'COMPLETED', companyId: parties.alpha, kind: 'CONTRACT', number: 'CT-PJ-0103', revisionNum: 1, amount: 240_000, type: 'Capital works', description: 'Fire service upgrade' },
    { status: 'CANCELLED', companyId: parties.beta, number: 'PO-PJ-0104', amount: 42_000, type: 'Repair', description: 'Car park drainage' }
  ] as const
  for (const project of demo) {
    const { project: created } = await createProject(trx, { ...project, dlpDate: project.status === 'COMPLETED' ? '2027-11-20' : undefined }, parties)
    if (project.status === 'ACTIVE' || project.status === 'COMPLETED') {
      await createContractor(trx, created, {
        contractorType: 'MAIN',
        companyName: project.companyId === parties.alpha ? 'Alpha Engineering Ltd' : 'Beta Builders Ltd',
        firstName: 'Site',
        lastName: 'Agent'
      })
      await createContractor(trx, created, { contractorType: 'FIRE_SERVICE', companyName: 'Red Line Fire Services', firstName: 'Hugo', lastName: 'Tam', phone: '+852 9555 1234' })
    }
  }
}
