import { subject } from '@casl/ability'
import { defineWorkflow, type Transition } from '../../../../kit/workflow.js'

/*
 * The workflow of a purchase record, purchase orders and contracts alike (spec §3, §5):
 * raised ACTIVE, corrected while ACTIVE, cancelled for good. Browser-safe and pure: the server
 * moves a record with `next(...)` in the shared runner (workflow-runner.ts), the browser draws
 * the Edit and Cancel buttons from `actionsFrom(...)` and the `editable` phase.
 *
 * Who: the caller's CASL ability on the record (`update`: any record, or "own", the records of
 * the tenders they are in charge of, `managedBy`). The system takes no purchase action.
 */

export const purchaseStates = ['ACTIVE', 'CANCELLED'] as const
export type PurchaseState = (typeof purchaseStates)[number]
export type PurchaseResource = 'purchase-orders' | 'contracts'

/** The record as the guards read it: its state and the columns its "own" rules name. */
export interface PurchaseFacts {
  status: PurchaseState
  managedBy?: number | null
  companyId?: number | null
  [field: string]: unknown
}

export interface PurchaseActor {
  ability: { can(action: string, subject: any, field?: string): boolean }
}

/** One definition per resource: the same table, each guard asking the ability on its own subject. */
export function purchaseWorkflowOf(resource: PurchaseResource) {
  const mayUpdate = (record: PurchaseFacts, user: PurchaseActor) => Boolean(user?.ability.can('update', subject(resource, { ...record })))
  const cancel: Transition<PurchaseState, PurchaseFacts, PurchaseActor> = { action: 'cancel', to: 'CANCELLED', guard: mayUpdate, permission: 'update' }
  return defineWorkflow<PurchaseState, PurchaseFacts, PurchaseActor, 'editable'>(
    {
      ACTIVE: [cancel],
      // Closed in the books: neither corrected nor revived, and its number never given again.
      CANCELLED: []
    },
    // A record is corrected (patched) while it may still move: not once cancelled.
    { phases: { editable: ['ACTIVE'] } }
  )
}

export type PurchaseWorkflow = ReturnType<typeof purchaseWorkflowOf>
