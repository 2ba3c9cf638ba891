import type { Params } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { caslAllows } from '../../../../kit/access.js'
import { portalOf } from '../../../../abilities/permissions.shared.js'
import { readsProjectOf } from '../project-parts/project-parts.js'
import { formatMoneyCents, ledgerTotals, parseAmount, type LedgerTotals } from './deposit-ledger.shared.js'

/*
 * What the ledger's services share: the project a record is written to (locked, read as the
 * caller reads it), the ledger's figures as they stand, and amounts read from what was typed.
 */

const CHECK_VIOLATION = '23514'
const UNIQUE_VIOLATION = '23505'

export interface LedgerProject {
  id: number
  region: string
  tenancyId: number
  accountUserIds: number[]
  status: string
  projectName: string
  companyName: string | null
}

/** Whether the caller is staff (the landlord's side): the tenant-side fields are not theirs. */
export const isStaff = (params: Params) => Boolean(params.provider && params.user && portalOf((params.user as any).userType) === 'staff')

/**
 * The project a ledger record is written to, locked until the commit: 404 for a project the caller
 * does not read (nothing more said of it), 403 unless the caller holds `action` on `resource` there
 * (no action: the service decides who may).
 */
export async function projectForLedger(db: Knex, projectId: number, params: Params, resource: string, action: string | null): Promise<LedgerProject> {
  const project = await db('tenant_projects')
    .where({ id: projectId })
    .modify((q) => {
      if (params.region) q.where({ region: params.region })
    })
    .forShare()
    .first('id', 'region', 'tenancyId', 'accountUserIds', 'status', 'projectName', 'companyName')
  if (!project) throw appError(404, 'NOT_FOUND')
  const part = { id: 0, projectId: project.id, region: project.region, tenancyId: project.tenancyId, accountUserIds: project.accountUserIds }
  if (!readsProjectOf(part, params)) throw appError(404, 'NOT_FOUND')
  if (action && !caslAllows(params, action, resource, part)) throw appError(403, 'FORBIDDEN')
  return project
}

/** Cents from what was typed (spec §5 "decimals at most 2 places"): 400 AMOUNT_INVALID otherwise. */
export function centsOf(value: unknown, field = 'amount'): number {
  const cents = parseAmount(value)
  if (cents === null) throw appError(400, 'AMOUNT_INVALID', { field })
  return cents
}

/** The region's currency (spec §9: USD when it names none). */
export async function currencyOf(app: Application, region: string): Promise<string> {
  return ((await app.get('regionCache').get(region)) as any)?.currency || 'USD'
}

/** The project's ledger as it stands: its deposit row, the deductions, and the totals. */
export async function ledgerOf(db: Knex, projectId: number): Promise<{ deposit: any | null; deductions: any[]; totals: LedgerTotals | null }> {
  const deposit = await db('tenant_project_deposits').where({ projectId }).first()
  const deductions = deposit ? await db('tenant_project_deposit_deductions').where({ depositId: deposit.id }).orderBy('id') : []
  const totals = deposit ? ledgerTotals({ depositCents: Number(deposit.amountCents ?? 0), deductionCents: deductions.map((row) => Number(row.amountCents)) }) : null
  return { deposit, deductions, totals }
}

/** The ledger's figures as the mails print them, in the deposit's currency. */
export const ledgerWords = (totals: LedgerTotals, currency: string) => ({
  deposit: formatMoneyCents(totals.depositCents, currency),
  deducted: formatMoneyCents(totals.deductedCents, currency),
  refund: formatMoneyCents(totals.refundCents, currency)
})

/** The database's own refusals, in the error catalogue's words: deductions beyond the deposit, a second record of a project. */
export function ledgerConstraint(error: any, duplicate: string): never {
  if (error?.code === CHECK_VIOLATION && error.constraint === 'tenant_project_deductions_within_deposit') throw appError(409, 'DEDUCTIONS_EXCEED_DEPOSIT')
  if (error?.code === CHECK_VIOLATION && error.constraint === 'tenant_project_deposit_deductions_other_note') throw appError(400, 'DEDUCTION_NOTE_REQUIRED')
  if (error?.code === UNIQUE_VIOLATION) throw appError(409, duplicate)
  throw error
}

/**
 * The files a ledger record names (a deduction's evidence, a waiver's approval, a management
 * fee's supporting documents) must have been uploaded for that record (`files.owner_resource`,
 * `owner_id`: the deposit, the fee): not any file of the region whose id a caller guesses.
 * 400 LEDGER_FILE_INVALID, naming the first that is not, otherwise.
 */
export async function assertLedgerFiles(db: Knex, fileIds: ReadonlyArray<number | null | undefined>, ownerResource: string, ownerId: number) {
  const wanted = [...new Set(fileIds.filter((id): id is number => id != null))]
  if (!wanted.length) return
  const found = new Set(
    (
      await db('files')
        .whereIn('id', wanted)
        .where({ ownerResource, ownerId: String(ownerId) })
        .pluck('id')
    ).map(Number)
  )
  const stranger = wanted.find((id) => !found.has(id))
  if (stranger !== undefined) throw appError(400, 'LEDGER_FILE_INVALID', { fileId: stranger })
}

/** A file named by a deposit's records: uploaded for that deposit (see `assertLedgerFiles`). */
export const assertDepositFile = (db: Knex, fileId: number | null | undefined, depositId: number) => assertLedgerFiles(db, [fileId], 'tenant-project-deposits', depositId)
