import { MethodNotAllowed } from '@feathersjs/errors'
import type { Knex } from 'knex'
import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { withTransaction } from '../../../../db/transaction.js'
import { caslAllows } from '../../../../kit/access.js'
import { WorkflowKnexService, type WorkflowParams } from '../../../../kit/workflow-runner.js'
import type { Worded } from '../../mail/templates.js'
import { finalInspectionSent } from '../tenant-project-inspections/tenant-project-inspections.class.js'
import { refundsPath } from './deposits.shared.js'
import { accountingMailboxes, mailEach, projectManagerMailboxes, tenantSideMailboxes } from './ledger-mail.js'
import { ledgerOf, ledgerWords, projectForLedger } from './ledger-records.js'
import { missingForRefund, refundWorkflow, type RefundState } from './refund.workflow.js'

const stepWords: Record<string, Worded> = {
  PM_NOTIFIED: { 'en-US': 'project manager check', 'zh-CN': '项目经理核查' },
  ACCOUNTING_NOTIFIED: { 'en-US': 'accounting', 'zh-CN': '会计处理' }
}

/**
 * A project's deposit refund (spec §3 "Refund", §4 "Refund request"; issue 30 item 3): the tenant
 * requests it (create), or its main contractor where the tenant granted that on the deposit; 428
 * REFUND_PRECONDITIONS naming what is missing until the final documents are COMPLETED or EXEMPTED
 * and a final inspection was sent. Its amount is the ledger's refund; staff move it through the
 * table (refund.workflow.ts), and accounting's confirmation takes the deductions as they stand.
 */
export class RefundService extends WorkflowKnexService<any> {
  readonly lockChecksAccess = true

  constructor(options: any, app: Application) {
    super(options, app, { resource: refundsPath })
  }

  /** Whether the caller is the project's main contractor (its contractor admin account). */
  private async isMainContractor(db: Knex, projectId: number, userId: number | undefined) {
    if (!userId) return false
    return Boolean(await db('tenant_project_accounts').where({ projectId, userId, isContractorAdmin: true }).first('id'))
  }

  async create(data: any, params: WorkflowParams = {}): Promise<any> {
    if (Array.isArray(data)) throw new MethodNotAllowed('Can not create multiple entries')
    return withTransaction(this.app.get('knex'), params, async (inner) => {
      const db = this.conn(inner)
      const project = await projectForLedger(db, Number(data.projectId), inner, refundsPath, null)
      const { deposit, totals } = await ledgerOf(db, project.id)
      const asProject = { region: project.region, tenancyId: project.tenancyId, projectId: project.id }
      const mayRequest = caslAllows(inner, 'request', refundsPath, asProject) || (deposit?.mainContractorMayRequestRefund === true && (await this.isMainContractor(db, project.id, inner.user?.id)))
      if (!mayRequest) throw appError(403, 'REFUND_NOT_ALLOWED')
      if (!deposit || deposit.amountCents == null || !totals) throw appError(409, 'DEPOSIT_REQUIRED')
      await db('tenant_project_deposits').where({ id: deposit.id }).forUpdate().first('id')
      const finalDocuments = await db('tenant_project_final_documents').where({ projectId: project.id }).whereNot({ status: 'HISTORICAL' }).first('status')
      const missing = missingForRefund({ finalDocumentsStatus: finalDocuments?.status ?? null, finalInspectionSent: await finalInspectionSent(db, project.id) })
      if (missing.length) throw appError(428, 'REFUND_PRECONDITIONS', { missing: missing.join(', ') })
      const payeeType = data.payeeType ?? (deposit.payeeType === 'DIRECT' ? 'DIRECT' : deposit.payeeType === 'OTHER' ? 'OTHER' : 'CREDIT_TO')
      const payeeName = String(data.payeeName ?? (payeeType === 'OTHER' ? deposit.payeeName : '')).trim()
      const payeeAddress = String(data.payeeAddress ?? (payeeType === 'OTHER' ? deposit.payeeAddress : '')).trim()
      if (payeeType === 'OTHER' && (!payeeName || !payeeAddress)) throw appError(400, 'REFUND_PAYEE_REQUIRED')
      const [stored] = await db('tenant_project_refunds')
        .insert(
          {
            projectId: project.id,
            region: project.region,
            tenancyId: project.tenancyId,
            status: 'REQUESTED',
            amountCents: totals.refundCents,
            currency: deposit.currency,
            payeeType,
            creditTo: String(data.creditTo ?? '').trim(),
            payeeName,
            payeeAddress,
            requestedBy: inner.user?.id ?? null
          },
          '*'
        )
        .catch((error) => {
          if (error?.code === '23505') throw appError(409, 'REFUND_EXISTS')
          throw error
        })
      mailEach(this.app, inner, project, await projectManagerMailboxes(db, project.region), 'tenant-project-refund.requested', (link) => ({
        projectName: project.projectName,
        companyName: project.companyName ?? '',
        link,
        ...ledgerWords(totals, deposit.currency)
      }))
      ;(inner as any).written = { service: this, record: stored }
      return stored
    })
  }

  private move(data: { id: number; reason?: string }, action: string, params: WorkflowParams) {
    return this.runTransition<any, RefundState>({
      id: data.id,
      action,
      params,
      workflow: refundWorkflow,
      facts: (record) => record,
      apply: async (db, record, _related, to, now) => {
        const { deposit, totals } = await ledgerOf(db, record.projectId)
        const project = await db('tenant_projects').where({ id: record.projectId }).first('id', 'region', 'tenancyId', 'projectName', 'companyName')
        if (!totals || !deposit) throw appError(409, 'DEPOSIT_REQUIRED')
        const words = { projectName: project.projectName, companyName: project.companyName ?? '', ...ledgerWords(totals, deposit.currency) }
        if (to === 'CONFIRMED') {
          mailEach(this.app, params, project, await tenantSideMailboxes(db, project), 'tenant-project-refund.confirmed', (link) => ({ ...words, link }))
          // The deductions as they stand at the confirmation decide the amount.
          return { amountCents: totals.refundCents, confirmedBy: params.user?.id ?? null, confirmedAt: now }
        }
        if (to === 'PM_NOTIFIED' || to === 'ACCOUNTING_NOTIFIED') {
          const mailboxes = to === 'PM_NOTIFIED' ? await projectManagerMailboxes(db, project.region) : await accountingMailboxes(db, project.region)
          mailEach(this.app, params, project, mailboxes, 'tenant-project-refund.notice', (link) => ({ ...words, link, step: stepWords[to], reason: String(data.reason ?? '') }))
        }
        return { amountCents: totals.refundCents }
      }
    })
  }

  notifyProjectManager(data: { id: number; reason?: string }, params: WorkflowParams = {}) {
    return this.move(data, 'notifyProjectManager', params)
  }

  notifyAccounting(data: { id: number; reason?: string }, params: WorkflowParams = {}) {
    return this.move(data, 'notifyAccounting', params)
  }

  resume(data: { id: number }, params: WorkflowParams = {}) {
    return this.move(data, 'resume', params)
  }

  confirm(data: { id: number }, params: WorkflowParams = {}) {
    return this.move(data, 'confirm', params)
  }
}
