import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { createAbility, defineRules } from '../../../../abilities/define-rules.js'
import { modules } from '../../../index.js'
import { installModules } from '../../../registry.js'
import { ballInCourt, pinned, submissionBlock, submissionStates, tenantSubmissionWorkflow, type SubmissionActor, type SubmissionFacts, type SubmissionState } from './tenant-submission.workflow.js'

installModules(modules)

/*
 * The batch review table (spec §4, §5; issue 29 item 4), every state × every action × every kind
 * of caller: the tenant's side sends and resends, each review step belongs to the reviewer the
 * batch names for it holding the step's permission, cancel to its permission; decided batches have
 * no way out; the spec's own refusals name the reviewer or state in the way.
 */

const TENANCY = 5
const DESIGN = 10
const CP = 11
const TECH = 12
const abilityOf = (user: { id: number; userType: number; tenancyId?: number; tenancyPerms?: string[] }, ...grants: string[]) =>
  createAbility(
    defineRules(
      user,
      grants.map((grant) => {
        const [resource, action, attribute] = grant.split(':')
        return { resource, action, attribute: attribute as 'own' | 'any' }
      })
    )
  )
const reviewerGrants = ['tenant-projects:read:any', ...['designReview', 'cpReview', 'techReview', 'comment', 'reassign'].map((action) => `tenant-submissions:${action}:any`)]
const callers = {
  tenant: { id: 60, ability: abilityOf({ id: 60, userType: 601, tenancyId: TENANCY }, 'tenant-projects:read:own', 'tenant-projects:update:own') },
  otherTenant: { id: 70, ability: abilityOf({ id: 70, userType: 601, tenancyId: 99 }, 'tenant-projects:read:own', 'tenant-projects:update:own') },
  designManager: { id: DESIGN, ability: abilityOf({ id: DESIGN, userType: 521 }, ...reviewerGrants) },
  cpReviewer: { id: CP, ability: abilityOf({ id: CP, userType: 521 }, ...reviewerGrants) },
  techManager: { id: TECH, ability: abilityOf({ id: TECH, userType: 521 }, ...reviewerGrants) },
  // A reviewer with every permission but named on no step of this batch: out of turn.
  otherReviewer: { id: 13, ability: abilityOf({ id: 13, userType: 521 }, ...reviewerGrants) },
  projectManager: { id: 14, ability: abilityOf({ id: 14, userType: 521 }, 'tenant-projects:read:any', 'tenant-submissions:cancel:any', 'tenant-submissions:reassign:any') },
  nobody: { id: 15, ability: createAbility([]) }
} satisfies Record<string, SubmissionActor>
type Caller = keyof typeof callers

const batchIn = (status: SubmissionState): SubmissionFacts => ({
  status,
  region: 'HK',
  projectId: 1,
  tenancyId: TENANCY,
  accountUserIds: [],
  designManagerId: DESIGN,
  cpReviewerId: CP,
  techManagerId: TECH
})

/** Who may take each action from each state, and where it leads. */
const expected: Record<SubmissionState, Record<string, [SubmissionState, Caller[]]>> = {
  STARTED: { send: ['DESIGN_REVIEW', ['tenant']], cancel: ['CANCELLED', ['projectManager']] },
  DESIGN_REVIEW: {
    designDisapprove: ['DISAPPROVED', ['designManager']],
    designProceed: ['TECH_REVIEW', ['designManager']],
    designProceedCp: ['CP_REVIEW', ['designManager']],
    cancel: ['CANCELLED', ['projectManager']]
  },
  CP_REVIEW: { cpApprove: ['TECH_REVIEW', ['cpReviewer']], cpFollowUp: ['UPDATE_PENDING', ['cpReviewer']], cpDisapprove: ['DISAPPROVED', ['cpReviewer']], cancel: ['CANCELLED', ['projectManager']] },
  UPDATE_PENDING: { resend: ['CP_REVIEW', ['tenant']], cancel: ['CANCELLED', ['projectManager']] },
  TECH_REVIEW: { techComplete: ['COMPLETED', ['techManager']], techDisapprove: ['DISAPPROVED', ['techManager']], cancel: ['CANCELLED', ['projectManager']] },
  DISAPPROVED: {},
  COMPLETED: {},
  CANCELLED: {}
}

const actions = [...new Set(tenantSubmissionWorkflow.actions.map(({ action }) => action))]

