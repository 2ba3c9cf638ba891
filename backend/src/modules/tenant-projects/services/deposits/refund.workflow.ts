import { subject } from '@casl/ability'
import { defineWorkflow, type Transition } from '../../../../kit/workflow.js'

/*
 * A deposit refund's life (spec §4 "Refund request: requested, project manager notified,
 * accounting notified, allowed for main contractor, resumed, confirmed"; issue 30 item 3). Our
 * reading, one table:
 *
 *   (request: the tenant, or its main contractor where the tenant allowed it) → REQUESTED
 *   REQUESTED ─notifyProjectManager→ PM_NOTIFIED · ─notifyAccounting→ ACCOUNTING_NOTIFIED
 *   PM_NOTIFIED (the project manager checks the site) ─resume→ RESUMED
 *   RESUMED ─notifyAccounting→ ACCOUNTING_NOTIFIED
 *   ACCOUNTING_NOTIFIED ─confirm→ CONFIRMED (accounting, with the deductions as they stand)
 *                       ─notifyProjectManager→ PM_NOTIFIED (accounting sends it back, with a reason)
 *
 * Who: each action is its permission on `tenant-project-refunds` (granted to staff: Accounting
 * notifies the project manager and confirms; the Project Manager resumes and notifies accounting).
 * Browser-safe and pure.
 */

export const refundStates = ['REQUESTED', 'PM_NOTIFIED', 'ACCOUNTING_NOTIFIED', 'RESUMED', 'CONFIRMED'] as const
export type RefundState = (typeof refundStates)[number]

export interface RefundFacts {
  status: RefundState
  region?: string
  tenancyId?: number | null
  [field: string]: unknown
}

export interface RefundActor {
  id: number
  ability: { can(action: string, subject: any, field?: string): boolean }
}

const holds = (permission: string) => (refund: RefundFacts, actor: RefundActor) => Boolean(actor?.ability.can(permission, subject('tenant-project-refunds', { ...refund })))
const move = (action: string, to: RefundState, more: Partial<Transition<RefundState, RefundFacts, RefundActor>> = {}): Transition<RefundState, RefundFacts, RefundActor> => ({
  action,
  to,
  guard: holds(action),
  ...more
})

export const refundWorkflow = defineWorkflow<RefundState, RefundFacts, RefundActor, 'open' | 'withAccounting'>(
  {
    REQUESTED: [move('notifyProjectManager', 'PM_NOTIFIED'), move('notifyAccounting', 'ACCOUNTING_NOTIFIED')],
    PM_NOTIFIED: [move('resume', 'RESUMED')],
    RESUMED: [move('notifyAccounting', 'ACCOUNTING_NOTIFIED')],
    ACCOUNTING_NOTIFIED: [move('confirm', 'CONFIRMED'), move('notifyProjectManager', 'PM_NOTIFIED')],
    CONFIRMED: []
  },
  {
    phases: {
      open: ['REQUESTED', 'PM_NOTIFIED', 'ACCOUNTING_NOTIFIED', 'RESUMED'],
      withAccounting: ['ACCOUNTING_NOTIFIED']
    }
  }
)

/** What stands between a project and its refund (spec §4 "completion triggers deposit refund", issue 30 item 3): named in the 428. */
export const refundPreconditions = ['final documents', 'final inspection'] as const
export type RefundPrecondition = (typeof refundPreconditions)[number]

/** The missing preconditions: final documents COMPLETED or EXEMPTED, and a FINAL inspection that was sent. */
export function missingForRefund(facts: { finalDocumentsStatus: string | null; finalInspectionSent: boolean }): RefundPrecondition[] {
  const missing: RefundPrecondition[] = []
  if (facts.finalDocumentsStatus !== 'COMPLETED' && facts.finalDocumentsStatus !== 'EXEMPTED') missing.push('final documents')
  if (!facts.finalInspectionSent) missing.push('final inspection')
  return missing
}
