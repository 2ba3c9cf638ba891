import { describe, expect, it } from 'vitest'
import {
  addendumActions,
  mayDiscardAddendum,
  addendumStates,
  addendumWorkflow,
  isBeforeClosing,
  isClosed,
  permitted,
  sameId,
  systemActor,
  tenderActions,
  tenderRouteAllowed,
  tenderRoutes,
  tenderRoutesFor,
  tenderScreen,
  tenderScreenStatus,
  tenderStates,
  tenderStatusText,
  tenderWorkflow,
  toMillis,
  type AddendumState,
  type TenderActor,
  type TenderFacts,
  type TenderRoute,
  type TenderState
} from './tender.workflow.js'
import { abilityOf, allowsEverything, staffActor } from '../../test/workflow-actors.js'
import { modules } from '../../../index.js'
import { installModules } from '../../../registry.js'

// The rules and catalogues read the installed modules: this file is its own composition root (alone in a worker nothing else installs them).
installModules(modules)

const CLOSING = '2026-03-10T09:00:00.000Z'
const BEFORE = '2026-03-10T08:59:59.999Z'
const AFTER = '2026-03-10T09:00:00.001Z'

const actor = staffActor
const manager = actor(1, 'tenders:update:own')
const approver = actor(2, 'tenders:approve:any')
const admin = actor(3, 'tenders:update:any')
const stranger = actor(4, 'tenders:update:own', 'tenders:approve:any', 'tenders:reset:own', 'tenders:extend:own')
const vendor: TenderActor = { id: 1, portal: 'vendors', ability: allowsEverything }

const facts = (over: Partial<TenderFacts> = {}): TenderFacts => ({
  status: 'DRAFT',
  managedBy: 1,
  approverId: 2,
  version: 0,
  closingAt: CLOSING,
  addendumStatus: null,
  now: BEFORE,
  ...over
})

/** For each action, facts and an actor that pass its guard. */
const passing: Record<string, { record: Partial<TenderFacts>; user: TenderActor }> = {
  submit: { record: {}, user: manager },
  approve: { record: {}, user: approver },
  reject: { record: {}, user: approver },
  reset: { record: {}, user: manager },
  issue: { record: {}, user: manager },
  extend: { record: { now: BEFORE }, user: manager },
  addendum: { record: { now: BEFORE }, user: manager },
  close: { record: { now: CLOSING }, user: systemActor },
  open: { record: { now: CLOSING }, user: manager },
  award: { record: {}, user: manager },
  regretAll: { record: {}, user: manager },
  declineAll: { record: { allBidsDeclined: true }, user: systemActor },
  cancel: { record: {}, user: manager }
}

const expected: Record<TenderState, Partial<Record<string, TenderState>>> = {
  DRAFT: { submit: 'WAPPR', cancel: 'CANCELLED' },
  WAPPR: { approve: 'APPR', reject: 'REJECTED', cancel: 'CANCELLED' },
  REJECTED: { reset: 'DRAFT', cancel: 'CANCELLED' },
  APPR: { issue: 'ISSUED', cancel: 'CANCELLED' },
  ISSUED: { extend: 'ISSUED', addendum: 'ISSUED', close: 'READY', declineAll: 'DECLINED', cancel: 'CANCELLED' },
  READY: { open: 'REVIEW', declineAll: 'DECLINED', cancel: 'CANCELLED' },
  REVIEW: { award: 'AWARDED', regretAll: 'REGRETTED', cancel: 'CANCELLED' },
  AWARDED: {},
  REGRETTED: {},
  DECLINED: {},
  CANCELLED: {}
}

describe('tenderWorkflow: every state × every action', () => {
  it('knows every state and names only the listed actions', () => {
    expect([...tenderWorkflow.states].sort()).toEqual([...tenderStates].sort())
    for (const state of tenderStates) {
      for (const t of tenderWorkflow.table[state]) expect(tenderActions).toContain(t.action)
    }
  })
  for (const state of tenderStates) {
    for (const action of tenderActions) {
      const to = expected[state][action]
      const { record, user } = passing[action]
      it(`${state} --${action}--> ${to ?? 'refused'}`, () => {
        const r = facts({ status: state, ...record })
        if (to) {
          expect(tenderWorkflow.next(state, action, r, user)).toBe(to)
          expect(tenderWorkflow.can(state, action, r, user)).toBe(true)
        } else {
          expect(() => tenderWorkflow.next(state, action, r, user)).toThrow(expect.objectContaining({ code: 409 }))
          expect(tenderWorkflow.can(state, action, r, user)).toBe(false)
        }
      })
    }
  }
  it('cancel is open before AWARDED only', () => {
    const open = tenderStates.filter((s) => tenderWorkflow.can(s, 'cancel', facts({ status: s }), manager))
    expect(open).toEqual(['DRAFT', 'WAPPR', 'APPR', 'REJECTED', 'ISSUED', 'READY', 'REVIEW'])
  })
  it('throws INVALID_TRANSITION with the state and action', () => {
    try {
      tenderWorkflow.next('AWARDED', 'cancel', facts(), manager)
      expect.unreachable()
    } catch (error: any) {
      expect(error.message).toBe('INVALID_TRANSITION')
      expect(error.data).toMatchObject({ status: 'AWARDED', action: 'cancel', code: 'INVALID_TRANSITION' })
    }
  })
})

