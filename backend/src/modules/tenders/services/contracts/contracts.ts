import type { Application } from '../../../../declarations.js'
import { registerPurchaseRecords, type PurchaseRecordService } from '../purchase-orders/purchase-records.js'
import { contractSchema, contractValidators } from './contracts.schema.js'
import { contractsMethods, contractsPath } from './contracts.shared.js'
import { contractWorkflow } from './contract.workflow.js'

declare module '../../../../declarations.js' {
  interface ServiceTypes {
    [contractsPath]: PurchaseRecordService
  }
}

/**
 * Contracts with revisions: (number, revisionNum) unique in the region, every revision of a
 * number on the same awarded tender. Same access as purchase orders.
 */
export const contracts = (app: Application) => {
  registerPurchaseRecords(app, {
    path: contractsPath,
    table: 'contracts',
    kind: 'CONTRACT',
    methods: contractsMethods,
    schema: contractSchema,
    validators: contractValidators,
    workflow: contractWorkflow
  })
}
