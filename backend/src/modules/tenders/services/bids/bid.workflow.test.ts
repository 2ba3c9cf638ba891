import { describe, expect, it } from 'vitest'
import { systemActor, tenderStates, type TenderState } from '../tenders/tender.workflow.js'
import { staffActor, vendorActor } from '../../test/workflow-actors.js'
import {
  bidActions,
  bidDisplayStatus,
  bidStates,
  bidWorkflow,
  declineReasonMaxLength,
  isNoShow,
  isValidDeclineReason,
  reasonLength,
  type BidActor,
  type BidFacts,
  type BidState
} from './bid.workflow.js'
import { modules } from '../../../index.js'
import { installModules } from '../../../registry.js'

// The rules and catalogues read the installed modules: this file is its own composition root (alone in a worker nothing else installs them).
installModules(modules)

const CLOSING = '2026-03-10T09:00:00.000Z'
const BEFORE = '2026-03-10T08:59:59.999Z'
const AFTER = '2026-03-10T09:00:00.001Z'

const vendor: BidActor = vendorActor(50, 7)
const otherVendor: BidActor = vendorActor(51, 8)
const manager: BidActor = staffActor(1, 'tenders:update:own')
const admin: BidActor = staffActor(3, 'tenders:update:any')
const staffNotInCharge: BidActor = staffActor(4, 'tenders:update:own')

const facts = (over: Partial<BidFacts> = {}): BidFacts => ({
  status: 'INVITED',
  vendorId: 7,
  tenderStatus: 'ISSUED',
  tenderManagedBy: 1,
  closingAt: CLOSING,
  now: BEFORE,
  declineReason: 'Fully booked',
  ...over
})

const passing: Record<string, { record: Partial<BidFacts>; user: BidActor }> = {
  save: { record: {}, user: vendor },
  submit: { record: {}, user: vendor },
  decline: { record: {}, user: vendor },
  query: { record: { tenderStatus: 'REVIEW', now: AFTER }, user: manager },
  answer: { record: { tenderStatus: 'REVIEW', now: AFTER }, user: vendor },
  expire: { record: { tenderStatus: 'REVIEW', now: AFTER }, user: systemActor },
  reopen: { record: {}, user: manager },
  reinvite: { record: {}, user: systemActor }
}

const expected: Record<BidState, Partial<Record<string, BidState>>> = {
  INVITED: { save: 'DRAFT', submit: 'SUBMITTED', decline: 'DECLINED' },
  DRAFT: { save: 'DRAFT', submit: 'SUBMITTED', decline: 'DECLINED', reinvite: 'INVITED' },
  SUBMITTED: { query: 'QUERY', reopen: 'REOPEN', reinvite: 'INVITED' },
  QUERY: { answer: 'SUBMITTED', expire: 'SUBMITTED', reinvite: 'INVITED' },
  REOPEN: { save: 'REOPEN', submit: 'SUBMITTED', reinvite: 'INVITED' },
  DECLINED: {}
}

describe('bidWorkflow: every state × every action', () => {
  it('knows every state', () => expect([...bidWorkflow.states].sort()).toEqual([...bidStates].sort()))
  for (const state of bidStates) {
    for (const action of bidActions) {
      const to = expected[state][action]
      const { record, user } = passing[action]
      it(`${state} --${action}--> ${to ?? 'refused'}`, () => {
        const r = facts({ status: state, ...record })
        if (to) expect(bidWorkflow.next(state, action, r, user)).toBe(to)
        else expect(() => bidWorkflow.next(state, action, r, user)).toThrow(expect.objectContaining({ code: 409 }))
      })
    }
  }
  it('reinvite: every bid not INVITED or DECLINED', () => {
    expect(bidStates.filter((s) => bidWorkflow.can(s, 'reinvite', facts({ status: s }), systemActor))).toEqual(['DRAFT', 'SUBMITTED', 'QUERY', 'REOPEN'])
  })
})