describe('tender guards, both ways', () => {
  const can = (state: TenderState, action: string, record: Partial<TenderFacts>, user: TenderActor) => tenderWorkflow.can(state, action, facts({ status: state, ...record }), user)

  describe('person in charge or any (update)', () => {
    const cases: [TenderState, string, Partial<TenderFacts>][] = [
      ['DRAFT', 'submit', {}],
      ['APPR', 'issue', {}],
      ['ISSUED', 'extend', {}],
      ['ISSUED', 'addendum', {}],
      ['READY', 'open', { now: AFTER }],
      ['REVIEW', 'award', {}],
      ['REVIEW', 'regretAll', {}],
      ['REJECTED', 'reset', {}],
      ['DRAFT', 'cancel', {}],
      ['REVIEW', 'cancel', {}]
    ]
    for (const [state, action, record] of cases) {
      it(`${state} ${action}: manager with own yes, admin with any yes, others no`, () => {
        expect(can(state, action, record, manager)).toBe(true)
        expect(can(state, action, { ...record, approverId: 5 }, admin)).toBe(true)
        expect(can(state, action, record, actor(1))).toBe(false) // in charge but no permission
        expect(can(state, action, record, actor(4, 'tenders:update:own'))).toBe(false) // own but not in charge
        expect(can(state, action, record, vendor)).toBe(false)
        expect(can(state, action, record, systemActor)).toBe(false)
        expect(can(state, action, record, { ...admin, portal: 'tenants' })).toBe(false)
      })
    }
    it('compares ids across number and string', () => {
      expect(can('APPR', 'issue', { managedBy: '1' }, manager)).toBe(true)
      expect(can('APPR', 'issue', { managedBy: null }, manager)).toBe(false)
    })
  })

  describe('submit needs a chosen approver who is neither the manager nor the submitter', () => {
    it('refuses without an approver', () => {
      expect(can('DRAFT', 'submit', { approverId: null }, manager)).toBe(false)
      expect(can('DRAFT', 'submit', { approverId: undefined as any }, manager)).toBe(false)
    })
    it('refuses the manager as approver', () => {
      expect(can('DRAFT', 'submit', { approverId: 1 }, manager)).toBe(false)
      expect(can('DRAFT', 'submit', { approverId: 1 }, admin)).toBe(false)
    })
    it('refuses the submitter as approver', () => {
      expect(can('DRAFT', 'submit', { approverId: 3 }, admin)).toBe(false)
      expect(can('DRAFT', 'submit', { approverId: 2 }, admin)).toBe(true)
    })
  })

  describe('approve and reject: only the chosen approver, never the manager', () => {
    for (const action of ['approve', 'reject']) {
      it(`${action}`, () => {
        expect(can('WAPPR', action, {}, approver)).toBe(true)
        expect(can('WAPPR', action, {}, actor(2, 'tenders:approve:own'))).toBe(true)
        expect(can('WAPPR', action, {}, actor(2))).toBe(false) // chosen but lacks approve
        expect(can('WAPPR', action, {}, actor(4, 'tenders:approve:any'))).toBe(false) // not chosen
        expect(can('WAPPR', action, {}, admin)).toBe(false)
        expect(can('WAPPR', action, { approverId: 1 }, actor(1, 'tenders:approve:any'))).toBe(false) // manager
        expect(can('WAPPR', action, {}, { ...approver, portal: 'vendors' })).toBe(false)
        expect(can('WAPPR', action, { approverId: null }, approver)).toBe(false)
      })
    }
  })

  it('reset: update or reset permission', () => {
    expect(can('REJECTED', 'reset', {}, actor(1, 'tenders:reset:own'))).toBe(true)
    expect(can('REJECTED', 'reset', {}, actor(9, 'tenders:reset:any'))).toBe(true)
    expect(can('REJECTED', 'reset', {}, actor(9, 'tenders:reset:own'))).toBe(false)
    expect(can('REJECTED', 'reset', {}, approver)).toBe(false)
  })

  describe('extend: before closing, update or extend permission', () => {
    it('by permission', () => {
      expect(can('ISSUED', 'extend', {}, actor(1, 'tenders:extend:own'))).toBe(true)
      expect(can('ISSUED', 'extend', {}, actor(9, 'tenders:extend:any'))).toBe(true)
      expect(can('ISSUED', 'extend', {}, actor(9, 'tenders:extend:own'))).toBe(false)
    })
    it('by time, at the boundary', () => {
      expect(can('ISSUED', 'extend', { now: BEFORE }, manager)).toBe(true)
      expect(can('ISSUED', 'extend', { now: CLOSING }, manager)).toBe(false)
      expect(can('ISSUED', 'extend', { now: AFTER }, manager)).toBe(false)
      expect(can('ISSUED', 'extend', { now: undefined }, manager)).toBe(false)
      expect(can('ISSUED', 'extend', { closingAt: null }, manager)).toBe(false)
    })
  })

  describe('addendum: before closing, none pending', () => {
    it('by time', () => {
      expect(can('ISSUED', 'addendum', { now: BEFORE }, manager)).toBe(true)
      expect(can('ISSUED', 'addendum', { now: CLOSING }, manager)).toBe(false)
    })
    for (const pending of ['DRAFT', 'WAPPR', 'APPR', 'REJECTED'] as const) {
      it(`refused while an addendum is ${pending}`, () => {
        expect(can('ISSUED', 'addendum', { addendumStatus: pending }, manager)).toBe(false)
      })
    }
    it('refused to a stranger', () => expect(can('ISSUED', 'addendum', {}, stranger)).toBe(false))
  })

  describe('close: system only, at or after closing', () => {
    it('by time, at the boundary', () => {
      expect(can('ISSUED', 'close', { now: BEFORE }, systemActor)).toBe(false)
      expect(can('ISSUED', 'close', { now: CLOSING }, systemActor)).toBe(true)
      expect(can('ISSUED', 'close', { now: AFTER }, systemActor)).toBe(true)
      expect(can('ISSUED', 'close', { now: new Date(AFTER) }, systemActor)).toBe(true)
      expect(can('ISSUED', 'close', { now: undefined }, systemActor)).toBe(false)
      expect(can('ISSUED', 'close', { closingAt: null, now: AFTER }, systemActor)).toBe(false)
      expect(can('ISSUED', 'close', { closingAt: 'not a date', now: AFTER }, systemActor)).toBe(false)
    })
    it('never by people', () => {
      expect(can('ISSUED', 'close', { now: AFTER }, manager)).toBe(false)
      expect(can('ISSUED', 'close', { now: AFTER }, admin)).toBe(false)
    })
  })

  it('open: after closing only', () => {
    expect(can('READY', 'open', { now: BEFORE }, manager)).toBe(false)
    expect(can('READY', 'open', { now: CLOSING }, manager)).toBe(true)
    expect(can('READY', 'open', { now: AFTER }, admin)).toBe(true)
    expect(can('READY', 'open', { now: AFTER }, stranger)).toBe(false)
    expect(can('READY', 'open', { now: AFTER }, systemActor)).toBe(false)
  })

  describe('declineAll: system only, when every bid declined', () => {
    for (const state of ['ISSUED', 'READY'] as const) {
      it(state, () => {
        expect(can(state, 'declineAll', { allBidsDeclined: true }, systemActor)).toBe(true)
        expect(can(state, 'declineAll', { allBidsDeclined: false }, systemActor)).toBe(false)
        expect(can(state, 'declineAll', {}, systemActor)).toBe(false)
        expect(can(state, 'declineAll', { allBidsDeclined: true }, admin)).toBe(false)
      })
    }
  })

  it('actionsFrom lists what this user may do', () => {
    expect(tenderWorkflow.actionsFrom('ISSUED', facts({ status: 'ISSUED' }), manager)).toEqual(['extend', 'addendum', 'cancel'])
    expect(tenderWorkflow.actionsFrom('ISSUED', facts({ status: 'ISSUED', now: AFTER }), systemActor)).toEqual(['close'])
    expect(tenderWorkflow.actionsFrom('WAPPR', facts({ status: 'WAPPR' }), approver)).toEqual(['approve', 'reject'])
    expect(tenderWorkflow.actionsFrom('WAPPR', facts({ status: 'WAPPR' }), manager)).toEqual(['cancel'])
  })
})

