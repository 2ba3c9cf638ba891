import { MethodNotAllowed } from '@feathersjs/errors'
import type { Id } from '@feathersjs/feathers'
import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { withTransaction } from '../../../../db/transaction.js'
import { WorkflowKnexService, type WorkflowParams } from '../../../../kit/workflow-runner.js'
import { formatMoneyCents } from './deposit-ledger.shared.js'
import { depositsPath } from './deposits.shared.js'
import { accountingMailboxes, mailEach, projectManagerMailboxes } from './ledger-mail.js'
import { assertDepositFile, centsOf, currencyOf, isStaff, ledgerConstraint, ledgerOf, projectForLedger } from './ledger-records.js'

const payeeWords = {
  SUBJECT_TO_REVIEW: { 'en-US': 'subject to review', 'zh-CN': '待审核' },
  DIRECT: { 'en-US': 'direct to tenant', 'zh-CN': '直接付予租户' },
  OTHER: { 'en-US': 'other payee', 'zh-CN': '其他收款人' }
} as const
const yesNo = (value: boolean) => (value ? { 'en-US': 'yes', 'zh-CN': '是' } : { 'en-US': 'no', 'zh-CN': '否' })

/** The tenant's own field (spec §6 "The main contractor can be granted the right to request a refund"); the rest are accounting's. */
const TENANT_FIELD = 'mainContractorMayRequestRefund'

/**
 * A project's deposit (spec §3 "Deposit", §5; issue 30 item 1): accounting records it once per
 * project and edits it; the tenant sets only whether its main contractor may request the refund;
 * the deposit notice goes to the project managers and accounting once an amount is entered (or the
 * deposit is waived, with the Executive Director's approval attached). Answers carry the ledger's
 * totals (refund, deducted) in cents.
 */
export class DepositService extends WorkflowKnexService<any> {
  readonly lockChecksAccess = true

  constructor(options: any, app: Application) {
    super(options, app, { resource: depositsPath })
  }

  private async present(row: any, params: WorkflowParams = {}) {
    const { totals } = await ledgerOf(this.conn(params), row.projectId)
    return { ...row, refundCents: totals?.refundCents ?? null, deductedCents: totals?.deductedCents ?? 0 }
  }

  async find(params: WorkflowParams = {}): Promise<any> {
    const page: any = await super._find(params as any)
    if (Array.isArray(page)) return Promise.all(page.map((row) => this.present(row)))
    return { ...page, data: await Promise.all(page.data.map((row: any) => this.present(row))) }
  }

  async get(id: Id, params: WorkflowParams = {}): Promise<any> {
    return this.present(await super._get(id, params as any))
  }

  /** The accounting fields of a write, checked: an amount to the cent, the other payee's name and address, the waiver's approval. */
  private fieldsOf(data: any, stored: any = {}) {
    const fields: Record<string, unknown> = {}
    if ('amount' in data) fields.amountCents = data.amount === null || data.amount === '' ? null : centsOf(data.amount)
    for (const key of ['payeeType', 'payeeName', 'payeeAddress', 'chequeNumber', 'waived', 'waiverApprovalFileId']) if (key in data) fields[key] = data[key]
    const merged = { ...stored, ...fields }
    if (merged.payeeType === 'OTHER' && (!String(merged.payeeName ?? '').trim() || !String(merged.payeeAddress ?? '').trim())) throw appError(400, 'DEPOSIT_PAYEE_REQUIRED')
    // Spec §5 "An Executive Director approval must be attached to waive a deposit".
    if (merged.waived && !merged.waiverApprovalFileId) throw appError(400, 'DEPOSIT_WAIVER_APPROVAL_REQUIRED')
    return fields
  }

