import { describe, expect, it } from 'vitest'
import { defineWorkflow } from './workflow.js'

type State = 'DRAFT' | 'WAPPR' | 'APPR'
const workflow = defineWorkflow<State, { amount: number }, { id: number }>({
  DRAFT: [{ action: 'submit', to: 'WAPPR', guard: (record) => record.amount > 0 }],
  WAPPR: [{ action: 'approve', to: 'APPR', guard: (_record, user) => user.id !== 1 }, { action: 'reject', to: 'DRAFT' }],
  APPR: []
})

describe('defineWorkflow', () => {
  it('lists the states of the table', () => {
    expect(workflow.states).toEqual(['DRAFT', 'WAPPR', 'APPR'])
  })
  it('opens an action only when its guard passes', () => {
    expect(workflow.actionsFrom('DRAFT', { amount: 1 }, { id: 2 })).toEqual(['submit'])
    expect(workflow.actionsFrom('DRAFT', { amount: 0 }, { id: 2 })).toEqual([])
  })
  it('applies guards on the user', () => {
    expect(workflow.actionsFrom('WAPPR', { amount: 1 }, { id: 1 })).toEqual(['reject'])
    expect(workflow.actionsFrom('WAPPR', { amount: 1 }, { id: 2 })).toEqual(['approve', 'reject'])
  })
  it('gives the next state of an open action', () => {
    expect(workflow.next('WAPPR', 'approve', { amount: 1 }, { id: 2 })).toBe('APPR')
    expect(workflow.next('WAPPR', 'reject', { amount: 1 }, { id: 1 })).toBe('DRAFT')
  })
  it('answers 409 INVALID_TRANSITION for an action not open', () => {
    for (const [state, action] of [['APPR', 'submit'], ['DRAFT', 'approve'], ['WAPPR', 'approve']] as const) {
      try {
        workflow.next(state, action, { amount: 1 }, { id: 1 })
        expect.unreachable()
      } catch (error: any) {
        expect(error.code).toBe(409)
        expect(error.data.code).toBe('INVALID_TRANSITION')
      }
    }
  })
  it('treats a final state as having no actions', () => {
    expect(workflow.can('APPR', 'approve')).toBe(false)
    expect(workflow.actionsFrom('APPR')).toEqual([])
  })
})