describe('bid guards, both ways', () => {
  const can = (state: BidState, action: string, record: Partial<BidFacts>, user: BidActor | undefined) => bidWorkflow.can(state, action, facts({ status: state, ...record }), user)

  for (const [state, action] of [
    ['INVITED', 'save'],
    ['DRAFT', 'save'],
    ['REOPEN', 'save'],
    ['INVITED', 'submit'],
    ['DRAFT', 'submit'],
    ['REOPEN', 'submit'],
    ['INVITED', 'decline'],
    ['DRAFT', 'decline']
  ] as [BidState, string][]) {
    describe(`${state} ${action}`, () => {
      it('only the bidding vendor', () => {
        expect(can(state, action, {}, vendor)).toBe(true)
        expect(can(state, action, {}, otherVendor)).toBe(false)
        expect(can(state, action, {}, { ...vendor, companyId: null })).toBe(false)
        expect(can(state, action, { vendorId: null }, { ...vendor, companyId: null })).toBe(false)
        expect(can(state, action, {}, { ...vendor, companyId: '7' })).toBe(true)
        expect(can(state, action, {}, { ...vendor, portal: 'staff' })).toBe(false)
        expect(can(state, action, {}, manager)).toBe(false)
        expect(can(state, action, {}, admin)).toBe(false)
        expect(can(state, action, {}, systemActor)).toBe(false)
        expect(can(state, action, {}, undefined)).toBe(false)
      })
      it('before closing, at the boundary', () => {
        expect(can(state, action, { now: BEFORE }, vendor)).toBe(true)
        expect(can(state, action, { now: CLOSING }, vendor)).toBe(false)
        expect(can(state, action, { now: AFTER }, vendor)).toBe(false)
        expect(can(state, action, { now: undefined }, vendor)).toBe(false)
        expect(can(state, action, { closingAt: null }, vendor)).toBe(false)
      })
      it('only while the tender is ISSUED', () => {
        for (const tenderStatus of tenderStates) {
          expect(can(state, action, { tenderStatus }, vendor)).toBe(tenderStatus === 'ISSUED')
        }
      })
    })
  }

  describe('decline reason: 1..139 characters', () => {
    const cases: [string | null | undefined, boolean][] = [
      ['x', true],
      ['x'.repeat(139), true],
      ['x'.repeat(140), false],
      ['', false],
      ['   ', false],
      [null, false],
      [undefined, false],
      [`  ${'x'.repeat(139)}  `, true],
      ['😀'.repeat(139), true],
      ['😀'.repeat(140), false]
    ]
    for (const [reason, ok] of cases) {
      it(`${JSON.stringify(reason)?.slice(0, 20)}… (${reasonLength(reason)}) → ${ok}`, () => {
        expect(isValidDeclineReason(reason)).toBe(ok)
        expect(can('INVITED', 'decline', { declineReason: reason }, vendor)).toBe(ok)
        expect(can('DRAFT', 'decline', { declineReason: reason }, vendor)).toBe(ok)
      })
    }
    it('limit constant', () => expect(declineReasonMaxLength).toBe(139))
  })

  describe('query: staff in charge, tender in REVIEW', () => {
    it('who', () => {
      const r = { tenderStatus: 'REVIEW' as const, now: AFTER }
      expect(can('SUBMITTED', 'query', r, manager)).toBe(true)
      expect(can('SUBMITTED', 'query', r, admin)).toBe(true)
      expect(can('SUBMITTED', 'query', r, staffNotInCharge)).toBe(false)
      expect(can('SUBMITTED', 'query', r, vendor)).toBe(false)
      expect(can('SUBMITTED', 'query', r, systemActor)).toBe(false)
    })
    it('when', () => {
      for (const tenderStatus of tenderStates) {
        expect(can('SUBMITTED', 'query', { tenderStatus, now: AFTER }, manager)).toBe(tenderStatus === 'REVIEW')
      }
    })
  })

  it('answer: only the bidder', () => {
    expect(can('QUERY', 'answer', {}, vendor)).toBe(true)
    expect(can('QUERY', 'answer', {}, otherVendor)).toBe(false)
    expect(can('QUERY', 'answer', {}, manager)).toBe(false)
    expect(can('QUERY', 'answer', {}, systemActor)).toBe(false)
  })

  it('expire: only the system', () => {
    expect(can('QUERY', 'expire', {}, systemActor)).toBe(true)
    expect(can('QUERY', 'expire', {}, admin)).toBe(false)
    expect(can('QUERY', 'expire', {}, vendor)).toBe(false)
  })

  describe('reopen: staff in charge, tender ISSUED, before closing', () => {
    it('who', () => {
      expect(can('SUBMITTED', 'reopen', {}, manager)).toBe(true)
      expect(can('SUBMITTED', 'reopen', {}, admin)).toBe(true)
      expect(can('SUBMITTED', 'reopen', {}, staffNotInCharge)).toBe(false)
      expect(can('SUBMITTED', 'reopen', {}, vendor)).toBe(false)
      expect(can('SUBMITTED', 'reopen', {}, systemActor)).toBe(false)
    })
    it('when', () => {
      expect(can('SUBMITTED', 'reopen', { now: CLOSING }, manager)).toBe(false)
      for (const tenderStatus of tenderStates) {
        expect(can('SUBMITTED', 'reopen', { tenderStatus }, manager)).toBe(tenderStatus === 'ISSUED')
      }
    })
  })

  describe('reinvite: system or staff in charge, tender ISSUED', () => {
    it('who', () => {
      expect(can('SUBMITTED', 'reinvite', {}, systemActor)).toBe(true)
      expect(can('SUBMITTED', 'reinvite', {}, manager)).toBe(true)
      expect(can('SUBMITTED', 'reinvite', {}, admin)).toBe(true)
      expect(can('SUBMITTED', 'reinvite', {}, staffNotInCharge)).toBe(false)
      expect(can('SUBMITTED', 'reinvite', {}, vendor)).toBe(false)
    })
    it('when', () => {
      for (const tenderStatus of tenderStates) {
        expect(can('SUBMITTED', 'reinvite', { tenderStatus }, systemActor)).toBe(tenderStatus === 'ISSUED')
      }
    })
  })
})

