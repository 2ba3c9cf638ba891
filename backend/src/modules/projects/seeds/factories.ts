import type { Knex } from 'knex'
import { createAwardedPurchase as awardedPurchase, type AwardedPurchaseInput } from '../../tenders/module.js'

export type { AwardedPurchaseInput }

let made = 0
/** A number no other test or run uses (time, process and a counter). */
export function uniqueNumber(prefix: string) {
  const time = Date.now().toString(36).toUpperCase()
  const pid = (process.pid % 1296).toString(36).toUpperCase().padStart(2, '0')
  const count = (made++ % 1296).toString(36).toUpperCase().padStart(2, '0')
  return `${prefix}-P${time}${pid}${count}`
}

export interface ProjectParties {
  pm: number
  siteId: number
  departmentId: number
  alpha: number
  beta: number
}

/** The ids of the demo's project manager, ES site, its department and the two vendor companies. */
export async function projectParties(db: Knex): Promise<ProjectParties> {
  const pm = await db('users').where({ username: 'pm.hk' }).first('id')
  const site = await db('sites').where({ region: 'HK', shortName: 'ES' }).first('id')
  const department = await db('departments').where({ region: 'HK', shortName: 'PMD' }).first('id')
  const [alpha, beta] = await db('companies').where({ region: 'HK' }).whereIn('name', ['Alpha Engineering Ltd', 'Beta Builders Ltd']).orderBy('name').pluck('id')
  return { pm: pm.id, siteId: site.id, departmentId: department.id, alpha, beta }
}

/**
 * An awarded tender of pm.hk on the ES site with its recommended bid (the vendor's) and a purchase
 * order or contract for it: what a project is raised from, written by the tenders module's door.
 */
export async function createAwardedPurchase(db: Knex, input: AwardedPurchaseInput = {}, parties?: ProjectParties) {
  const kind = input.kind ?? 'PO'
  const numbers = { prNumber: uniqueNumber('PR-PJ'), number: input.number ?? uniqueNumber(kind === 'PO' ? 'PO' : 'CT') }
  return awardedPurchase(db, { ...input, ...numbers }, parties ?? (await projectParties(db)))
}

export interface ProjectInput extends AwardedPurchaseInput {
  status?: 'DRAFT' | 'ACTIVE' | 'COMPLETED' | 'CANCELLED'
  actualCommencementDate?: string | null
  actualCompletionDate?: string | null
  dlpDate?: string | null
  type?: string
  projectLocation?: string
}

/** A project in the state asked for, raised from a new awarded purchase order (or contract) of its own. */
export async function createProject(db: Knex, input: ProjectInput = {}, parties?: ProjectParties) {
  const who = parties ?? (await projectParties(db))
  const purchase = await createAwardedPurchase(db, input, who)
  const status = input.status ?? 'DRAFT'
  const completed = status === 'COMPLETED'
  const [project] = await db('projects').insert(
    {
      region: 'HK',
      status,
      companyId: purchase.companyId,
      managedBy: input.managedBy ?? who.pm,
      type: input.type ?? 'Renovation',
      numberType: purchase.kind,
      purchaseOrderId: purchase.kind === 'PO' ? purchase.id : null,
      contractId: purchase.kind === 'CONTRACT' ? purchase.id : null,
      number: purchase.number,
      revisionNum: purchase.kind === 'CONTRACT' ? (input.revisionNum ?? 0) : null,
      tenderId: purchase.tenderId,
      siteId: purchase.siteId,
      currency: 'HKD',
      totalAmountCents: Math.round((input.amount ?? 54_000) * 100),
      retentionPercent: input.retentionPercent ?? 5,
      actualCommencementDate: input.actualCommencementDate ?? (status === 'DRAFT' ? null : '2026-09-01'),
      actualCompletionDate: input.actualCompletionDate ?? (completed ? '2026-11-20' : null),
      dlpDate: input.dlpDate ?? (completed ? '2027-11-20' : null),
      projectLocation: input.projectLocation ?? 'Exchange Square, Central',
      activatedAt: status === 'DRAFT' ? null : new Date(),
      completedAt: completed ? new Date() : null,
      cancelledAt: status === 'CANCELLED' ? new Date() : null,
      createdBy: who.pm
    },
    '*'
  )
  return { project, purchase }
}

export interface ContractorInput {
  contractorType?: string
  typeDesc?: string | null
  companyName?: string
  firstName?: string
  lastName?: string
  phone?: string
  altPhone?: string | null
  email?: string | null
}

/** A contractor of a project, kept by the project's vendor. */
export async function createContractor(db: Knex, project: { id: string; region: string; companyId: number }, input: ContractorInput = {}) {
  const [row] = await db('project_contractors').insert(
    {
      region: project.region,
      projectId: project.id,
      companyId: project.companyId,
      contractorType: input.contractorType ?? 'AC',
      typeDesc: input.typeDesc ?? null,
      companyName: input.companyName ?? 'Cool Air Ltd',
      firstName: input.firstName ?? 'Ken',
      lastName: input.lastName ?? 'Ho',
      phone: input.phone ?? '+852 9000 1111',
      altPhone: input.altPhone ?? null,
      email: input.email ?? null
    },
    '*'
  )
  return row
}
