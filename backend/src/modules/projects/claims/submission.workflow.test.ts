import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { createAbility, defineRules } from '../../../abilities/define-rules.js'
import {
  claimDecision,
  claimProjectStates,
  isValidRejectReason,
  latestHistoryEntry,
  rejectReasonMaxLength,
  submissionActions,
  submissionStates,
  submissionWorkflow,
  type ClaimActor,
  type ClaimHistoryEntry,
  type SubmissionFacts,
  type SubmissionState
} from './submission.workflow.js'
import { modules } from '../../index.js'
import { installModules } from '../../registry.js'

// The rules and catalogues read the installed modules: this file is its own composition root (alone in a worker nothing else installs them).
installModules(modules)

/** Actors holding abilities built the way the server builds them (defineRules), so the table is tested against real rules. */
function actor(id: number, userType: number, companyId: number | null, grants: string[], extra: { vendorPerms?: string[] } = {}): ClaimActor {
  const permissions = grants.map((grant) => {
    const [resource, action, attribute] = grant.split(':')
    return { resource, action, attribute: attribute as 'own' | 'any' }
  })
  const ability = createAbility(defineRules({ id, userType, companyId, ...extra }, permissions))
  return { id, portal: userType >= 500 && userType < 600 ? 'staff' : userType >= 400 && userType < 500 ? 'vendors' : 'tenants', companyId, ability }
}

const VENDOR = 7
const manager = actor(1, 521, null, ['projects:update:own']) // person in charge of the project
const projectAdmin = actor(2, 501, null, ['projects:update:any'])
const readerStaff = actor(3, 521, null, ['projects:read:any'])
const otherManager = actor(4, 521, null, ['projects:update:own']) // in charge of other projects
const vendorAdmin = actor(50, 401, VENDOR, ['projects:update:own'])
const vendorSub = actor(51, 421, VENDOR, [], { vendorPerms: ['Projects'] }) // a sub-account with the Projects toggle
const vendorSubNoToggle = actor(52, 421, VENDOR, [], { vendorPerms: ['Tenders'] })
const otherVendor = actor(60, 401, 8, ['projects:update:own'])
const vendorReadOnly = actor(53, 401, VENDOR, ['projects:read:own'])
const tenant = actor(70, 601, null, ['projects:update:any'])
const system: ClaimActor = { id: 0, portal: 'system', companyId: null, ability: { can: () => false } }

const facts = (over: Partial<SubmissionFacts> = {}): SubmissionFacts => ({
  status: 'DRAFT',
  vendorId: VENDOR,
  managedBy: 1,
  projectStatus: 'ACTIVE',
  rejectReason: null,
  ...over
})

const passing: Record<string, { record: Partial<SubmissionFacts>; user: ClaimActor }> = {
  submit: { record: {}, user: vendorAdmin },
  accept: { record: {}, user: manager },
  reject: { record: { rejectReason: 'Line 3 is over-claimed' }, user: manager },
  resubmit: { record: {}, user: vendorSub }
}

const expected: Record<SubmissionState, Partial<Record<string, SubmissionState>>> = {
  DRAFT: { submit: 'OPEN' },
  OPEN: { accept: 'APPR', reject: 'REJECTED' },
  APPR: {},
  REJECTED: { resubmit: 'OPEN' }
}

describe('submissionWorkflow: every state × every action', () => {
  it('knows the four states and the four actions', () => {
    expect(submissionWorkflow.states).toEqual([...submissionStates])
    expect(submissionWorkflow.actions.map((a) => a.action).sort()).toEqual([...submissionActions].sort())
  })
  for (const state of submissionStates) {
    for (const action of submissionActions) {
      const to = expected[state][action]
      it(`${state} --${action}--> ${to ?? 'refused (409)'}`, () => {
        const { record, user } = passing[action]
        const claim = facts({ status: state, ...record })
        if (to) expect(submissionWorkflow.next(state, action, claim, user)).toBe(to)
        else expect(() => submissionWorkflow.next(state, action, claim, user)).toThrow(expect.objectContaining({ code: 409, message: 'INVALID_TRANSITION' }))
      })
    }
  }
  it('APPR is the only terminal state; DRAFT and REJECTED are editable, OPEN and APPR frozen', () => {
    expect(submissionWorkflow.terminal).toEqual(['APPR'])
    expect(submissionStates.filter((s) => submissionWorkflow.isIn('editable', s))).toEqual(['DRAFT', 'REJECTED'])
    expect(submissionStates.filter((s) => submissionWorkflow.isIn('frozen', s))).toEqual(['OPEN', 'APPR'])
  })
  it('every move asks `update` on the project: no new permission in the catalogue; reject carries a reason', () => {
    expect(submissionWorkflow.permissions()).toEqual(['update'])
    expect(submissionActions.filter((a) => submissionWorkflow.requiresReason(a))).toEqual(['reject'])
  })
})