describe('addendumWorkflow', () => {
  const expectedAddendum: Record<AddendumState, Partial<Record<string, AddendumState>>> = {
    DRAFT: { submit: 'WAPPR' },
    WAPPR: { approve: 'APPR', reject: 'REJECTED' },
    REJECTED: { reset: 'DRAFT' },
    APPR: { issue: 'ISSUED' },
    ISSUED: {}
  }
  const users: Record<string, TenderActor> = { submit: manager, approve: approver, reject: approver, reset: manager, issue: manager }
  for (const state of addendumStates) {
    for (const action of addendumActions) {
      const to = expectedAddendum[state][action]
      it(`${state} --${action}--> ${to ?? 'refused'}`, () => {
        const r = facts({ status: 'ISSUED', version: 1, addendumStatus: state === 'ISSUED' ? null : state })
        if (to) expect(addendumWorkflow.next(state, action, r, users[action])).toBe(to)
        else expect(() => addendumWorkflow.next(state, action, r, users[action])).toThrow()
      })
    }
  }
  it('guards: same people as the tender cycle', () => {
    const r = facts({ status: 'ISSUED', version: 1, addendumStatus: 'WAPPR' })
    expect(addendumWorkflow.can('WAPPR', 'approve', r, manager)).toBe(false)
    expect(addendumWorkflow.can('DRAFT', 'submit', r, approver)).toBe(false)
    expect(addendumWorkflow.can('DRAFT', 'submit', { ...r, approverId: null }, manager)).toBe(false)
    expect(addendumWorkflow.can('REJECTED', 'reset', r, stranger)).toBe(false)
  })
  it('issue needs the tender still ISSUED and before closing', () => {
    const r = facts({ status: 'ISSUED', version: 1, addendumStatus: 'APPR' })
    expect(addendumWorkflow.can('APPR', 'issue', r, manager)).toBe(true)
    expect(addendumWorkflow.can('APPR', 'issue', { ...r, status: 'READY' }, manager)).toBe(false)
    expect(addendumWorkflow.can('APPR', 'issue', { ...r, status: 'CANCELLED' }, manager)).toBe(false)
    expect(addendumWorkflow.can('APPR', 'issue', { ...r, now: CLOSING }, manager)).toBe(false)
    expect(addendumWorkflow.can('APPR', 'issue', r, stranger)).toBe(false)
  })
})