describe('the submission batch workflow', () => {
  it('opens exactly the expected actions, for exactly the expected callers, from every state', () => {
    for (const state of submissionStates) {
      for (const action of actions) {
        for (const caller of Object.keys(callers) as Caller[]) {
          const rule = expected[state][action]
          const allowed = Boolean(rule?.[1].includes(caller))
          expect(tenantSubmissionWorkflow.can(state, action, batchIn(state), callers[caller]), `${state} ${action} ${caller}`).toBe(allowed)
          if (allowed) expect(tenantSubmissionWorkflow.next(state, action, batchIn(state), callers[caller])).toBe(rule[0])
          else expect(() => tenantSubmissionWorkflow.next(state, action, batchIn(state), callers[caller])).toThrow()
        }
      }
    }
  })

  it('grants by the table: the shared manifest lists the steps’ permissions and cancel, the tenant’s send being the project’s update', async () => {
    const { reviewPermissions } = await import('../../module.shared.js')
    expect([...reviewPermissions].sort()).toEqual([...tenantSubmissionWorkflow.permissions().filter((permission) => permission !== 'send'), 'comment', 'reassign'].sort())
  })

  it('has no way out of a decided batch, and a decided batch is closed', () => {
    expect([...tenantSubmissionWorkflow.terminal].sort()).toEqual(['CANCELLED', 'COMPLETED', 'DISAPPROVED'])
    for (const state of tenantSubmissionWorkflow.terminal) expect(tenantSubmissionWorkflow.isIn('closed', state)).toBe(true)
  })

  it('answers the spec’s own refusal for an action past its moment', () => {
    expect(submissionBlock({ status: 'DESIGN_REVIEW' }, 'send')).toBe('SUBMISSION_ALREADY_SENT')
    expect(submissionBlock({ status: 'CP_REVIEW' }, 'techComplete')).toBe('SUBMISSION_CP_NOT_REVIEWED')
    expect(submissionBlock({ status: 'UPDATE_PENDING' }, 'techComplete')).toBe('SUBMISSION_CP_FOLLOW_UP')
    expect(submissionBlock({ status: 'UPDATE_PENDING' }, 'cpApprove')).toBe('SUBMISSION_CP_FOLLOW_UP')
    expect(submissionBlock({ status: 'DISAPPROVED', disapprovedBy: 'cp' }, 'techComplete')).toBe('SUBMISSION_CP_DISAPPROVED')
    expect(submissionBlock({ status: 'DISAPPROVED', disapprovedBy: 'design' }, 'designProceed')).toBe('SUBMISSION_DISAPPROVED')
    expect(submissionBlock({ status: 'STARTED' }, 'designProceed')).toBe('SUBMISSION_NOT_SENT')
  })

  it('never blocks an action the table opens: the refusals and the table agree', () => {
    fc.assert(
      fc.property(fc.constantFrom(...submissionStates), fc.constantFrom(...actions), fc.constantFrom<'design' | 'cp' | 'technical' | null>('design', 'cp', 'technical', null), (state, action, by) => {
        if (expected[state][action]) expect(submissionBlock({ status: state, disapprovedBy: by }, action)).toBeNull()
      })
    )
  })

  it('puts the ball in the court of the step’s reviewer, the tenant while it prepares, and nobody once decided; pins follow it', () => {
    expect(ballInCourt(batchIn('DESIGN_REVIEW'))).toEqual({ side: 'reviewer', step: 'design', reviewerId: DESIGN })
    expect(ballInCourt(batchIn('CP_REVIEW'))).toEqual({ side: 'reviewer', step: 'cp', reviewerId: CP })
    expect(ballInCourt(batchIn('TECH_REVIEW'))).toEqual({ side: 'reviewer', step: 'technical', reviewerId: TECH })
    expect(ballInCourt(batchIn('UPDATE_PENDING'))).toEqual({ side: 'tenant' })
    expect(ballInCourt(batchIn('COMPLETED'))).toEqual({ side: 'none' })
    for (const state of submissionStates) {
      for (const caller of Object.keys(callers) as Caller[]) {
        const ball = ballInCourt(batchIn(state))
        const expectPin = state === 'UPDATE_PENDING' || tenantSubmissionWorkflow.isIn('closed', state) ? false : ball.side === 'reviewer' ? ball.reviewerId === callers[caller].id : caller === 'tenant'
        expect(pinned(batchIn(state), callers[caller]), `${state} ${caller}`).toBe(expectPin)
      }
    }
  })
})
