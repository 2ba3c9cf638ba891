import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { missingForRefund, refundStates, refundWorkflow, type RefundActor, type RefundState } from './refund.workflow.js'

const actorWith = (...permissions: string[]): RefundActor => ({ id: 7, ability: { can: (action: string) => permissions.includes(action) } })
const accounting = actorWith('notifyProjectManager', 'confirm')
const projectManager = actorWith('notifyAccounting', 'resume')
const nobody = actorWith()
const everyone = actorWith('notifyProjectManager', 'notifyAccounting', 'resume', 'confirm')

const expected: Record<RefundState, Record<string, RefundState>> = {
  REQUESTED: { notifyProjectManager: 'PM_NOTIFIED', notifyAccounting: 'ACCOUNTING_NOTIFIED' },
  PM_NOTIFIED: { resume: 'RESUMED' },
  RESUMED: { notifyAccounting: 'ACCOUNTING_NOTIFIED' },
  ACCOUNTING_NOTIFIED: { confirm: 'CONFIRMED', notifyProjectManager: 'PM_NOTIFIED' },
  CONFIRMED: {}
}
const actions = ['notifyProjectManager', 'notifyAccounting', 'resume', 'confirm', 'request', 'cancel']

describe('refund workflow (spec §4 refund request)', () => {
  it('every state × action × caller: the table, and only the holder of the action', () => {
    const callers = { accounting, projectManager, nobody, everyone }
    fc.assert(
      fc.property(fc.constantFrom(...refundStates), fc.constantFrom(...actions), fc.constantFrom(...(Object.keys(callers) as Array<keyof typeof callers>)), (state, action, who) => {
        const actor = callers[who]
        const to = expected[state][action]
        const allowed = to !== undefined && actor.ability.can(action, null)
        const record = { status: state, tenancyId: 1, region: 'HK' }
        expect(refundWorkflow.can(state, action, record, actor)).toBe(allowed)
        if (allowed) expect(refundWorkflow.next(state, action, record, actor)).toBe(to)
        else expect(() => refundWorkflow.next(state, action, record, actor)).toThrow()
      }),
      { numRuns: 400 }
    )
    for (const state of refundStates) for (const action of actions) expect(refundWorkflow.can(state, action, { status: state }, everyone)).toBe(expected[state][action] !== undefined)
  })

  it('CONFIRMED is the only terminal state; the permissions are the table actions', () => {
    expect(refundWorkflow.terminal).toEqual(['CONFIRMED'])
    expect(refundWorkflow.permissions().sort()).toEqual(['confirm', 'notifyAccounting', 'notifyProjectManager', 'resume'])
  })

  it('names what is missing before a refund', () => {
    expect(missingForRefund({ finalDocumentsStatus: null, finalInspectionSent: false })).toEqual(['final documents', 'final inspection'])
    expect(missingForRefund({ finalDocumentsStatus: 'DRAFT', finalInspectionSent: true })).toEqual(['final documents'])
    expect(missingForRefund({ finalDocumentsStatus: 'SEND_REMINDER', finalInspectionSent: true })).toEqual(['final documents'])
    expect(missingForRefund({ finalDocumentsStatus: 'EXEMPTED', finalInspectionSent: false })).toEqual(['final inspection'])
    expect(missingForRefund({ finalDocumentsStatus: 'COMPLETED', finalInspectionSent: true })).toEqual([])
  })
})
