import { MethodNotAllowed } from '@feathersjs/errors'
import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { withTransaction } from '../../../../db/transaction.js'
import { WorkflowKnexService, type WorkflowParams } from '../../../../kit/workflow-runner.js'
import { remainingCents } from './deposit-ledger.shared.js'
import { deductionsPath } from './deposits.shared.js'
import { assertDepositFile, centsOf, ledgerConstraint, projectForLedger } from './ledger-records.js'
import { displayNames } from '../tenant-submissions/submission-history.js'

/**
 * The deposit's itemised deductions (issue 30 item 2): accounting adds them (kind, amount, reason,
 * evidence; a note for OTHER), each with who and when. Their sum never exceeds the deposit: checked
 * here with the deposit row locked (409 DEDUCTIONS_EXCEED_DEPOSIT, with what remains), and again by
 * the database's trigger for any writer. A confirmed refund closes the ledger (409 REFUND_CONFIRMED).
 */
export class DeductionService extends WorkflowKnexService<any> {
  readonly lockChecksAccess = true

  constructor(options: any, app: Application) {
    super(options, app, { resource: deductionsPath })
  }

  /** Each line with who recorded it, by name (the ledger and the statement print it). */
  private async present(rows: any[]) {
    const names = await displayNames(
      this.app.get('knex'),
      rows.map((row) => row.createdBy)
    )
    return rows.map((row) => ({ ...row, createdByName: row.createdBy ? (names.get(row.createdBy) ?? '') : '' }))
  }

  async find(params: WorkflowParams = {}): Promise<any> {
    const page: any = await super._find({ ...params, query: { $sort: { id: 1 }, ...(params.query ?? {}) } } as any)
    if (Array.isArray(page)) return this.present(page)
    return { ...page, data: await this.present(page.data) }
  }

  async get(id: any, params: WorkflowParams = {}): Promise<any> {
    return (await this.present([await super._get(id, params as any)]))[0]
  }

  async create(data: any, params: WorkflowParams = {}): Promise<any> {
    if (Array.isArray(data)) throw new MethodNotAllowed('Can not create multiple entries')
    return withTransaction(this.app.get('knex'), params, async (inner) => {
      const db = this.conn(inner)
      const project = await projectForLedger(db, Number(data.projectId), inner, deductionsPath, 'create')
      const deposit = await db('tenant_project_deposits').where({ projectId: project.id }).forUpdate().first()
      if (!deposit || deposit.amountCents == null) throw appError(409, 'DEPOSIT_REQUIRED')
      const refund = await db('tenant_project_refunds').where({ projectId: project.id }).first('status')
      if (refund?.status === 'CONFIRMED') throw appError(409, 'REFUND_CONFIRMED')
      const amountCents = centsOf(data.amount)
      if (amountCents <= 0) throw appError(400, 'AMOUNT_INVALID', { field: 'amount' })
      if (data.kind === 'OTHER' && !String(data.note ?? '').trim()) throw appError(400, 'DEDUCTION_NOTE_REQUIRED')
      await assertDepositFile(db, data.evidenceFileId, deposit.id)
      const deducted = await db('tenant_project_deposit_deductions').where({ depositId: deposit.id }).select('amountCents')
      const remaining = remainingCents({ depositCents: Number(deposit.amountCents), deductionCents: deducted.map((row) => Number(row.amountCents)) })
      if (amountCents > remaining) throw appError(409, 'DEDUCTIONS_EXCEED_DEPOSIT', { remainingCents: remaining })
      const [stored] = await db('tenant_project_deposit_deductions')
        .insert(
          {
            projectId: project.id,
            region: project.region,
            tenancyId: project.tenancyId,
            depositId: deposit.id,
            kind: data.kind,
            amountCents,
            reason: data.reason.trim(),
            note: String(data.note ?? '').trim(),
            evidenceFileId: data.evidenceFileId ?? null,
            createdBy: inner.user?.id ?? null
          },
          '*'
        )
        .catch((error) => ledgerConstraint(error, 'DEDUCTION_EXISTS'))
      ;(inner as any).written = { service: this, record: stored }
      return (await this.present([stored]))[0]
    })
  }
}
