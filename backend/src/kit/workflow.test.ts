import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { defineWorkflow } from './workflow.js'

type State = 'DRAFT' | 'WAPPR' | 'APPR'
const workflow = defineWorkflow<State, { amount: number }, { id: number }>({
  DRAFT: [{ action: 'submit', to: 'WAPPR', guard: (record) => record.amount > 0 }],
  WAPPR: [
    { action: 'approve', to: 'APPR', guard: (_record, user) => user.id !== 1 },
    { action: 'reject', to: 'DRAFT' }
  ],
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
    for (const [state, action] of [
      ['APPR', 'submit'],
      ['DRAFT', 'approve'],
      ['WAPPR', 'approve']
    ] as const) {
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

describe('defineWorkflow: what the table answers beside the moves', () => {
  const described = defineWorkflow<State | 'DONE', { amount: number }, { id: number }, 'editable'>(
    {
      DRAFT: [
        { action: 'submit', to: 'WAPPR' },
        { action: 'cancel', to: 'DONE', permission: 'update' }
      ],
      WAPPR: [
        { action: 'approve', to: 'APPR' },
        { action: 'reject', to: 'DRAFT', requiresReason: true },
        { action: 'cancel', to: 'DONE', permission: 'update' }
      ],
      APPR: [{ action: 'close', to: 'DONE', system: true, timeWindow: 'afterClosing' }],
      DONE: []
    },
    { phases: { editable: ['DRAFT'] } }
  )

  it('derives the terminal states: no way out', () => {
    expect(described.terminal).toEqual(['DONE'])
    expect(described.isIn('terminal', 'DONE')).toBe(true)
    expect(described.isIn('terminal', 'APPR')).toBe(false)
  })
  it('names phases beside the table and answers membership', () => {
    expect(described.isIn('editable', 'DRAFT')).toBe(true)
    expect(described.isIn('editable', 'WAPPR')).toBe(false)
    expect(described.isIn('editable', null)).toBe(false)
    expect(described.statesExcept(['DRAFT', 'DONE'])).toEqual(['WAPPR', 'APPR'])
  })
  it('refuses a phase naming a state the table lacks', () => {
    expect(() => defineWorkflow<'A'>({ A: [] }, { phases: { odd: ['B' as 'A'] } })).toThrow(/unknown states: B/)
  })
  it('lists each action once with the states it leaves from and its permission', () => {
    expect(described.actions.map((action) => [action.action, action.from, action.permission])).toEqual([
      ['submit', ['DRAFT'], 'submit'],
      ['cancel', ['DRAFT', 'WAPPR'], 'update'],
      ['approve', ['WAPPR'], 'approve'],
      ['reject', ['WAPPR'], 'reject'],
      ['close', ['APPR'], 'close']
    ])
    expect(described.permissionOf('cancel')).toBe('update')
    expect(described.permissionOf('unknown')).toBe('unknown')
    expect(described.requiresReason('reject')).toBe(true)
    expect(described.requiresReason('approve')).toBe(false)
  })
  it('grants people every permission but those of system moves', () => {
    expect(described.permissions()).toEqual(['submit', 'update', 'approve', 'reject'])
  })
})

describe('defineWorkflow: properties over random tables', () => {
  const stateNames = ['A', 'B', 'C', 'D', 'E'] as const
  type S = (typeof stateNames)[number]
  const transition = fc.record({
    action: fc.constantFrom('go', 'back', 'stop', 'skip'),
    to: fc.constantFrom(...stateNames),
    open: fc.boolean()
  })
  const tables = fc
    .tuple(...stateNames.map(() => fc.uniqueArray(transition, { selector: (t) => t.action, maxLength: 4 })))
    .map(
      (rows) =>
        Object.fromEntries(stateNames.map((state, index) => [state, rows[index].map(({ action, to, open }) => ({ action, to, guard: () => open }))])) as Record<
          S,
          Array<{ action: string; to: S; guard: () => boolean }>
        >
    )

  it('next answers exactly the open moves, and their target; 409 otherwise', () => {
    fc.assert(
      fc.property(tables, fc.constantFrom(...stateNames), fc.constantFrom('go', 'back', 'stop', 'skip'), (table, state, action) => {
        const workflow = defineWorkflow<S>(table)
        const row = table[state].find((candidate) => candidate.action === action)
        const open = Boolean(row && row.guard())
        expect(workflow.can(state, action)).toBe(open)
        expect(workflow.actionsFrom(state).includes(action)).toBe(open)
        if (open) expect(workflow.next(state, action)).toBe(row!.to)
        else expect(() => workflow.next(state, action)).toThrow(expect.objectContaining({ code: 409 }))
      })
    )
  })
  it('terminal is exactly the states without rows; actions cover every row once', () => {
    fc.assert(
      fc.property(tables, (table) => {
        const workflow = defineWorkflow<S>(table)
        expect([...workflow.terminal]).toEqual(stateNames.filter((state) => table[state].length === 0))
        for (const state of stateNames) {
          for (const row of table[state]) expect(workflow.actions.find((action) => action.action === row.action)?.from).toContain(state)
        }
        expect(workflow.actions.reduce((sum, action) => sum + action.from.length, 0)).toBe(stateNames.reduce((sum, state) => sum + table[state].length, 0))
      })
    )
  })
})