describe('who may move a claim (every caller × every action, on an ACTIVE project)', () => {
  const callers = { manager, projectAdmin, readerStaff, otherManager, vendorAdmin, vendorSub, vendorSubNoToggle, otherVendor, vendorReadOnly, tenant, system }
  const allowed: Record<string, (keyof typeof callers)[]> = {
    submit: ['vendorAdmin', 'vendorSub'],
    resubmit: ['vendorAdmin', 'vendorSub'],
    accept: ['manager', 'projectAdmin'],
    reject: ['manager', 'projectAdmin']
  }
  const from: Record<string, SubmissionState> = { submit: 'DRAFT', resubmit: 'REJECTED', accept: 'OPEN', reject: 'OPEN' }
  for (const action of submissionActions) {
    for (const [name, user] of Object.entries(callers)) {
      const may = allowed[action].includes(name as keyof typeof callers)
      it(`${action}: ${name} ${may ? 'may' : 'may not'}`, () => {
        const claim = facts({ status: from[action], rejectReason: 'Missing receipts' })
        expect(submissionWorkflow.can(from[action], action, claim, user)).toBe(may)
        expect(submissionWorkflow.actionsFrom(from[action], claim, user).includes(action)).toBe(may)
      })
    }
  }
  it('ids read as text are the same company and person', () => {
    expect(submissionWorkflow.can('DRAFT', 'submit', facts({ vendorId: String(VENDOR) }), vendorAdmin)).toBe(true)
    expect(submissionWorkflow.can('OPEN', 'accept', facts({ status: 'OPEN', managedBy: '1' }), manager)).toBe(true)
  })
  it('a project nobody is in charge of: only an `any` grant decides', () => {
    const claim = facts({ status: 'OPEN', managedBy: null })
    expect(submissionWorkflow.can('OPEN', 'accept', claim, manager)).toBe(false)
    expect(submissionWorkflow.can('OPEN', 'accept', claim, projectAdmin)).toBe(true)
  })
  it('a claim without a vendor is nobody’s to submit', () => {
    expect(submissionWorkflow.can('DRAFT', 'submit', facts({ vendorId: null }), vendorAdmin)).toBe(false)
    expect(submissionWorkflow.can('DRAFT', 'submit', facts({ vendorId: null }), { ...vendorAdmin, companyId: null })).toBe(false)
  })
  it('no caller takes nothing', () => {
    for (const action of submissionActions) expect(submissionWorkflow.can(from[action], action, facts({ status: from[action], rejectReason: 'x' }), undefined)).toBe(false)
  })
})

describe('the project status', () => {
  const takes = { DRAFT: false, ACTIVE: true, COMPLETED: true, CANCELLED: false }
  const decides = { DRAFT: true, ACTIVE: true, COMPLETED: true, CANCELLED: false }
  for (const projectStatus of claimProjectStates) {
    it(`${projectStatus}: submit ${takes[projectStatus]}, accept/reject ${decides[projectStatus]}`, () => {
      expect(submissionWorkflow.can('DRAFT', 'submit', facts({ projectStatus }), vendorAdmin)).toBe(takes[projectStatus])
      expect(submissionWorkflow.can('REJECTED', 'resubmit', facts({ projectStatus, status: 'REJECTED' }), vendorAdmin)).toBe(takes[projectStatus])
      expect(submissionWorkflow.can('OPEN', 'accept', facts({ projectStatus, status: 'OPEN' }), manager)).toBe(decides[projectStatus])
      expect(submissionWorkflow.can('OPEN', 'reject', facts({ projectStatus, status: 'OPEN', rejectReason: 'no' }), manager)).toBe(decides[projectStatus])
    })
  }
})

