import { purchaseWorkflowOf } from '../purchase-orders/purchase.workflow.js'

/** Contract revisions: ACTIVE → cancel → CANCELLED, each revision on its own (purchase.workflow.ts). */
export const contractWorkflow = purchaseWorkflowOf('contracts')
