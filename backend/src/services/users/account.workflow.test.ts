import { describe, expect, it } from 'vitest'
import { accountState, accountStates, accountWorkflow } from './account.workflow.js'

describe('accountState', () => {
  it('reads the flags in order: disabled, locked, invited, active', () => {
    expect(accountState({ enabled: false, lockedAt: new Date(), hasPassword: true })).toBe('DISABLED')
    expect(accountState({ enabled: true, lockedAt: new Date(), hasPassword: true })).toBe('LOCKED')
    expect(accountState({ enabled: true, lockedAt: null, hasPassword: false })).toBe('INVITED')
    expect(accountState({ enabled: true, lockedAt: null, password: 'hash' })).toBe('ACTIVE')
  })
})

describe('accountWorkflow', () => {
  const expected: Record<string, Record<string, string | null>> = {
    INVITED: { invite: 'INVITED', lock: null, unlock: null, enable: null, disable: 'DISABLED' },
    ACTIVE: { invite: null, lock: 'LOCKED', unlock: null, enable: null, disable: 'DISABLED' },
    LOCKED: { invite: null, lock: null, unlock: 'ACTIVE', enable: null, disable: 'DISABLED' },
    DISABLED: { invite: null, lock: null, unlock: null, enable: 'ACTIVE', disable: null }
  }
  for (const state of accountStates) {
    for (const [action, to] of Object.entries(expected[state])) {
      it(`${state} --${action}--> ${to ?? 'refused'}`, () => {
        if (to) expect(accountWorkflow.next(state, action)).toBe(to)
        else expect(() => accountWorkflow.next(state, action)).toThrow()
      })
    }
  }
})
