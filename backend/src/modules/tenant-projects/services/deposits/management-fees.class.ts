import { MethodNotAllowed } from '@feathersjs/errors'
import type { Application } from '../../../../declarations.js'
import { withTransaction } from '../../../../db/transaction.js'
import { appError } from '../../../../errors.js'
import { WorkflowKnexService, type WorkflowParams } from '../../../../kit/workflow-runner.js'
import { formatMoneyCents } from './deposit-ledger.shared.js'
import { managementFeesPath } from './deposits.shared.js'
import { accountingMailboxes, mailEach } from './ledger-mail.js'
import { assertLedgerFiles, centsOf, currencyOf, ledgerConstraint, projectForLedger } from './ledger-records.js'

/**
 * A project's management fee (spec §3 "Management fee: id, amount, supporting documents, debit
 * note, account code"; issue 30 item 4): accounting records it once per project, edits it, and
 * sends its notice to accounting with the amount in the region's currency.
 */
export class ManagementFeeService extends WorkflowKnexService<any> {
  readonly lockChecksAccess = true

  constructor(options: any, app: Application) {
    super(options, app, { resource: managementFeesPath })
  }

  private fieldsOf(data: any) {
    const fields: Record<string, unknown> = {}
    if ('amount' in data) fields.amountCents = centsOf(data.amount)
    for (const key of ['debitNote', 'accountCode']) if (key in data) fields[key] = String(data[key]).trim()
    if ('supportingFileIds' in data) fields.supportingFileIds = [...new Set(data.supportingFileIds as number[])]
    return fields
  }

  async create(data: any, params: WorkflowParams = {}): Promise<any> {
    if (Array.isArray(data)) throw new MethodNotAllowed('Can not create multiple entries')
    return withTransaction(this.app.get('knex'), params, async (inner) => {
      const db = this.conn(inner)
      const project = await projectForLedger(db, Number(data.projectId), inner, managementFeesPath, 'create')
      // Its supporting documents are uploaded for the fee once it exists (files.ownerId): none can belong to it yet.
      if (data.supportingFileIds?.length) throw appError(400, 'LEDGER_FILE_INVALID', { fileId: data.supportingFileIds[0] })
      const [stored] = await db('tenant_project_management_fees')
        .insert(
          {
            projectId: project.id,
            region: project.region,
            tenancyId: project.tenancyId,
            currency: await currencyOf(this.app, project.region),
            ...this.fieldsOf(data),
            updatedBy: inner.user?.id ?? null
          },
          '*'
        )
        .catch((error) => ledgerConstraint(error, 'MANAGEMENT_FEE_EXISTS'))
      ;(inner as any).written = { service: this, record: stored }
      return stored
    })
  }

  async patch(id: any, data: any, params: WorkflowParams = {}): Promise<any> {
    if (id === null) throw new MethodNotAllowed('Can not patch multiple entries')
    return withTransaction(this.app.get('knex'), params, async (inner) => {
      const db = this.conn(inner)
      const stored = await this.lockForWrite(id, inner)
      this.assertCan(inner, 'update', stored)
      const { updatedAt: _version, region: _region, ...changes } = data
      if (changes.supportingFileIds) await assertLedgerFiles(db, changes.supportingFileIds, managementFeesPath, stored.id)
      const [row] = await db('tenant_project_management_fees')
        .where({ id: stored.id })
        .update({ ...this.fieldsOf(changes), updatedBy: inner.user?.id ?? null, updatedAt: new Date() }, '*')
      ;(inner as any).written = { service: this, record: row }
      return row
    })
  }

  /** The management-fee notice to accounting (spec §7 "management-fee notices to ... accounting (amounts in ...)"). */
  async notify(data: { id: number }, params: WorkflowParams = {}): Promise<any> {
    return withTransaction(this.app.get('knex'), params, async (inner) => {
      const db = this.conn(inner)
      const fee = await this.lockForWrite(data.id, inner)
      this.assertCan(inner, 'notify', fee)
      const now = new Date()
      const [row] = await db('tenant_project_management_fees').where({ id: fee.id }).update({ accountingNotifiedAt: now, updatedAt: now }, '*')
      const project = await db('tenant_projects').where({ id: fee.projectId }).first('id', 'region', 'projectName', 'companyName')
      mailEach(this.app, inner, project, await accountingMailboxes(db, project.region), 'tenant-project-management-fee.notice', (link) => ({
        projectName: project.projectName,
        companyName: project.companyName ?? '',
        link,
        amount: formatMoneyCents(Number(row.amountCents), row.currency),
        debitNote: row.debitNote,
        accountCode: row.accountCode
      }))
      ;(inner as any).written = { service: this, record: row }
      return row
    })
  }
}