describe('helpers', () => {
  it('sameId', () => {
    expect(sameId(1, 1)).toBe(true)
    expect(sameId(1, '1')).toBe(true)
    expect(sameId(1, 2)).toBe(false)
    expect(sameId(null, null)).toBe(false)
    expect(sameId(undefined, 1)).toBe(false)
  })
  it('toMillis, isClosed, isBeforeClosing', () => {
    expect(toMillis(CLOSING)).toBe(Date.parse(CLOSING))
    expect(toMillis(new Date(CLOSING))).toBe(Date.parse(CLOSING))
    expect(toMillis('')).toBeNull()
    expect(toMillis('garbage')).toBeNull()
    expect(isClosed({ closingAt: CLOSING, now: CLOSING })).toBe(true)
    expect(isBeforeClosing({ closingAt: CLOSING, now: CLOSING })).toBe(false)
    expect(isBeforeClosing({ closingAt: CLOSING, now: BEFORE })).toBe(true)
    expect(isClosed({ closingAt: CLOSING })).toBe(false)
    expect(isBeforeClosing({ closingAt: CLOSING })).toBe(false)
  })
  it('permitted reads own as the person in charge', () => {
    expect(permitted(facts(), manager, 'update')).toBe(true)
    expect(permitted(facts({ managedBy: 9 }), manager, 'update')).toBe(false)
    expect(permitted(facts({ managedBy: 9 }), admin, 'update')).toBe(true)
    expect(permitted(facts(), undefined, 'update')).toBe(false)
  })
  it('reads an own grant as the CASL condition on the person in charge', () => {
    const a = staffActor(1, 'tenders:update:own')
    expect(tenderWorkflow.can('APPR', 'issue', facts({ status: 'APPR' }), a)).toBe(true)
    expect(tenderWorkflow.can('APPR', 'issue', facts({ status: 'APPR', managedBy: 9 }), a)).toBe(false)
  })
  it('systemActor holds no permission', () => {
    expect(systemActor.portal).toBe('system')
    expect(systemActor.ability.can('update', 'tenders')).toBe(false)
  })
})

