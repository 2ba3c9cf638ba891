import { describe, expect, it } from 'vitest'
import { systemActor, tenderStates } from '../tenders/tender.workflow.js'
import { allowsEverything, vendorActor } from '../../test/workflow-actors.js'
import { hasQueryIndicator, isRepresentative, queryActions, queryStates, queryWorkflow, type QueryActor, type QueryFacts, type QueryState } from './query.workflow.js'

const CLOSING = '2026-03-10T09:00:00.000Z'
const BEFORE = '2026-03-10T08:59:59.999Z'
const AFTER = '2026-03-10T09:00:00.001Z'
const staff: QueryActor = { id: 1, portal: 'staff', ability: allowsEverything }
const vendor: QueryActor = vendorActor(50, 7)
const otherVendor: QueryActor = vendorActor(51, 8)
const facts = (over: Partial<QueryFacts> = {}): QueryFacts => ({ status: 'DRAFT', closingAt: CLOSING, now: BEFORE, vendorId: 7, ...over })

const passing: Record<string, { record: Partial<QueryFacts>; user: QueryActor }> = {
  issue: { record: { now: BEFORE }, user: staff },
  answer: { record: { now: BEFORE }, user: vendor },
  expire: { record: { now: AFTER }, user: systemActor }
}
const expected: Record<QueryState, Partial<Record<string, QueryState>>> = {
  DRAFT: { issue: 'ISSUED' },
  ISSUED: { answer: 'SUBMITTED', expire: 'NO_RESPONSE' },
  SUBMITTED: {},
  NO_RESPONSE: {}
}

describe('queryWorkflow: every state × every action', () => {
  it('knows every state', () => expect([...queryWorkflow.states].sort()).toEqual([...queryStates].sort()))
  for (const state of queryStates) {
    for (const action of queryActions) {
      const to = expected[state][action]
      const { record, user } = passing[action]
      it(`${state} --${action}--> ${to ?? 'refused'}`, () => {
        const r = facts({ status: state, ...record })
        if (to) expect(queryWorkflow.next(state, action, r, user)).toBe(to)
        else expect(() => queryWorkflow.next(state, action, r, user)).toThrow(expect.objectContaining({ code: 409 }))
      })
    }
  }
})

describe('query guards, both ways', () => {
  const can = (state: QueryState, action: string, record: Partial<QueryFacts>, user: QueryActor | undefined) => queryWorkflow.can(state, action, facts({ status: state, ...record }), user)

  it('issue: staff, closing date in the future', () => {
    expect(can('DRAFT', 'issue', { now: BEFORE }, staff)).toBe(true)
    expect(can('DRAFT', 'issue', { now: CLOSING }, staff)).toBe(false)
    expect(can('DRAFT', 'issue', { now: AFTER }, staff)).toBe(false)
    expect(can('DRAFT', 'issue', { closingAt: null }, staff)).toBe(false)
    expect(can('DRAFT', 'issue', { now: undefined }, staff)).toBe(false)
    expect(can('DRAFT', 'issue', {}, vendor)).toBe(false)
    expect(can('DRAFT', 'issue', {}, systemActor)).toBe(false)
    expect(can('DRAFT', 'issue', {}, undefined)).toBe(false)
  })
  it('answer: the bid vendor, before closing', () => {
    expect(can('ISSUED', 'answer', { now: BEFORE }, vendor)).toBe(true)
    expect(can('ISSUED', 'answer', { now: CLOSING }, vendor)).toBe(false)
    expect(can('ISSUED', 'answer', { now: AFTER }, vendor)).toBe(false)
    expect(can('ISSUED', 'answer', {}, otherVendor)).toBe(false)
    expect(can('ISSUED', 'answer', {}, { ...vendor, companyId: '7' })).toBe(true)
    expect(can('ISSUED', 'answer', { vendorId: null }, { ...vendor, companyId: null })).toBe(false)
    expect(can('ISSUED', 'answer', {}, staff)).toBe(false)
    expect(can('ISSUED', 'answer', {}, systemActor)).toBe(false)
  })
  it('expire: the system, at or after closing', () => {
    expect(can('ISSUED', 'expire', { now: BEFORE }, systemActor)).toBe(false)
    expect(can('ISSUED', 'expire', { now: CLOSING }, systemActor)).toBe(true)
    expect(can('ISSUED', 'expire', { now: AFTER }, systemActor)).toBe(true)
    expect(can('ISSUED', 'expire', { now: undefined }, systemActor)).toBe(false)
    expect(can('ISSUED', 'expire', { now: AFTER }, staff)).toBe(false)
    expect(can('ISSUED', 'expire', { now: AFTER }, vendor)).toBe(false)
  })
})

describe('hasQueryIndicator', () => {
  const tender = (over = {}) => ({
    status: 'REVIEW' as const,
    managedBy: 1,
    accounts: [
      { userId: 2, invitedAt: '2026-01-01' },
      { userId: 3, invitedAt: null }
    ],
    ...over
  })
  const withQuery = (status: QueryState) => [{ queries: [] }, { queries: [{ status: 'DRAFT' as const }, { status }] }]

  it('manager, REVIEW, a non-draft query', () => {
    for (const status of ['ISSUED', 'SUBMITTED', 'NO_RESPONSE'] as const) {
      expect(hasQueryIndicator(tender(), withQuery(status), { id: 1 })).toBe(true)
    }
  })
  it('a representative (listed with invitedAt) sees it; listed without invitedAt or strangers do not', () => {
    expect(hasQueryIndicator(tender(), withQuery('ISSUED'), { id: 2 })).toBe(true)
    expect(hasQueryIndicator(tender(), withQuery('ISSUED'), { id: '2' })).toBe(true)
    expect(hasQueryIndicator(tender(), withQuery('ISSUED'), { id: 3 })).toBe(false)
    expect(hasQueryIndicator(tender(), withQuery('ISSUED'), { id: 9 })).toBe(false)
    expect(hasQueryIndicator(tender({ accounts: null }), withQuery('ISSUED'), { id: 2 })).toBe(false)
  })
  it('only draft queries, or none: no indicator', () => {
    expect(hasQueryIndicator(tender(), withQuery('DRAFT'), { id: 1 })).toBe(false)
    expect(hasQueryIndicator(tender(), [{ queries: null }, {}], { id: 1 })).toBe(false)
    expect(hasQueryIndicator(tender(), [], { id: 1 })).toBe(false)
  })
  it('only in REVIEW', () => {
    for (const status of tenderStates) {
      expect(hasQueryIndicator(tender({ status }), withQuery('ISSUED'), { id: 1 })).toBe(status === 'REVIEW')
    }
  })
  it('isRepresentative', () => {
    expect(isRepresentative(tender(), 2)).toBe(true)
    expect(isRepresentative(tender(), 3)).toBe(false)
    expect(isRepresentative({}, 2)).toBe(false)
  })
})
