import { describe, expect, it } from 'vitest'
import { createAbility, defineRules } from '../../../../abilities/define-rules.js'
import { modules } from '../../../index.js'
import { installModules } from '../../../registry.js'
import { tenantProjectsShared } from '../../module.shared.js'
import { pendingGuidelines } from './post-fitout.shared.js'
import { postFitoutStates, postFitoutWorkflow, type PostFitoutActor, type PostFitoutState } from './post-fitout.workflow.js'

installModules(modules)

/*
 * The post-fit-out workflow (spec §4 "Post-fitout: the submission in UNDER_REVIEW is the current
 * one. Statuses UNDER_REVIEW, COMPLETED"), every state × every action × every kind of caller: staff
 * holding `complete` complete a round under review; a completed round has no way out; the tenant,
 * staff with other rights only and nobody take nothing.
 */

const abilityOf = (user: { id: number; userType: number; tenancyId?: number }, ...actions: string[]) =>
  createAbility(
    defineRules(
      user,
      actions.map((action) => ({ resource: 'tenant-project-post-fitout-submissions', action, attribute: 'any' as const }))
    )
  )
const callers = {
  projectManager: { ability: abilityOf({ id: 7, userType: 521 }, 'read', 'start', 'update', 'complete', 'delete') },
  reviewerOnly: { ability: abilityOf({ id: 8, userType: 521 }, 'read', 'update') },
  tenantMaster: {
    ability: createAbility(
      defineRules({ id: 60, userType: 601, tenancyId: 5 }, [
        { resource: 'tenant-projects', action: 'read', attribute: 'own' },
        { resource: 'tenant-projects', action: 'update', attribute: 'own' }
      ])
    )
  },
  nobody: { ability: createAbility([]) }
} satisfies Record<string, PostFitoutActor>

const actions = ['complete'] as const
const expected: Record<keyof typeof callers, Record<PostFitoutState, string[]>> = {
  projectManager: { UNDER_REVIEW: ['complete'], COMPLETED: [] },
  reviewerOnly: { UNDER_REVIEW: [], COMPLETED: [] },
  tenantMaster: { UNDER_REVIEW: [], COMPLETED: [] },
  nobody: { UNDER_REVIEW: [], COMPLETED: [] }
}

describe('post-fit-out workflow', () => {
  for (const [name, caller] of Object.entries(callers) as Array<[keyof typeof callers, PostFitoutActor]>) {
    for (const state of postFitoutStates) {
      it(`${name} from ${state}: ${expected[name][state].join(', ') || 'nothing'}`, () => {
        expect(postFitoutWorkflow.actionsFrom(state, { status: state, tenancyId: 5 }, caller)).toEqual(expected[name][state])
        for (const action of actions) {
          if (expected[name][state].includes(action)) expect(postFitoutWorkflow.next(state, action, { status: state }, caller)).toBe('COMPLETED')
          else expect(() => postFitoutWorkflow.next(state, action, { status: state }, caller)).toThrow()
        }
      })
    }
  }

  it('has UNDER_REVIEW as its one current state and COMPLETED as its only terminal one', () => {
    expect(postFitoutStates.filter((state) => postFitoutWorkflow.isIn('current', state))).toEqual(['UNDER_REVIEW'])
    expect([...postFitoutWorkflow.terminal]).toEqual(['COMPLETED'])
  })

  it('names in the catalogue every permission its table asks, besides reading, starting, reviewing and removing', () => {
    expect(postFitoutWorkflow.permissions()).toEqual(['complete'])
    expect([...tenantProjectsShared.permissions['tenant-project-post-fitout-submissions']].sort()).toEqual([...postFitoutWorkflow.permissions(), 'read', 'start', 'update', 'delete'].sort())
  })

  it('lists as pending the published items not ticked, whatever the case of their ids', () => {
    const published = [{ itemId: '1' }, { itemId: '2.a' }, { itemId: '3' }]
    expect(pendingGuidelines(published, [])).toEqual(published)
    expect(pendingGuidelines(published, ['2.A', '9'])).toEqual([{ itemId: '1' }, { itemId: '3' }])
    expect(pendingGuidelines(published, ['1', '2.a', '3'])).toEqual([])
  })
})