describe('tenderScreenStatus', () => {
  it('a pending addendum wins over ISSUED', () => {
    expect(tenderScreenStatus({ status: 'ISSUED', addendumStatus: 'WAPPR' })).toBe('WAPPR')
    expect(tenderScreenStatus({ status: 'ISSUED', addendumStatus: null })).toBe('ISSUED')
    expect(tenderScreenStatus({ status: 'REVIEW' })).toBe('REVIEW')
  })
})

describe('tenderScreen', () => {
  const cases: [TenderState, number, boolean, TenderRoute][] = [
    ['DRAFT', 0, false, 'edit'],
    ['DRAFT', 1, false, 'addendumEdit'],
    ['DRAFT', 0, true, 'edit'],
    ['REJECTED', 0, false, 'edit'],
    ['REJECTED', 2, false, 'addendumEdit'],
    ['REJECTED', 0, true, 'edit'],
    ['WAPPR', 0, false, 'view'],
    ['WAPPR', 0, true, 'approverView'],
    ['WAPPR', 1, true, 'approverView'],
    ['APPR', 0, false, 'view'],
    ['APPR', 0, true, 'view'],
    ['ISSUED', 0, false, 'healthCheck'],
    ['ISSUED', 1, true, 'healthCheck'],
    ['READY', 0, false, 'healthCheck'],
    ['REVIEW', 0, false, 'analysisRecos'],
    ['AWARDED', 1, false, 'analysisRecos'],
    ['REGRETTED', 0, true, 'analysisRecos'],
    ['CANCELLED', 0, false, 'view'],
    ['CANCELLED', 1, true, 'view'],
    ['DECLINED', 0, false, 'healthCheck']
  ]
  for (const [status, version, isApprover, route] of cases) {
    it(`${status} v${version}${isApprover ? ' approver' : ''} → ${route}`, () => {
      expect(tenderScreen(status, version, { isApprover })).toBe(route)
    })
  }
  it('defaults to a non-approver', () => expect(tenderScreen('WAPPR', 0)).toBe('view'))
  it('the opened screen is always a valid route for staff', () => {
    for (const status of tenderStates) {
      for (const version of [0, 1]) {
        for (const isApprover of [false, true]) {
          expect(tenderRouteAllowed(tenderScreen(status, version, { isApprover }), status, version)).toBe(true)
        }
      }
    }
  })
})

describe('tenderRouteAllowed', () => {
  const all = Object.keys(tenderRoutes) as TenderRoute[]
  const valid: Record<string, TenderRoute[]> = {
    'DRAFT:0': ['edit', 'view', 'representativeEdit'],
    'DRAFT:1': ['addendumEdit', 'addendumView', 'view'],
    'REJECTED:0': ['edit', 'view', 'approverView'],
    'REJECTED:1': ['addendumEdit', 'addendumView', 'approverView'],
    'WAPPR:0': ['view', 'approverView'],
    'WAPPR:1': ['view', 'approverView', 'addendumView'],
    'APPR:0': ['view', 'approverView'],
    'APPR:1': ['view', 'approverView', 'addendumView'],
    'CANCELLED:0': ['view'],
    'CANCELLED:1': ['view'],
    'ISSUED:0': ['healthCheck', 'addendumSummary'],
    'ISSUED:1': ['healthCheck', 'addendumSummary'],
    'READY:0': ['healthCheck', 'addendumSummary'],
    'READY:1': ['healthCheck', 'addendumSummary'],
    'REVIEW:0': ['healthCheck', 'addendumSummary', 'analysisRecos', 'comparison', 'queryStatus', 'representativeReview'],
    'REVIEW:1': ['healthCheck', 'addendumSummary', 'analysisRecos', 'comparison', 'queryStatus', 'representativeReview'],
    'AWARDED:0': ['healthCheck', 'addendumSummary', 'analysisRecos', 'comparison', 'queryStatus'],
    'AWARDED:1': ['healthCheck', 'addendumSummary', 'analysisRecos', 'comparison', 'queryStatus'],
    'REGRETTED:0': ['healthCheck', 'addendumSummary', 'analysisRecos', 'comparison', 'queryStatus'],
    'REGRETTED:1': ['healthCheck', 'addendumSummary', 'analysisRecos', 'comparison', 'queryStatus'],
    'DECLINED:0': ['healthCheck', 'addendumSummary', 'view'],
    'DECLINED:1': ['healthCheck', 'addendumSummary', 'view']
  }
  for (const status of tenderStates) {
    for (const version of [0, 1]) {
      for (const route of all) {
        const ok = valid[`${status}:${version}`].includes(route)
        it(`${status} v${version} ${route}: ${ok ? 'valid' : 'invalid'}`, () => {
          expect(tenderRouteAllowed(route, status, version)).toBe(ok)
        })
      }
    }
  }
  it('uses version > 0 for addenda at every version', () => {
    expect(tenderRoutesFor('DRAFT', 7)).toEqual(tenderRoutesFor('DRAFT', 1))
  })
  it('a representative reviews only in REVIEW', () => {
    expect(tenderStates.filter((s) => tenderRouteAllowed('representativeReview', s, 0, { external: true }))).toEqual(['REVIEW'])
  })
  it('external users never get edit, addendum edit or approver view', () => {
    for (const status of tenderStates) {
      for (const version of [0, 1]) {
        for (const route of ['edit', 'addendumEdit', 'approverView'] as const) {
          expect(tenderRouteAllowed(route, status, version, { external: true })).toBe(false)
        }
      }
    }
    expect(tenderRouteAllowed('representativeEdit', 'DRAFT', 0, { external: true })).toBe(true)
    expect(tenderRouteAllowed('healthCheck', 'ISSUED', 0, { external: true })).toBe(true)
  })
})

