import { hooks as schemaHooks } from '@feathersjs/schema'
import type { Application, HookContext } from '../../../../declarations.js'
import { knexOperators } from '../../../../kit/query.js'
import { mayReadTenantProjects } from '../project-parts/project-parts.js'
import { deductionsAccess, depositsAccess, managementFeesAccess, refundsAccess } from './deposits.access.js'
import { DepositService } from './deposits.class.js'
import { DeductionService } from './deductions.class.js'
import { RefundService } from './refunds.class.js'
import { ManagementFeeService } from './management-fees.class.js'
import { DepositFileContentService, depositFileContentPath } from './deposit-files.class.js'
import { sendFileContent } from '../../../../services/files/files.js'
import {
  deductionDataValidator,
  deductionQueryValidator,
  depositDataValidator,
  depositNotifyValidator,
  depositPatchValidator,
  depositQueryValidator,
  managementFeeDataValidator,
  managementFeeNotifyValidator,
  managementFeePatchValidator,
  managementFeeQueryValidator,
  refundActionValidator,
  refundDataValidator,
  refundQueryValidator
} from './deposits.schema.js'
import { deductionsMethods, deductionsPath, depositsMethods, depositsPath, managementFeesMethods, managementFeesPath, refundsMethods, refundsPath } from './deposits.shared.js'
import { refundWorkflow } from './refund.workflow.js'

declare module '../../../../declarations.js' {
  interface ServiceTypes {
    [depositsPath]: DepositService
    [deductionsPath]: DeductionService
    [refundsPath]: RefundService
    [managementFeesPath]: ManagementFeeService
    [depositFileContentPath]: DepositFileContentService
  }
}

const options = (app: Application, name: string) => ({ Model: app.get('knex'), name, paginate: app.get('paginate'), operators: knexOperators })

/**
 * The deposit ledger of a tenant project (issue 30 items 1 to 4): its deposit, deductions, refund
 * and management fee. Who reads: deposits.access.ts (the project's readers; staff with the
 * resource's read right), applied by the kit; who acts: each service and the refund's table.
 * Every write of an existing record carries the version it read (428/410).
 */
/** A fee's supporting documents as its readers list them (name, size): one read for the page, only files uploaded for that fee. */
async function withSupportingFiles(context: HookContext) {
  const fees: any[] = context.method === 'find' ? (context.result.data ?? context.result) : [context.result]
  const ids = fees.flatMap((fee) => fee.supportingFileIds ?? [])
  const files: any[] = ids.length ? await context.app.get('knex')('files').whereIn('id', ids).where({ ownerResource: managementFeesPath }).select('id', 'name', 'size', 'ownerId') : []
  for (const fee of fees) {
    const own = new Map(files.filter((file) => file.ownerId === String(fee.id)).map((file) => [Number(file.id), { id: Number(file.id), name: file.name, size: Number(file.size) }]))
    fee.supportingFiles = (fee.supportingFileIds ?? []).map((id: number) => own.get(Number(id))).filter(Boolean)
  }
}

export const depositLedger = (app: Application) => {
  const common = { regional: true, feature: 'TENANT_PROJECTS', concurrency: true }
  const reads = (query: any) => ({ find: [schemaHooks.validateQuery(query)], get: [schemaHooks.validateQuery(query)] })

  app.use(depositsPath, new DepositService(options(app, 'tenant_project_deposits'), app), { methods: [...depositsMethods], ...common, access: depositsAccess } as any)
  app.service(depositsPath).hooks({
    before: {
      all: [mayReadTenantProjects],
      ...reads(depositQueryValidator),
      create: [schemaHooks.validateData(depositDataValidator)],
      patch: [schemaHooks.validateData(depositPatchValidator)],
      notify: [schemaHooks.validateData(depositNotifyValidator)]
    }
  } as any)

  app.use(deductionsPath, new DeductionService(options(app, 'tenant_project_deposit_deductions'), app), { methods: [...deductionsMethods], ...common, access: deductionsAccess } as any)
  app.service(deductionsPath).hooks({
    before: { all: [mayReadTenantProjects], ...reads(deductionQueryValidator), create: [schemaHooks.validateData(deductionDataValidator)] }
  } as any)

  app.use(refundsPath, new RefundService(options(app, 'tenant_project_refunds'), app), { methods: [...refundsMethods], ...common, access: refundsAccess } as any)
  app.service(refundsPath).hooks({
    before: {
      all: [mayReadTenantProjects],
      ...reads(refundQueryValidator),
      create: [schemaHooks.validateData(refundDataValidator)],
      ...Object.fromEntries(refundWorkflow.actions.map(({ action }) => [action, [schemaHooks.validateData(refundActionValidator)]]))
    }
  } as any)

  app.use(managementFeesPath, new ManagementFeeService(options(app, 'tenant_project_management_fees'), app), { methods: [...managementFeesMethods], ...common, access: managementFeesAccess } as any)
  app.service(managementFeesPath).hooks({
    before: {
      all: [mayReadTenantProjects],
      ...reads(managementFeeQueryValidator),
      create: [schemaHooks.validateData(managementFeeDataValidator)],
      patch: [schemaHooks.validateData(managementFeePatchValidator)],
      notify: [schemaHooks.validateData(managementFeeNotifyValidator)]
    },
    after: { find: [withSupportingFiles], get: [withSupportingFiles] }
  } as any)

  // A deduction's evidence, the waiver's approval and a fee's supporting documents, for their record's readers.
  app.use(depositFileContentPath, new DepositFileContentService(app), { methods: ['find'], ...common, koa: { after: [sendFileContent] } } as any)
}
