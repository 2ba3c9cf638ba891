import type { Knex } from 'knex'
import { createTenantProject } from './factories.js'
import type { RefundState } from '../services/deposits/refund.workflow.js'

/** A project's deposit as accounting leaves it, with its deductions (amounts in cents), straight into the tables (tests and the demo). */
export async function createDeposit(
  db: Knex,
  input: {
    projectId: number
    amountCents: number
    payeeType?: string
    chequeNumber?: string
    notified?: boolean
    deductions?: Array<{ kind: string; amountCents: number; reason: string; note?: string }>
    by?: number | null
  }
) {
  const project = await db('tenant_projects').where({ id: input.projectId }).first('region', 'tenancyId')
  const currency = (await db('regions').where({ code: project.region }).first('currency'))?.currency || 'USD'
  const now = new Date()
  const [deposit] = await db('tenant_project_deposits').insert(
    {
      projectId: input.projectId,
      region: project.region,
      tenancyId: project.tenancyId,
      amountCents: input.amountCents,
      currency,
      payeeType: input.payeeType ?? 'DIRECT',
      chequeNumber: input.chequeNumber ?? '',
      accountingNotifiedAt: input.notified ? now : null,
      pmNotifiedAt: input.notified ? now : null,
      updatedBy: input.by ?? null
    },
    '*'
  )
  for (const line of input.deductions ?? []) {
    await db('tenant_project_deposit_deductions').insert({
      projectId: input.projectId,
      region: project.region,
      tenancyId: project.tenancyId,
      depositId: deposit.id,
      note: '',
      createdBy: input.by ?? null,
      ...line
    })
  }
  return deposit
}

/** A refund in a given state of its table, for the ledger's refund as it stands. */
export async function createRefund(db: Knex, input: { projectId: number; status: RefundState; requestedBy?: number | null; confirmedBy?: number | null }) {
  const project = await db('tenant_projects').where({ id: input.projectId }).first('region', 'tenancyId')
  const deposit = await db('tenant_project_deposits').where({ projectId: input.projectId }).first('amountCents', 'currency')
  const deducted = await db('tenant_project_deposit_deductions').where({ projectId: input.projectId }).sum<{ sum: string | null }[]>('amountCents as sum')
  const confirmed = input.status === 'CONFIRMED'
  const [row] = await db('tenant_project_refunds').insert(
    {
      projectId: input.projectId,
      region: project.region,
      tenancyId: project.tenancyId,
      status: input.status,
      amountCents: Number(deposit.amountCents) - Number(deducted[0].sum ?? 0),
      currency: deposit.currency,
      payeeType: 'DIRECT',
      requestedBy: input.requestedBy ?? null,
      confirmedBy: confirmed ? (input.confirmedBy ?? null) : null,
      confirmedAt: confirmed ? new Date() : null
    },
    '*'
  )
  return row
}

/** The refund's preconditions as the project control records them (spec §4): completed final documents and a sent final inspection, unless recorded already. */
async function finalRecords(db: Knex, projectId: number) {
  const project = await db('tenant_projects').where({ id: projectId }).first('region', 'tenancyId')
  const finalDocuments = await db('tenant_project_final_documents').where({ projectId }).whereNot({ status: 'HISTORICAL' }).first('id')
  if (!finalDocuments) await db('tenant_project_final_documents').insert({ projectId, region: project.region, tenancyId: project.tenancyId, status: 'COMPLETED', completedAt: new Date() })
  const inspection = await db('tenant_project_inspections').where({ projectId, type: 'FINAL' }).whereNotNull('sentAt').first('id')
  if (!inspection) {
    await db('tenant_project_inspections').insert({
      projectId,
      region: project.region,
      tenancyId: project.tenancyId,
      type: 'FINAL',
      inspectedAt: new Date(Date.now() - 7 * 86_400_000),
      inspectedBy: 'Peter Mak',
      itemsInspected: 'Partitions, ceilings, floor finishes, M&E',
      sentAt: new Date(Date.now() - 6 * 86_400_000)
    })
  }
}

/**
 * The deposit ledger's demo (issue 30 item 12): ACME meeting rooms (completed) with a deposit of
 * HKD 120,000.00, two deductions (3,456.78 damage, 1,000.00 debris removal) and its refund of
 * 115,543.22 confirmed; ACME's office fit-out with its deposit recorded and notified; and Harbour
 * Capital's finished works with a refund in each other state of the table (requested, project
 * manager notified, accounting notified, resumed), each with a management fee.
 */
export async function seedDeposits(trx: Knex, ids: Record<string, number>) {
  const accounting = (await trx('users').where({ username: 'accounting.hk' }).first('id'))?.id ?? null
  const tenant = (await trx('users').where({ username: 'tenant.acme' }).first('id'))?.id ?? null
  const rooms = ids['ACME meeting rooms']
  if (rooms) {
    await createDeposit(trx, {
      projectId: rooms,
      amountCents: 12_000_000,
      chequeNumber: 'HSBC 004512',
      notified: true,
      by: accounting,
      deductions: [
        { kind: 'DAMAGE', amountCents: 345_678, reason: 'Scratched lift lobby wall panels, replaced by the landlord' },
        { kind: 'DEBRIS_REMOVAL', amountCents: 100_000, reason: 'Debris left in the service corridor after handback' }
      ]
    })
    await finalRecords(trx, rooms)
    await createRefund(trx, { projectId: rooms, status: 'CONFIRMED', requestedBy: tenant, confirmedBy: accounting })
    await managementFee(trx, rooms, 1_200_000, 'DN-2026-0412')
  }
  const office = ids['ACME 22/F office fit-out']
  if (office) await createDeposit(trx, { projectId: office, amountCents: 8_500_000, chequeNumber: 'HSBC 007781', notified: true, by: accounting })

  const harbour = (await trx('tenancies').where({ region: 'HK', tradeName: 'Harbour Capital' }).first('id'))?.id as number | undefined
  if (!harbour) return
  const states: Array<[string, RefundState, number]> = [
    ['Harbour Capital 31/F meeting suite', 'REQUESTED', 6_000_000],
    ['Harbour Capital 31/F pantry', 'PM_NOTIFIED', 2_500_000],
    ['Harbour Capital 32/F archive room', 'ACCOUNTING_NOTIFIED', 3_000_000],
    ['Harbour Capital 32/F lobby', 'RESUMED', 4_200_000]
  ]
  for (const [projectName, status, amountCents] of states) {
    const project = await createTenantProject(trx, { tenancyId: harbour, projectName, status: 'COMPLETED', type: 'Fitout', floors: ['30/F'], projectLocation: ['Main office'] })
    await createDeposit(trx, {
      projectId: project.id,
      amountCents,
      notified: true,
      by: accounting,
      deductions: [{ kind: 'TEMPORARY_POWER', amountCents: 35_050, reason: 'Temporary power supply, 3 weeks' }]
    })
    await finalRecords(trx, project.id)
    await createRefund(trx, { projectId: project.id, status })
  }
}

async function managementFee(trx: Knex, projectId: number, amountCents: number, debitNote: string) {
  const project = await trx('tenant_projects').where({ id: projectId }).first('region', 'tenancyId')
  await trx('tenant_project_management_fees').insert({
    projectId,
    region: project.region,
    tenancyId: project.tenancyId,
    amountCents,
    currency: 'HKD',
    debitNote,
    accountCode: '4100-FIT',
    accountingNotifiedAt: new Date()
  })
}