describe('tenderStatusText', () => {
  for (const status of tenderStates) {
    const prefixed = (['DRAFT', 'WAPPR', 'APPR', 'REJECTED', 'ISSUED'] as string[]).includes(status)
    it(`${status}: plain at version 0, ${prefixed ? 'A-' : 'plain'} for an addendum`, () => {
      expect(tenderStatusText(status, 0)).toBe(status)
      expect(tenderStatusText(status, 1)).toBe(prefixed ? `A-${status}` : status)
      expect(tenderStatusText(status, 3)).toBe(prefixed ? `A-${status}` : status)
    })
  }
})

describe('mayDiscardAddendum', () => {
  const now = '2026-06-01T00:00:00Z'
  const base = { status: 'ISSUED' as const, managedBy: 7, approverId: 8, version: 1, closingAt: '2026-06-10T09:00:00Z', now }
  const manager = staffActor(7, 'tenders:update:own')
  const anyEditor = staffActor(9, 'tenders:update:any')
  const reader = staffActor(10, 'tenders:read:any')
  const vendor: TenderActor = { id: 7, portal: 'vendors', ability: abilityOf({ id: 7, userType: 411, companyId: 1 }, 'tenders:update:any') }

  it('lets whoever may update the tender discard a DRAFT or REJECTED addendum before closing', () => {
    for (const addendumStatus of ['DRAFT', 'REJECTED'] as const) {
      expect(mayDiscardAddendum({ ...base, addendumStatus }, manager)).toBe(true)
      expect(mayDiscardAddendum({ ...base, addendumStatus }, anyEditor)).toBe(true)
    }
  })

  it('refuses an addendum with the approver or approved, none pending, another status, after closing', () => {
    for (const addendumStatus of ['WAPPR', 'APPR', null] as const) expect(mayDiscardAddendum({ ...base, addendumStatus }, manager)).toBe(false)
    for (const status of tenderStates.filter((state) => state !== 'ISSUED')) {
      expect(mayDiscardAddendum({ ...base, status, addendumStatus: 'DRAFT' }, manager)).toBe(false)
    }
    expect(mayDiscardAddendum({ ...base, addendumStatus: 'DRAFT', now: '2026-06-10T09:00:00Z' }, manager)).toBe(false)
    expect(mayDiscardAddendum({ ...base, addendumStatus: 'DRAFT', now: undefined }, manager)).toBe(false)
  })

  it('refuses readers, someone else’s own-only editor, vendors and no one', () => {
    expect(mayDiscardAddendum({ ...base, addendumStatus: 'DRAFT' }, reader)).toBe(false)
    expect(mayDiscardAddendum({ ...base, managedBy: 99, addendumStatus: 'DRAFT' }, manager)).toBe(false)
    expect(mayDiscardAddendum({ ...base, addendumStatus: 'DRAFT' }, vendor)).toBe(false)
    expect(mayDiscardAddendum({ ...base, addendumStatus: 'DRAFT' }, undefined)).toBe(false)
  })
})
