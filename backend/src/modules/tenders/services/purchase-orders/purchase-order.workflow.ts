import { purchaseWorkflowOf } from './purchase.workflow.js'

/** Purchase orders: ACTIVE → cancel → CANCELLED (purchase.workflow.ts). */
export const purchaseOrderWorkflow = purchaseWorkflowOf('purchase-orders')
