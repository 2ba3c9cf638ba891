import type { Knex } from 'knex'
import type { Application } from '../../declarations.js'
import { appError } from '../../errors.js'
import { deductionsPath } from './services/deposits/deposits.shared.js'
import { remainingCents } from './services/deposits/deposit-ledger.shared.js'
import { ledgerConstraint } from './services/deposits/ledger-records.js'

/*
 * What the tenant-projects module offers other modules (modules meet through doors, not tables),
 * exported from its `module.ts`. Only this module's code names its tables.
 */

/** A deduction another module asks for (a takeback's deteriorated item): kind DAMAGE, or OTHER with a note. */
export interface DepositDeductionRequest {
  kind: 'DAMAGE' | 'OTHER'
  amountCents: number
  reason: string
  note?: string
}

/**
 * Deducts the lines from the tenancy's fit-out deposit (issue 31 §5: a takeback's deteriorated
 * items), in the caller's transaction: the deposit of the tenancy's latest project that holds one
 * (an amount, not waived) and whose refund is not confirmed, locked as the ledger's own
 * deductions lock it, checked against what remains (409 DEDUCTIONS_EXCEED_DEPOSIT); one deduction
 * per line, in order, with who asked, announced to the ledger's readers after the commit. Null when
 * the tenancy has no such deposit (nothing written).
 */
export async function deductFromTenancyDeposit(
  db: Knex,
  { region, tenancyId, createdBy, lines }: { region: string; tenancyId: number; createdBy: number | null; lines: readonly DepositDeductionRequest[] },
  /** The app and the caller's transaction's after-commit work: the ledger's readers hear of each deduction as the ledger's own service tells them, once committed. */
  announce: { app: Application; afterCommit: Array<() => unknown> }
): Promise<{ projectId: number; depositId: number; deductionIds: number[] } | null> {
  const candidate = await db('tenant_project_deposits as deposit')
    .join('tenant_projects as project', 'project.id', 'deposit.projectId')
    .leftJoin('tenant_project_refunds as refund', 'refund.projectId', 'project.id')
    .where({ 'project.region': region, 'project.tenancyId': tenancyId, 'deposit.waived': false })
    .whereNotNull('deposit.amountCents')
    .where((q) => q.whereNull('refund.status').orWhereNot('refund.status', 'CONFIRMED'))
    .orderBy('project.id', 'desc')
    .first('deposit.id')
  if (!candidate) return null
  const deposit = await db('tenant_project_deposits').where({ id: candidate.id }).forUpdate().first()
  const project = await db('tenant_projects').where({ id: deposit.projectId }).first('id', 'region', 'tenancyId')
  const deducted = await db('tenant_project_deposit_deductions').where({ depositId: deposit.id }).select('amountCents')
  const remaining = remainingCents({ depositCents: Number(deposit.amountCents), deductionCents: deducted.map((row) => Number(row.amountCents)) })
  const total = lines.reduce((sum, line) => sum + line.amountCents, 0)
  if (total > remaining) throw appError(409, 'DEDUCTIONS_EXCEED_DEPOSIT', { remainingCents: remaining })
  const rows = await db('tenant_project_deposit_deductions')
    .insert(
      lines.map((line) => ({
        projectId: project.id,
        region: project.region,
        tenancyId: project.tenancyId,
        depositId: deposit.id,
        kind: line.kind,
        amountCents: line.amountCents,
        reason: line.reason.trim(),
        note: String(line.note ?? '').trim(),
        evidenceFileId: null,
        createdBy
      })),
      '*'
    )
    .catch((error) => ledgerConstraint(error, 'DEDUCTION_EXISTS'))
  // The `created` event the ledger's own create sends (its stored row, to its access contract's readers).
  announce.afterCommit.push(() => {
    const deductions = announce.app.service(deductionsPath)
    for (const row of rows) deductions.emit('created', row)
  })
  return { projectId: project.id, depositId: deposit.id, deductionIds: rows.map((row: any) => row.id) }
}