  async create(data: any, params: WorkflowParams = {}): Promise<any> {
    if (Array.isArray(data)) throw new MethodNotAllowed('Can not create multiple entries')
    return withTransaction(this.app.get('knex'), params, async (inner) => {
      const db = this.conn(inner)
      const project = await projectForLedger(db, Number(data.projectId), inner, depositsPath, 'create')
      // The approval is uploaded for the deposit, so a new deposit names none yet (it is waived by an edit).
      if (data.waiverApprovalFileId != null) throw appError(400, 'LEDGER_FILE_INVALID', { fileId: data.waiverApprovalFileId })
      const fields = this.fieldsOf(data)
      const [stored] = await db('tenant_project_deposits')
        .insert(
          { projectId: project.id, region: project.region, tenancyId: project.tenancyId, currency: await currencyOf(this.app, project.region), ...fields, updatedBy: inner.user?.id ?? null },
          '*'
        )
        .catch((error) => ledgerConstraint(error, 'DEPOSIT_EXISTS'))
      ;(inner as any).written = { service: this, record: stored }
      return this.present(stored, inner)
    })
  }

  async patch(id: any, data: any, params: WorkflowParams = {}): Promise<any> {
    if (id === null) throw new MethodNotAllowed('Can not patch multiple entries')
    return withTransaction(this.app.get('knex'), params, async (inner) => {
      const db = this.conn(inner)
      const stored = await this.lockForWrite(id, inner)
      const { updatedAt: _version, region: _region, ...changes } = data
      const accountingFields = Object.keys(changes).filter((key) => key !== TENANT_FIELD)
      // Accounting's fields need its recording right; the tenant's field belongs to the tenant's side.
      if (accountingFields.length) this.assertCan(inner, 'create', stored)
      if (TENANT_FIELD in changes) {
        this.assertCan(inner, 'update', stored)
        if (isStaff(inner)) throw appError(403, 'FIELD_FORBIDDEN', { field: TENANT_FIELD })
      }
      if (changes.waiverApprovalFileId != null && changes.waiverApprovalFileId !== stored.waiverApprovalFileId) await assertDepositFile(db, changes.waiverApprovalFileId, stored.id)
      const fields = { ...this.fieldsOf(changes, stored), ...(TENANT_FIELD in changes ? { [TENANT_FIELD]: changes[TENANT_FIELD] } : {}) }
      const [row] = await db('tenant_project_deposits')
        .where({ id: stored.id })
        .update({ ...fields, updatedBy: inner.user?.id ?? null, updatedAt: new Date() }, '*')
        .catch((error) => ledgerConstraint(error, 'DEPOSIT_EXISTS'))
      ;(inner as any).written = { service: this, record: row }
      return this.present(row, inner)
    })
  }

  /**
   * The deposit notice (spec §7 PUT tenant_projects/{id}/update/notification; §5 "Deposit amount
   * must be input before accounting is notified"): 400 DEPOSIT_AMOUNT_REQUIRED until it is (or the
   * deposit is waived); the project managers and accounting each get the amount in the region's currency.
   */
  async notify(data: { id: number }, params: WorkflowParams = {}): Promise<any> {
    return withTransaction(this.app.get('knex'), params, async (inner) => {
      const db = this.conn(inner)
      const deposit = await this.lockForWrite(data.id, inner)
      this.assertCan(inner, 'notify', deposit)
      if (deposit.amountCents == null && !deposit.waived) throw appError(400, 'DEPOSIT_AMOUNT_REQUIRED')
      const now = new Date()
      const [row] = await db('tenant_project_deposits').where({ id: deposit.id }).update({ accountingNotifiedAt: now, pmNotifiedAt: now, updatedAt: now }, '*')
      const project = await db('tenant_projects').where({ id: deposit.projectId }).first('id', 'region', 'projectName', 'companyName')
      const mailboxes = [...(await projectManagerMailboxes(db, project.region)), ...(await accountingMailboxes(db, project.region))]
      mailEach(this.app, inner, project, mailboxes, 'tenant-project-deposit.notice', (link) => ({
        projectName: project.projectName,
        companyName: project.companyName ?? '',
        link,
        amount: formatMoneyCents(Number(row.amountCents ?? 0), row.currency),
        payee: payeeWords[row.payeeType as keyof typeof payeeWords],
        cheque: row.chequeNumber,
        waived: yesNo(row.waived)
      }))
      ;(inner as any).written = { service: this, record: row }
      return this.present(row, inner)
    })
  }
}
