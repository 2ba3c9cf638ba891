import { subject } from '@casl/ability'
import { defineWorkflow, type Transition } from '../../../kit/workflow.js'

/*
 * The payment claim (project submission) workflow (spec §4 "Submission status"; PRODUCT.md
 * "Workflows": Submission; issue 12 item 5). Browser-safe and pure: the server checks a move with
 * `submissionWorkflow.next(...)`, the claim screen draws its buttons with `actionsFrom(...)`.
 *
 *   DRAFT --submit--> OPEN --accept--> APPR
 *                      OPEN --reject (reason)--> REJECTED --resubmit--> OPEN
 *
 * A claim is a part of its project: who may move it is the caller's CASL ability on the project
 * (spec §6 "Project permissions: read; manage own"; vendors "projects (read-update)"), asked as
 * `ability.can('update', subject('projects', facts))`, so an `own` grant holds for a staff member
 * in charge (`managedBy`) or a vendor of the project's company (`companyId`), an `any` grant for
 * every project of the region.
 * - submit, resubmit: a vendor-portal caller of the project's vendor company (`vendorId`), with
 *   `update` on the project, while the project is ACTIVE or COMPLETED (a retention claim comes
 *   after completion); never staff, never another vendor.
 * - accept, reject: a staff caller with `update` on the project (in charge, or any), while the
 *   project is not CANCELLED; reject needs a reason (1..500 characters after trimming).
 * Data rules (commencement date before accepting, retention set, deduction and completion
 * amounts) are the claim rules' validations (claim-rules.shared.ts, 400), not guards: a guard
 * answers who and when.
 */

export const submissionStates = ['DRAFT', 'OPEN', 'APPR', 'REJECTED'] as const
export type SubmissionState = (typeof submissionStates)[number]
export const submissionActions = ['submit', 'accept', 'reject', 'resubmit'] as const
export type SubmissionAction = (typeof submissionActions)[number]

/** The project statuses a claim's guards read (spec §4 "Project status"). */
export const claimProjectStates = ['DRAFT', 'ACTIVE', 'COMPLETED', 'CANCELLED'] as const
export type ClaimProjectState = (typeof claimProjectStates)[number]

export const rejectReasonMaxLength = 500

export type Id = number | string

export interface SubmissionFacts {
  status: SubmissionState
  /** The project's vendor company (the claim's vendor). */
  vendorId: Id | null
  /** The project's person in charge. */
  managedBy: Id | null
  projectStatus: ClaimProjectState
  /** The reason a reject carries (the action's data). */
  rejectReason?: string | null
}

/** The part of a CASL ability the guards ask (createMongoAbility's, on the server and in the browser). */
export interface ClaimAbility {
  can(action: string, subject: any, field?: string): boolean
}

/** The caller as the guards read them (the workflow runner's `callerOf` gives this shape). */
export interface ClaimActor {
  id: Id
  portal: 'staff' | 'vendors' | 'tenants' | 'system'
  companyId?: Id | null
  ability: ClaimAbility
}

export function sameId(a: Id | null | undefined, b: Id | null | undefined): boolean {
  return a !== null && a !== undefined && b !== null && b !== undefined && String(a) === String(b)
}

/** Characters as people count them (code points), after trimming. */
export function isValidRejectReason(reason: string | null | undefined): boolean {
  const length = typeof reason === 'string' ? [...reason.trim()].length : 0
  return length >= 1 && length <= rejectReasonMaxLength
}

/** The caller's ability allows `update` on the claim's project (own: in charge or the project's company; or any). */
export function mayUpdateProject(claim: Pick<SubmissionFacts, 'vendorId' | 'managedBy' | 'projectStatus'>, user: ClaimActor): boolean {
  // An id read as text (a route parameter) is the same company or person: CASL compares values of one type.
  const companyId = sameId(claim?.vendorId, user.companyId) ? user.companyId : claim?.vendorId
  const managedBy = sameId(claim?.managedBy, user.id) ? user.id : claim?.managedBy
  return user.ability.can('update', subject('projects', { companyId, vendorId: companyId, managedBy, status: claim?.projectStatus }))
}

