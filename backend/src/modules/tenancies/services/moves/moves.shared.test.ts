import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { moveDuration, moveKinds, moveProblems } from './moves.shared.js'
import { initialMoveStatus, moveStatuses, moveWorkflow } from './move.workflow.js'

describe('remarks or the corresponding handover (spec §5)', () => {
  it('needs one of them, blank remarks counting as none', () => {
    for (const kind of moveKinds) {
      expect(moveProblems({ kind, date: '2026-03-01', remarks: null })).toEqual(['REMARKS_OR_HANDOVER'])
      expect(moveProblems({ kind, date: '2026-03-01', remarks: '  \n ' })).toEqual(['REMARKS_OR_HANDOVER'])
      expect(moveProblems({ kind, date: '2026-03-01', remarks: 'Keys returned' })).toEqual([])
      expect(moveProblems({ kind, date: '2026-03-01', handoverId: 7 })).toEqual([])
    }
  })
})

describe('business and reopen dates', () => {
  it('takes a commencement on or after the move in and a last trading day on or before the move out', () => {
    const base = { date: '2026-03-10', remarks: 'r' }
    expect(moveProblems({ ...base, kind: 'MOVE_IN', businessDate: '2026-03-10' })).toEqual([])
    expect(moveProblems({ ...base, kind: 'MOVE_IN', businessDate: '2026-03-09' })).toEqual(['BUSINESS_DATE'])
    expect(moveProblems({ ...base, kind: 'MOVE_OUT', businessDate: '2026-03-10' })).toEqual([])
    expect(moveProblems({ ...base, kind: 'MOVE_OUT', businessDate: '2026-03-11' })).toEqual(['BUSINESS_DATE'])
    expect(moveProblems({ ...base, kind: 'TEMPORARY_CLOSE', businessDate: '2026-03-11' })).toEqual(['BUSINESS_DATE'])
  })
  it('takes a reopen date only on a temporary close, not before it', () => {
    const base = { date: '2026-03-10', remarks: 'r' }
    expect(moveProblems({ ...base, kind: 'TEMPORARY_CLOSE', reopenDate: '2026-03-10' })).toEqual([])
    expect(moveProblems({ ...base, kind: 'TEMPORARY_CLOSE', reopenDate: '2026-03-09' })).toEqual(['REOPEN_DATE'])
    expect(moveProblems({ ...base, kind: 'MOVE_IN', reopenDate: '2026-03-12' })).toEqual(['REOPEN_DATE'])
  })
})

describe('duration', () => {
  it('counts the days to commencement, from last trading, and of a temporary close; unknown until both days are', () => {
    expect(moveDuration({ kind: 'MOVE_IN', date: '2026-02-20', businessDate: '2026-03-02' })).toBe(10)
    expect(moveDuration({ kind: 'MOVE_OUT', date: '2026-03-31', businessDate: '2026-03-25' })).toBe(6)
    expect(moveDuration({ kind: 'TEMPORARY_CLOSE', date: '2026-03-28', reopenDate: '2026-04-02' })).toBe(5)
    expect(moveDuration({ kind: 'TEMPORARY_CLOSE', date: '2026-03-28', reopenDate: null })).toBeNull()
    expect(moveDuration({ kind: 'MOVE_IN', date: '2026-03-28' })).toBeNull()
  })
  it('is the whole days between the two dates, across months and years', () => {
    const days = fc.integer({ min: 0, max: 3000 })
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01'), max: new Date('2040-01-01'), noInvalidDate: true }), days, (start, span) => {
        const from = start.toISOString().slice(0, 10)
        const to = new Date(Date.parse(from) + span * 86_400_000).toISOString().slice(0, 10)
        return moveDuration({ kind: 'TEMPORARY_CLOSE', date: from, reopenDate: to }) === span
      })
    )
  })
})

describe('temporary close and reopen (move.workflow)', () => {
  it('starts a temporary close CLOSED and a move in or out RECORDED', () => {
    expect(initialMoveStatus('TEMPORARY_CLOSE')).toBe('CLOSED')
    expect(initialMoveStatus('MOVE_IN')).toBe('RECORDED')
    expect(initialMoveStatus('MOVE_OUT')).toBe('RECORDED')
  })
  it('opens reopen from CLOSED only, to REOPENED, under the update permission; every other state × action is refused', () => {
    const actions = ['reopen', 'close', 'update', 'remove']
    for (const state of moveStatuses) {
      for (const action of actions) {
        const open = state === 'CLOSED' && action === 'reopen'
        expect(moveWorkflow.can(state, action)).toBe(open)
        if (open) expect(moveWorkflow.next(state, action)).toBe('REOPENED')
        else expect(() => moveWorkflow.next(state, action)).toThrow()
      }
    }
    expect(moveWorkflow.permissions()).toEqual(['update'])
    expect(moveWorkflow.terminal).toEqual(['RECORDED', 'REOPENED'])
  })
})
