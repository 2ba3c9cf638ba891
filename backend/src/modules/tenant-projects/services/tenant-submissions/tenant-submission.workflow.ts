import { subject } from '@casl/ability'
import { defineWorkflow, type Transition } from '../../../../kit/workflow.js'

/*
 * A submission batch's review (spec §4 "Submissions and batches": "Batch life: started, sent,
 * resent, under review (CP reviewer, then technical reviewer), disapproved, completed; a batch can
 * be cancelled"; "Design batch outcomes: DISAPPROVE, PROCEED_NO_FOLLOW_UP, PROCEED_CP_FOLLOW_UP";
 * §5 "a submission fails if another reviewer already disapproved it, if the batch was already sent,
 * if CP has not reviewed, CP disapproved, or CP follow-up is required; update pending on CP
 * follow-up"). Our reading, one table:
 *
 *   STARTED ─send→ DESIGN_REVIEW (the design manager)
 *   DESIGN_REVIEW ─DISAPPROVE→ DISAPPROVED · ─PROCEED_NO_FOLLOW_UP→ TECH_REVIEW · ─PROCEED_CP_FOLLOW_UP→ CP_REVIEW
 *   CP_REVIEW (the CP reviewer) ─approve→ TECH_REVIEW · ─follow up→ UPDATE_PENDING · ─disapprove→ DISAPPROVED
 *   UPDATE_PENDING (the tenant updates its files) ─resend→ CP_REVIEW
 *   TECH_REVIEW (the technical manager) ─complete→ COMPLETED · ─disapprove→ DISAPPROVED
 *   any open state ─cancel→ CANCELLED
 *
 * Who: the tenant's moves (send, resend) belong to whoever may update the batch's project (its own
 * CASL rules, on the project's columns the batch copies); a review move belongs to the reviewer the
 * batch names for its step (out of turn: refused) holding the step's permission on
 * `tenant-submissions`. Browser-safe and pure.
 */

export const submissionStates = ['STARTED', 'DESIGN_REVIEW', 'CP_REVIEW', 'UPDATE_PENDING', 'TECH_REVIEW', 'DISAPPROVED', 'COMPLETED', 'CANCELLED'] as const
export type SubmissionState = (typeof submissionStates)[number]

/** The review steps with a clock (settings `tenantProjects.reviewDays.*`), by the state that runs them. */
export const reviewSteps = { DESIGN_REVIEW: 'design', CP_REVIEW: 'cp', TECH_REVIEW: 'technical' } as const satisfies Partial<Record<SubmissionState, string>>
export type ReviewStep = (typeof reviewSteps)[keyof typeof reviewSteps]
export const stepOf = (state: string): ReviewStep | null => (reviewSteps as Record<string, ReviewStep>)[state] ?? null

/** The reviewer column each step's holder is kept in. */
export const holderColumn = { design: 'designManagerId', cp: 'cpReviewerId', technical: 'techManagerId' } as const satisfies Record<ReviewStep, string>

export const designOutcomes = ['DISAPPROVE', 'PROCEED_NO_FOLLOW_UP', 'PROCEED_CP_FOLLOW_UP'] as const
export type DesignOutcome = (typeof designOutcomes)[number]
export const cpOutcomes = ['APPROVE', 'FOLLOW_UP', 'DISAPPROVE'] as const
export type CpOutcome = (typeof cpOutcomes)[number]
export const techOutcomes = ['COMPLETE', 'DISAPPROVE'] as const
export type TechOutcome = (typeof techOutcomes)[number]

/** The batch as the guards read it: its state, its reviewers and its copy of its project's readers. */
export interface SubmissionFacts {
  status: SubmissionState
  region?: string
  projectId: number
  tenancyId?: number | null
  accountUserIds?: number[] | null
  designManagerId?: number | null
  cpReviewerId?: number | null
  techManagerId?: number | null
  [field: string]: unknown
}

export interface SubmissionActor {
  id: number
  ability: { can(action: string, subject: any, field?: string): boolean }
}

/** The batch's project as the `tenant-projects` rules read it (the columns the batch copies). */
export const projectOfBatch = (batch: Pick<SubmissionFacts, 'projectId' | 'region' | 'tenancyId' | 'accountUserIds'>) => ({
  id: batch.projectId,
  region: batch.region,
  tenancyId: batch.tenancyId,
  accountUserIds: (batch.accountUserIds ?? []).map(Number)
})

/** The tenant's side: whoever may update the batch's project. */
export const worksOnProject = (batch: SubmissionFacts, actor: SubmissionActor) =>
  Boolean(actor?.ability.can('read', subject('tenant-projects', projectOfBatch(batch))) && actor.ability.can('update', subject('tenant-projects', projectOfBatch(batch))))

/** A reviewer's side: the step's permission on the batch, and being the reviewer the batch names for it. */
const reviews = (permission: string, step: ReviewStep) => (batch: SubmissionFacts, actor: SubmissionActor) =>
  Boolean(actor?.ability.can(permission, subject('tenant-submissions', { ...batch }))) && batch[holderColumn[step]] === actor.id

type Move = Transition<SubmissionState, SubmissionFacts, SubmissionActor>
const tenantMove = (action: string, to: SubmissionState): Move => ({ action, to, guard: worksOnProject, permission: 'send' })
const reviewMove = (action: string, to: SubmissionState, permission: string, step: ReviewStep): Move => ({ action, to, guard: reviews(permission, step), permission })
const cancel: Move = {
  action: 'cancel',
  to: 'CANCELLED',
  permission: 'cancel',
  requiresReason: true,
  guard: (batch, actor) => Boolean(actor?.ability.can('cancel', subject('tenant-submissions', { ...batch })))
}