const isClaimVendor = (claim: SubmissionFacts, user: ClaimActor | undefined): user is ClaimActor =>
  user?.portal === 'vendors' && sameId(claim?.vendorId, user.companyId) && mayUpdateProject(claim, user)
const isProjectStaff = (claim: SubmissionFacts, user: ClaimActor | undefined): user is ClaimActor => user?.portal === 'staff' && mayUpdateProject(claim, user)

const projectTakesClaims = (claim: SubmissionFacts) => claim?.projectStatus === 'ACTIVE' || claim?.projectStatus === 'COMPLETED'
const projectDecides = (claim: SubmissionFacts) => claim?.projectStatus !== undefined && claim.projectStatus !== 'CANCELLED'

const maySubmit = (claim: SubmissionFacts, user: ClaimActor) => isClaimVendor(claim, user) && projectTakesClaims(claim)
const mayDecide = (claim: SubmissionFacts, user: ClaimActor) => isProjectStaff(claim, user) && projectDecides(claim)
const mayReject = (claim: SubmissionFacts, user: ClaimActor) => mayDecide(claim, user) && isValidRejectReason(claim.rejectReason)

type T = Transition<SubmissionState, SubmissionFacts, ClaimActor>
const permission = 'update'

export const submissionWorkflow = defineWorkflow<SubmissionState, SubmissionFacts, ClaimActor, 'editable' | 'frozen'>(
  {
    DRAFT: [{ action: 'submit', to: 'OPEN', guard: maySubmit, permission } satisfies T],
    OPEN: [
      { action: 'accept', to: 'APPR', guard: mayDecide, permission },
      { action: 'reject', to: 'REJECTED', guard: mayReject, permission, requiresReason: true }
    ],
    APPR: [],
    REJECTED: [{ action: 'resubmit', to: 'OPEN', guard: maySubmit, permission }]
  },
  {
    phases: {
      /** The vendor edits the claim's figures (and its retention is computed afresh, spec §4). */
      editable: ['DRAFT', 'REJECTED'],
      /** A submitted version: frozen, never changed (issue 12 item 5). */
      frozen: ['OPEN', 'APPR']
    }
  }
)

/** One entry of a claim's action history (spec §3 Submission.actionHistory). */
export interface ClaimHistoryEntry {
  action: SubmissionAction | string
  /** When it was taken (ISO instant or Date). */
  at: string | Date
  by?: Id | null
  /** The review step's order, when several people review (the acceptance mail names it). */
  order?: number | null
  reason?: string | null
  note?: string | null
}

export const claimDecisions = ['ACCEPTED', 'REJECTED'] as const
export type ClaimDecision = (typeof claimDecisions)[number]

const instant = (value: string | Date) => (value instanceof Date ? value.getTime() : Date.parse(value))

/** The latest entry of the history: by time, then by review order, then the later one listed. */
export function latestHistoryEntry<E extends ClaimHistoryEntry>(history: readonly E[] | null | undefined): E | null {
  let latest: E | null = null
  let latestAt = Number.NEGATIVE_INFINITY
  for (const entry of history ?? []) {
    const at = instant(entry.at)
    const when = Number.isNaN(at) ? Number.NEGATIVE_INFINITY : at
    if (latest === null || when > latestAt || (when === latestAt && (entry.order ?? 0) >= (latest.order ?? 0))) {
      latest = entry
      latestAt = when
    }
  }
  return latest
}

/**
 * The accept or reject label of a claim (spec §4: it follows the latest action history entry):
 * ACCEPTED when the latest entry is an accept, REJECTED when a reject, none otherwise (a
 * resubmission after a rejection clears the old label).
 */
export function claimDecision(history: readonly ClaimHistoryEntry[] | null | undefined): ClaimDecision | null {
  const latest = latestHistoryEntry(history)
  if (latest?.action === 'accept') return 'ACCEPTED'
  if (latest?.action === 'reject') return 'REJECTED'
  return null
}
