import { defineWorkflow, type Transition } from '../../../../kit/workflow.js'
import { mayUpdateProject, sameId, type ClaimActor, type ClaimProjectState } from '../../claims/submission.workflow.js'

/*
 * A change order's workflow (issue 27 item 3). Browser-safe and pure: the service moves a change
 * order with `next(...)` in the shared runner, the screen draws its buttons with `actionsFrom(...)`.
 *
 *   DRAFT --submit--> SUBMITTED --approve--> APPROVED
 *                     SUBMITTED --reject (reason)--> REJECTED
 *
 * As the industry does it (a potential change order proposed, then approved as a change order):
 * the project's vendor or its staff prepare and submit one; only staff who may update the project
 * (the project manager in charge, or any-project staff) approve or reject it, never a vendor. An
 * approved change order changes the contract sum to date from its approval on; a rejected one
 * says why. Who is the caller's CASL ability on the project, as for the claims
 * (`ability.can('update', subject('projects', facts))`), while the project runs (ACTIVE or
 * COMPLETED: a final account may still change).
 */

export const changeOrderStates = ['DRAFT', 'SUBMITTED', 'APPROVED', 'REJECTED'] as const
export type ChangeOrderState = (typeof changeOrderStates)[number]
export const changeOrderActions = ['submit', 'approve', 'reject'] as const
export type ChangeOrderAction = (typeof changeOrderActions)[number]

export const changeOrderReasonMaxLength = 2000
export const changeOrderRejectReasonMaxLength = 500

export interface ChangeOrderFacts {
  status: ChangeOrderState
  /** The project's vendor company. */
  vendorId: number | string | null
  /** The project's person in charge. */
  managedBy: number | string | null
  projectStatus: ClaimProjectState
  /** The reason a reject carries (the action's data). */
  rejectReason?: string | null
}

/** Characters as people count them (code points), after trimming. */
export function isValidChangeOrderRejectReason(reason: string | null | undefined): boolean {
  const length = typeof reason === 'string' ? [...reason.trim()].length : 0
  return length >= 1 && length <= changeOrderRejectReasonMaxLength
}

const projectRuns = (record: ChangeOrderFacts) => record?.projectStatus === 'ACTIVE' || record?.projectStatus === 'COMPLETED'

/** The project's vendor with `update` on the project: proposes change orders. */
export const isChangeOrderVendor = (record: ChangeOrderFacts, user: ClaimActor | undefined): user is ClaimActor =>
  user?.portal === 'vendors' && sameId(record?.vendorId, user.companyId) && mayUpdateProject(record, user)
/** Staff with `update` on the project (in charge, or any): propose and decide. */
export const isChangeOrderStaff = (record: ChangeOrderFacts, user: ClaimActor | undefined): user is ClaimActor => user?.portal === 'staff' && mayUpdateProject(record, user)

/** Prepare (create, edit a draft) and submit: the project's vendor or its staff, while the project runs. */
export const mayPrepareChangeOrder = (record: ChangeOrderFacts, user: ClaimActor) => (isChangeOrderVendor(record, user) || isChangeOrderStaff(record, user)) && projectRuns(record)
const mayDecide = (record: ChangeOrderFacts, user: ClaimActor) => isChangeOrderStaff(record, user) && projectRuns(record)
const mayReject = (record: ChangeOrderFacts, user: ClaimActor) => mayDecide(record, user) && isValidChangeOrderRejectReason(record.rejectReason)

type T = Transition<ChangeOrderState, ChangeOrderFacts, ClaimActor>
const permission = 'update'

export const changeOrderWorkflow = defineWorkflow<ChangeOrderState, ChangeOrderFacts, ClaimActor, 'editable' | 'counted'>(
  {
    DRAFT: [{ action: 'submit', to: 'SUBMITTED', guard: mayPrepareChangeOrder, permission } satisfies T],
    SUBMITTED: [
      { action: 'approve', to: 'APPROVED', guard: mayDecide, permission },
      { action: 'reject', to: 'REJECTED', guard: mayReject, permission, requiresReason: true }
    ],
    APPROVED: [],
    REJECTED: []
  },
  {
    phases: {
      /** Its date, reason and lines may still change. */
      editable: ['DRAFT'],
      /** In the contract sum to date (from its approval on). */
      counted: ['APPROVED']
    }
  }
)
