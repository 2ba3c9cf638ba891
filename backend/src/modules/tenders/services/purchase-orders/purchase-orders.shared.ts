import { purchaseOrderWorkflow } from './purchase-order.workflow.js'

export const purchaseOrdersPath = 'purchase-orders'
/** The CRUD methods and the workflow's actions (purchase-order.workflow.ts), each a custom method. */
export const purchaseOrdersMethods = ['find', 'get', 'create', 'patch', 'remove', ...purchaseOrderWorkflow.actions.map(({ action }) => action)] as const
export const purchaseChecksPath = 'purchase-checks'
/** The currencies a purchase form offers (spec §7 requests|orders|contracts/currencies). */
export const purchaseCurrenciesPath = 'purchase-currencies'
export const purchaseCurrencyKinds = ['PR', 'PO', 'CONTRACT'] as const