describe('reject needs a reason', () => {
  it('1..500 characters after trimming, counted as people count them', () => {
    expect(isValidRejectReason('x')).toBe(true)
    expect(isValidRejectReason('  ')).toBe(false)
    expect(isValidRejectReason(null)).toBe(false)
    expect(isValidRejectReason('字'.repeat(rejectReasonMaxLength))).toBe(true)
    expect(isValidRejectReason('😀'.repeat(rejectReasonMaxLength))).toBe(true)
    expect(isValidRejectReason('x'.repeat(rejectReasonMaxLength + 1))).toBe(false)
    expect(submissionWorkflow.can('OPEN', 'reject', facts({ status: 'OPEN', rejectReason: ' ' }), manager)).toBe(false)
    expect(submissionWorkflow.can('OPEN', 'accept', facts({ status: 'OPEN', rejectReason: ' ' }), manager)).toBe(true)
  })
})

describe('random facts and callers: the table never lets a move through that its rules refuse', () => {
  it('holds for every combination', () => {
    const callers = [manager, projectAdmin, readerStaff, otherManager, vendorAdmin, vendorSub, vendorSubNoToggle, otherVendor, vendorReadOnly, tenant, system]
    fc.assert(
      fc.property(
        fc.constantFrom(...submissionStates),
        fc.constantFrom(...submissionActions),
        fc.constantFrom(...claimProjectStates),
        fc.constantFrom(VENDOR, 8, null),
        fc.constantFrom(1, 4, null),
        fc.option(fc.string({ maxLength: 3 })),
        fc.constantFrom(...callers),
        (status, action, projectStatus, vendorId, managedBy, rejectReason, user) => {
          const claim = facts({ status, projectStatus, vendorId, managedBy, rejectReason })
          const ok = submissionWorkflow.can(status, action, claim, user)
          if (!ok) return true
          const vendorMove = action === 'submit' || action === 'resubmit'
          return (
            expected[status][action] !== undefined &&
            (vendorMove ? user.portal === 'vendors' && user.companyId === vendorId && projectStatus !== 'DRAFT' : user.portal === 'staff') &&
            projectStatus !== 'CANCELLED' &&
            (action !== 'reject' || isValidRejectReason(rejectReason))
          )
        }
      ),
      { numRuns: 2000 }
    )
  })
})

describe('the accept or reject label follows the latest action history entry (spec §4)', () => {
  const entry = (action: string, at: string, over: Partial<ClaimHistoryEntry> = {}): ClaimHistoryEntry => ({ action, at, ...over })
  it('none before a decision, and none once the vendor resubmits after a rejection', () => {
    expect(claimDecision([])).toBeNull()
    expect(claimDecision(null)).toBeNull()
    expect(claimDecision([entry('submit', '2026-11-01T01:00:00Z')])).toBeNull()
    expect(claimDecision([entry('submit', '2026-11-01T01:00:00Z'), entry('reject', '2026-11-02T01:00:00Z'), entry('resubmit', '2026-11-03T01:00:00Z')])).toBeNull()
  })
  it('ACCEPTED or REJECTED after the latest decision, whatever order the history is listed in', () => {
    const history = [entry('submit', '2026-11-01T01:00:00Z'), entry('reject', '2026-11-02T01:00:00Z'), entry('resubmit', '2026-11-03T01:00:00Z'), entry('accept', '2026-11-04T01:00:00Z')]
    expect(claimDecision(history)).toBe('ACCEPTED')
    expect(claimDecision([...history].reverse())).toBe('ACCEPTED')
    expect(claimDecision(history.slice(0, 2))).toBe('REJECTED')
    expect(claimDecision([history[1], history[0]])).toBe('REJECTED')
  })
  it('at the same instant the later review step wins, then the later entry', () => {
    const at = '2026-11-04T01:00:00Z'
    expect(claimDecision([entry('reject', at, { order: 2 }), entry('accept', at, { order: 1 })])).toBe('REJECTED')
    expect(claimDecision([entry('reject', at), entry('accept', at)])).toBe('ACCEPTED')
    expect(latestHistoryEntry([entry('accept', at, { note: 'a' }), entry('accept', new Date(at) as any, { note: 'b' })])?.note).toBe('b')
  })
  it('an entry without a readable time never beats a dated one', () => {
    expect(claimDecision([entry('accept', '2026-11-04T01:00:00Z'), entry('reject', 'not a date')])).toBe('ACCEPTED')
  })
})