describe('isNoShow', () => {
  for (const status of bidStates) {
    it(status, () => expect(isNoShow({ status })).toBe(status === 'INVITED' || status === 'DRAFT'))
  }
})

describe('bidDisplayStatus', () => {
  const NOW = '2026-04-01T00:00:00.000Z'
  const future = '2026-04-02T00:00:00.000Z'
  const past = '2026-03-31T00:00:00.000Z'
  const t = (status: TenderState, version = 0, addendumStatus: any = null) => ({ status, version, addendumStatus })
  const open: TenderState[] = ['DRAFT', 'WAPPR', 'APPR', 'REJECTED', 'ISSUED']
  const closed: TenderState[] = ['READY', 'REVIEW', 'AWARDED', 'REGRETTED', 'DECLINED', 'CANCELLED']

  it('health check: INVITED and DRAFT show NO SHOW, SUBMITTED and DECLINED show REPLIED, in any tender status', () => {
    for (const status of tenderStates) {
      for (const version of [0, 1, 2]) {
        const o = { healthCheck: true, now: NOW }
        expect(bidDisplayStatus({ status: 'INVITED' }, t(status, version), null, o)).toBe('NO SHOW')
        expect(bidDisplayStatus({ status: 'DRAFT' }, t(status, version), null, o)).toBe('NO SHOW')
        expect(bidDisplayStatus({ status: 'SUBMITTED' }, t(status, version), null, o)).toBe('REPLIED')
        expect(bidDisplayStatus({ status: 'DECLINED' }, t(status, version), null, o)).toBe('REPLIED')
        expect(bidDisplayStatus({ status: 'QUERY' }, t(status, version), null, o)).toBe('QUERY')
        expect(bidDisplayStatus({ status: 'REOPEN' }, t(status, version), null, o)).toBe('REOPEN')
      }
    }
  })

  it('INVITED and DRAFT show NO SHOW once bidding is over', () => {
    for (const status of closed) {
      expect(bidDisplayStatus({ status: 'INVITED' }, t(status, 2))).toBe('NO SHOW')
      expect(bidDisplayStatus({ status: 'DRAFT' }, t(status))).toBe('NO SHOW')
    }
  })

  it('DRAFT shows DRAFT while bidding is open', () => {
    for (const status of open) expect(bidDisplayStatus({ status: 'DRAFT' }, t(status, 2))).toBe('DRAFT')
  })

  describe('A- prefix on INVITED: version > 1, or 1 and the tender ISSUED', () => {
    const cases: [TenderState, number, any, string][] = [
      ['ISSUED', 0, null, 'INVITED'],
      ['ISSUED', 1, null, 'A-INVITED'],
      ['ISSUED', 2, null, 'A-INVITED'],
      ['ISSUED', 1, 'DRAFT', 'INVITED'], // addendum 1 not issued yet
      ['ISSUED', 1, 'WAPPR', 'INVITED'],
      ['ISSUED', 1, 'APPR', 'INVITED'],
      ['ISSUED', 1, 'REJECTED', 'INVITED'],
      ['ISSUED', 2, 'DRAFT', 'A-INVITED'],
      ['DRAFT', 1, null, 'INVITED'],
      ['WAPPR', 1, null, 'INVITED'],
      ['APPR', 1, null, 'INVITED'],
      ['DRAFT', 2, null, 'A-INVITED'],
      ['APPR', 0, null, 'INVITED']
    ]
    for (const [status, version, addendumStatus, text] of cases) {
      it(`${status} v${version} addendum ${addendumStatus} → ${text}`, () => {
        expect(bidDisplayStatus({ status: 'INVITED' }, t(status, version, addendumStatus))).toBe(text)
      })
    }
  })

  describe('REVIEW: the latest query', () => {
    for (const bidStatus of ['SUBMITTED', 'QUERY'] as const) {
      it(`${bidStatus}: ISSUED → Q-INVITED`, () => {
        expect(bidDisplayStatus({ status: bidStatus }, t('REVIEW'), { status: 'ISSUED', closingAt: past }, { now: NOW })).toBe('Q-INVITED')
      })
      it(`${bidStatus}: SUBMITTED before its closing → Q-SUBMITTED, at or after → own status`, () => {
        expect(bidDisplayStatus({ status: bidStatus }, t('REVIEW'), { status: 'SUBMITTED', closingAt: future }, { now: NOW })).toBe('Q-SUBMITTED')
        expect(bidDisplayStatus({ status: bidStatus }, t('REVIEW'), { status: 'SUBMITTED', closingAt: NOW }, { now: NOW })).toBe(bidStatus)
        expect(bidDisplayStatus({ status: bidStatus }, t('REVIEW'), { status: 'SUBMITTED', closingAt: past }, { now: NOW })).toBe(bidStatus)
        expect(bidDisplayStatus({ status: bidStatus }, t('REVIEW'), { status: 'SUBMITTED', closingAt: null }, { now: NOW })).toBe(bidStatus)
      })
      it(`${bidStatus}: DRAFT or NO_RESPONSE query, or none → own status`, () => {
        expect(bidDisplayStatus({ status: bidStatus }, t('REVIEW'), { status: 'DRAFT', closingAt: future }, { now: NOW })).toBe(bidStatus)
        expect(bidDisplayStatus({ status: bidStatus }, t('REVIEW'), { status: 'NO_RESPONSE', closingAt: past }, { now: NOW })).toBe(bidStatus)
        expect(bidDisplayStatus({ status: bidStatus }, t('REVIEW'), null, { now: NOW })).toBe(bidStatus)
        expect(bidDisplayStatus({ status: bidStatus }, t('REVIEW'))).toBe(bidStatus)
      })
    }
    it('only in REVIEW', () => {
      for (const status of tenderStates.filter((s) => s !== 'REVIEW')) {
        expect(bidDisplayStatus({ status: 'SUBMITTED' }, t(status), { status: 'ISSUED', closingAt: future }, { now: NOW })).toBe('SUBMITTED')
      }
    })
    it('not for DECLINED or REOPEN bids', () => {
      expect(bidDisplayStatus({ status: 'DECLINED' }, t('REVIEW'), { status: 'ISSUED', closingAt: future }, { now: NOW })).toBe('DECLINED')
      expect(bidDisplayStatus({ status: 'REOPEN' }, t('REVIEW'), { status: 'ISSUED', closingAt: future }, { now: NOW })).toBe('REOPEN')
    })
    it('the health check wins: REPLIED', () => {
      expect(bidDisplayStatus({ status: 'SUBMITTED' }, t('REVIEW'), { status: 'ISSUED', closingAt: future }, { healthCheck: true, now: NOW })).toBe('REPLIED')
    })
  })

  it('otherwise the own status', () => {
    for (const status of ['SUBMITTED', 'QUERY', 'REOPEN', 'DECLINED'] as const) {
      expect(bidDisplayStatus({ status }, t('ISSUED', 1))).toBe(status)
      expect(bidDisplayStatus({ status }, t('AWARDED'))).toBe(status)
    }
  })
})
