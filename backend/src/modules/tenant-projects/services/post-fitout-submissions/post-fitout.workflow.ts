import { subject } from '@casl/ability'
import { defineWorkflow, type Transition } from '../../../../kit/workflow.js'
import { postFitoutSubmissionsPath } from './post-fitout.shared.js'

/*
 * A post-fit-out round (spec §4 "Post-fitout: the submission in UNDER_REVIEW is the current one.
 * Statuses UNDER_REVIEW, COMPLETED"; §4 tenant project actions "complete post-fitout"). Staff start
 * a round (create, permission `start`: UNDER_REVIEW; a final round only once a final inspection
 * was sent, §5), tick the guidelines complied and file letters while it is under review, then
 * complete it; a completed round is kept as it is. Browser-safe and pure.
 *
 *   (start) → UNDER_REVIEW ─complete→ COMPLETED
 *
 * Who: each action is its own permission on `tenant-project-post-fitout-submissions`, asked of the
 * caller's CASL ability on the record.
 */

export const postFitoutStates = ['UNDER_REVIEW', 'COMPLETED'] as const
export type PostFitoutState = (typeof postFitoutStates)[number]

export interface PostFitoutFacts {
  status: PostFitoutState
  [field: string]: unknown
}

export interface PostFitoutActor {
  ability: { can(action: string, subject: any, field?: string): boolean }
}

const may = (action: string) => (record: PostFitoutFacts, actor: PostFitoutActor) => Boolean(actor?.ability.can(action, subject(postFitoutSubmissionsPath, { ...record })))
const move = (action: string, to: PostFitoutState): Transition<PostFitoutState, PostFitoutFacts, PostFitoutActor> => ({ action, to, guard: may(action), permission: action })

export const postFitoutWorkflow = defineWorkflow<PostFitoutState, PostFitoutFacts, PostFitoutActor, 'current'>(
  {
    UNDER_REVIEW: [move('complete', 'COMPLETED')],
    COMPLETED: []
  },
  {
    phases: {
      // Spec §4: the round under review is the current one; only it takes ticks, letters and uploads.
      current: ['UNDER_REVIEW']
    }
  }
)
