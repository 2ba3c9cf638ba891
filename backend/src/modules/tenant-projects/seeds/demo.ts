import type { Knex } from 'knex'
import { createSubmissionBatch, createSubmissionComment, createTenantProject, createTenantProjectAccount, createTenantProjectContractor } from './factories.js'
import { addWorkingDays } from '../../../calendar/working-days.shared.js'
import { recordAction, type SubmissionActionType } from '../services/tenant-submissions/submission-history.js'
import type { TenantProjectState } from '../services/tenant-projects/tenant-project.workflow.js'
import { seedGuidelines } from './guidelines.js'
import { seedProjectControl } from './control.js'
import { seedDeposits } from './deposits.js'
import { seedGreenFitouts } from './green-fitouts.js'
import { seedPostFitout } from './post-fitout.js'

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
    [harbour, 'Harbour Capital trading floor', 'IN_PROGRESS', 'Fitout', ['30/F'], 9],
    [harbour, 'Harbour Capital server room', 'IN_PROGRESS', 'Fitout', ['30/F'], 6],
    [acme, 'ACME 22/F breakout area', 'SUBMITTED', 'Fitout', ['22/F'], 1]
  ]
  const ids: Record<string, number> = {}
  for (const [tenancyId, projectName, status, type, floors, daysAgo] of projects) {
    if (tenancyId)
      ids[projectName] = (await createTenantProject(trx, { tenancyId, projectName, status, type, floors, projectLocation: ['Main office'], updatedAt: new Date(Date.now() - daysAgo * day) })).id
  }
  await seedPeople(trx, ids)
  await seedReviews(trx, ids)
  await seedGuidelines(trx)
  await seedProjectControl(trx, ids)
  await seedDeposits(trx, ids)
  await seedGreenFitouts(trx, ids)
  await seedPostFitout(trx, ids)
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

/**
 * The review in every state (issue 29 item 11): ACME's office fit-out has batch 1 disapproved by
 * design with its comments answered, closed and not applicable, and batch 2 in design review,
 * overdue, with a draft comment; the reception refresh waits for CP; the meeting rooms' batch 1
 * was disapproved by CP and batch 2 completed; the facade signage's batch was cancelled; Harbour
 * Capital's trading floor waits for the tenant's update after a CP follow-up, with an open
 * comment; its server room is in technical review; ACME's breakout area has a batch started.
 * approver.hk is the design and technical manager, admin the CP reviewer.
 */
async function seedReviews(trx: Knex, ids: Record<string, number>) {
  const approver = (await trx('users').where({ username: 'approver.hk' }).first('id'))?.id ?? null
  const admin = (await trx('users').where({ username: 'admin' }).first('id'))?.id ?? null
  const today = new Date().toISOString().slice(0, 10)
  const reviewers = { designManagerId: approver, techManagerId: approver, cpReviewerId: admin }
  for (const id of Object.values(ids)) await trx('tenant_projects').where({ id }).update({ designManagerId: approver, techManagerId: approver, cpReviewerId: admin })
  const tenant = (await trx('users').where({ username: 'tenant.acme' }).first('id'))?.id ?? null
  // Each batch with the history that led it where it is: started and sent by the tenant, reviewed by the step's reviewer.
  const batch = async (name: string, order: number, status: string, more: Record<string, unknown> = {}) => {
    if (!ids[name]) return null
    const row = await createSubmissionBatch(trx, { projectId: ids[name], order, status, ...reviewers, ...more })
    const as = (id: number | null) => ({ user: id ? { id } : undefined }) as any
    const steps: Array<[SubmissionActionType, number | null]> = [['START', tenant]]
    if (status !== 'STARTED') steps.push(['SEND', tenant])
    if (more.designOutcome) steps.push(['REVIEW', approver])
    if (more.cpOutcome) steps.push(['REVIEW', admin])
    if (more.techOutcome) steps.push(['REVIEW', approver])
    if (status === 'CANCELLED') steps.push(['CANCEL', approver])
    for (const [action, who] of steps) await recordAction(trx, row, as(who), action)
    return row
  }

  const office1 = await batch('ACME 22/F office fit-out', 0, 'DISAPPROVED', { designOutcome: 'DISAPPROVE', disapprovedBy: 'design' })
  // A week past its due day: overdue on any calendar.
  const office2 = await batch('ACME 22/F office fit-out', 1, 'DESIGN_REVIEW', { dueDate: new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10) })
  if (office1 && office2) {
    await createSubmissionComment(trx, {
      batch: office1,
      section: 1,
      item: 0,
      text: 'Show the sprinkler heads on the reflected ceiling plan.',
      status: 'CLOSED',
      answer: 'Added on drawing FO-02 rev B.',
      answeredOrder: 1,
      createdBy: approver
    })
    await createSubmissionComment(trx, {
      batch: office1,
      section: 1,
      item: 1,
      text: 'State the fire rating of the new partitions.',
      status: 'ANSWERED',
      answer: 'FRR 60/60/60, certificate attached.',
      answeredOrder: 1,
      createdBy: approver
    })
    await createSubmissionComment(trx, {
      batch: office1,
      section: 2,
      item: 0,
      text: 'Provide the raised floor load calculation.',
      status: 'NA',
      answer: 'No raised floor in this scheme.',
      answeredOrder: 1,
      createdBy: approver
    })
    const draft = await createSubmissionComment(trx, { batch: office2, section: 3, item: 0, text: 'Confirm the pantry exhaust route.', sent: false, createdBy: approver })
    await recordAction(trx, office2, { user: { id: approver } } as any, 'ADD', { commentTypes: ['DESIGN'], commentObject: { label: draft.label, text: draft.text }, internal: true })
  }
  await batch('ACME reception refresh', 0, 'CP_REVIEW', { designOutcome: 'PROCEED_CP_FOLLOW_UP', dueDate: addWorkingDays(today, 2) })
  await batch('ACME meeting rooms', 0, 'DISAPPROVED', { designOutcome: 'PROCEED_CP_FOLLOW_UP', cpOutcome: 'DISAPPROVE', disapprovedBy: 'cp' })
  await batch('ACME meeting rooms', 1, 'COMPLETED', { designOutcome: 'PROCEED_NO_FOLLOW_UP', techOutcome: 'COMPLETE' })
  await batch('ACME signage on the facade', 0, 'CANCELLED')
  const trading = await batch('Harbour Capital trading floor', 0, 'UPDATE_PENDING', { designOutcome: 'PROCEED_CP_FOLLOW_UP', cpOutcome: 'FOLLOW_UP' })
  if (trading) await createSubmissionComment(trx, { batch: trading, section: 1, item: 0, text: 'Resubmit the dealing desk power layout with circuit numbers.', createdBy: admin })
  await batch('Harbour Capital server room', 0, 'TECH_REVIEW', { designOutcome: 'PROCEED_NO_FOLLOW_UP', dueDate: addWorkingDays(today, 4) })
  await batch('ACME 22/F breakout area', 0, 'STARTED')
}