export const tenantSubmissionWorkflow = defineWorkflow<SubmissionState, SubmissionFacts, SubmissionActor, 'open' | 'inReview' | 'closed'>(
  {
    STARTED: [tenantMove('send', 'DESIGN_REVIEW'), cancel],
    DESIGN_REVIEW: [
      reviewMove('designDisapprove', 'DISAPPROVED', 'designReview', 'design'),
      reviewMove('designProceed', 'TECH_REVIEW', 'designReview', 'design'),
      reviewMove('designProceedCp', 'CP_REVIEW', 'designReview', 'design'),
      cancel
    ],
    CP_REVIEW: [
      reviewMove('cpApprove', 'TECH_REVIEW', 'cpReview', 'cp'),
      reviewMove('cpFollowUp', 'UPDATE_PENDING', 'cpReview', 'cp'),
      reviewMove('cpDisapprove', 'DISAPPROVED', 'cpReview', 'cp'),
      cancel
    ],
    UPDATE_PENDING: [tenantMove('resend', 'CP_REVIEW'), cancel],
    TECH_REVIEW: [reviewMove('techComplete', 'COMPLETED', 'techReview', 'technical'), reviewMove('techDisapprove', 'DISAPPROVED', 'techReview', 'technical'), cancel],
    DISAPPROVED: [],
    COMPLETED: [],
    CANCELLED: []
  },
  {
    phases: {
      // Spec §4 "pending while it has no completedDate": a batch not yet decided.
      open: ['STARTED', 'DESIGN_REVIEW', 'CP_REVIEW', 'UPDATE_PENDING', 'TECH_REVIEW'],
      inReview: ['DESIGN_REVIEW', 'CP_REVIEW', 'TECH_REVIEW'],
      closed: ['DISAPPROVED', 'COMPLETED', 'CANCELLED']
    }
  }
)

/** A review decision as the action it takes (the API takes the spec's outcomes). */
export const designAction: Record<DesignOutcome, string> = { DISAPPROVE: 'designDisapprove', PROCEED_NO_FOLLOW_UP: 'designProceed', PROCEED_CP_FOLLOW_UP: 'designProceedCp' }
export const cpAction: Record<CpOutcome, string> = { APPROVE: 'cpApprove', FOLLOW_UP: 'cpFollowUp', DISAPPROVE: 'cpDisapprove' }
export const techAction: Record<TechOutcome, string> = { COMPLETE: 'techComplete', DISAPPROVE: 'techDisapprove' }

const tenantActions = ['send', 'resend']
const designActions = Object.values(designAction)
const cpActions = Object.values(cpAction)
const techActions = Object.values(techAction)

/**
 * The spec's own answer when an action meets a batch past it (§5, §8 "Submission blocked"), before
 * the table's generic 409: which reviewer or state stands in the way. Null when the table decides.
 * `disapprovedBy` is the step that disapproved a DISAPPROVED batch.
 */
export function submissionBlock(batch: { status: SubmissionState; disapprovedBy?: ReviewStep | null }, action: string): string | null {
  const { status } = batch
  if (status === 'DISAPPROVED' && action !== 'send' && action !== 'resend') return batch.disapprovedBy === 'cp' && techActions.includes(action) ? 'SUBMISSION_CP_DISAPPROVED' : 'SUBMISSION_DISAPPROVED'
  if (tenantActions.includes(action)) {
    if (action === 'send' && status !== 'STARTED') return 'SUBMISSION_ALREADY_SENT'
    if (action === 'resend' && status !== 'UPDATE_PENDING') return status === 'STARTED' ? 'SUBMISSION_NOT_SENT' : 'SUBMISSION_ALREADY_SENT'
    return null
  }
  if (designActions.includes(action) || cpActions.includes(action) || techActions.includes(action)) {
    if (status === 'STARTED') return 'SUBMISSION_NOT_SENT'
    if (techActions.includes(action) && status === 'CP_REVIEW') return 'SUBMISSION_CP_NOT_REVIEWED'
    if ((techActions.includes(action) || cpActions.includes(action)) && status === 'UPDATE_PENDING') return 'SUBMISSION_CP_FOLLOW_UP'
  }
  return null
}

/** Who holds the ball (spec "ball in court"): the tenant, a reviewer (id; null while unassigned), or nobody once decided. */
export type BallInCourt = { side: 'tenant' } | { side: 'reviewer'; step: ReviewStep; reviewerId: number | null } | { side: 'none' }

export function ballInCourt(batch: Pick<SubmissionFacts, 'status' | 'designManagerId' | 'cpReviewerId' | 'techManagerId'>): BallInCourt {
  const step = stepOf(batch.status)
  if (step) return { side: 'reviewer', step, reviewerId: (batch[holderColumn[step]] as number | null | undefined) ?? null }
  if (batch.status === 'STARTED' || batch.status === 'UPDATE_PENDING') return { side: 'tenant' }
  return { side: 'none' }
}

/**
 * Spec §4 "Pin display: none when on hold or completed; in review only for the manager; otherwise
 * when the user may review or comment": a decided or on-hold (update pending) batch pins nobody; a
 * batch in review pins its step's reviewer; a started batch pins whoever works on the project.
 */
export function pinned(batch: SubmissionFacts, actor: SubmissionActor): boolean {
  if (tenantSubmissionWorkflow.isIn('closed', batch.status) || batch.status === 'UPDATE_PENDING') return false
  const ball = ballInCourt(batch)
  if (ball.side === 'reviewer') return ball.reviewerId === actor.id
  return worksOnProject(batch, actor)
}

/** The batch number people read (spec §3 "The batch number shown is order plus one"). */
export const batchNumber = (order: number) => order + 1
