import type { Application } from '../../../../declarations.js'
import { registerPurchaseRecords, type PurchaseRecordService } from './purchase-records.js'
import { purchaseOrderSchema, purchaseOrderValidators } from './purchase-orders.schema.js'
import { purchaseOrdersMethods, purchaseOrdersPath } from './purchase-orders.shared.js'
import { purchaseChecks } from './purchase-checks.js'
import { purchaseOrderWorkflow } from './purchase-order.workflow.js'

declare module '../../../../declarations.js' {
  interface ServiceTypes {
    [purchaseOrdersPath]: PurchaseRecordService
  }
}

/** Purchase orders: staff with the permission; vendors read their own company's (own = companyId). */
export const purchaseOrders = (app: Application) => {
  registerPurchaseRecords(app, {
    path: purchaseOrdersPath,
    table: 'purchase_orders',
    kind: 'PO',
    methods: purchaseOrdersMethods,
    schema: purchaseOrderSchema,
    validators: purchaseOrderValidators,
    workflow: purchaseOrderWorkflow
  })
  app.configure(purchaseChecks)
}
