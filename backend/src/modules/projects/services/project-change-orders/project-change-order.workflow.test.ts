import { describe, expect, it } from 'vitest'
import { createAbility, defineRules } from '../../../../abilities/define-rules.js'
import { claimProjectStates, type ClaimActor } from '../../claims/submission.workflow.js'
import {
  changeOrderActions,
  changeOrderRejectReasonMaxLength,
  changeOrderStates,
  changeOrderWorkflow,
  isValidChangeOrderRejectReason,
  type ChangeOrderFacts,
  type ChangeOrderState
} from './project-change-order.workflow.js'
import { modules } from '../../../index.js'
import { installModules } from '../../../registry.js'

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
const callers = {
  manager: actor(1, 521, null, ['projects:update:own']), // in charge of the project
  projectAdmin: actor(2, 501, null, ['projects:update:any']),
  readerStaff: actor(3, 521, null, ['projects:read:any']),
  otherManager: actor(4, 521, null, ['projects:update:own']), // in charge of other projects
  vendorAdmin: actor(50, 401, VENDOR, ['projects:update:own']),
  vendorSub: actor(51, 421, VENDOR, [], { vendorPerms: ['Projects'] }),
  vendorSubNoToggle: actor(52, 421, VENDOR, [], { vendorPerms: ['Tenders'] }),
  vendorReadOnly: actor(53, 401, VENDOR, ['projects:read:own']),
  otherVendor: actor(60, 401, 8, ['projects:update:own', 'projects:update:any']),
  tenant: actor(70, 601, null, ['projects:update:any']),
  system: { id: 0, portal: 'system', companyId: null, ability: { can: () => false } } satisfies ClaimActor
}
type Caller = keyof typeof callers

const facts = (over: Partial<ChangeOrderFacts> = {}): ChangeOrderFacts => ({ status: 'DRAFT', vendorId: VENDOR, managedBy: 1, projectStatus: 'ACTIVE', rejectReason: 'Not in scope', ...over })

/** The table, state × action: where each move leads, or refused. */
const expected: Record<ChangeOrderState, Partial<Record<string, ChangeOrderState>>> = {
  DRAFT: { submit: 'SUBMITTED' },
  SUBMITTED: { approve: 'APPROVED', reject: 'REJECTED' },
  APPROVED: {},
  REJECTED: {}
}
/** Who may take each action where the table has it (on an ACTIVE project). */
const allowed: Record<string, Caller[]> = {
  submit: ['manager', 'projectAdmin', 'vendorAdmin', 'vendorSub'],
  approve: ['manager', 'projectAdmin'],
  reject: ['manager', 'projectAdmin']
}

describe('changeOrderWorkflow: every state × every action × every caller × every project status', () => {
  it('knows its four states and three actions, and asks `update` on the project for each', () => {
    expect(changeOrderWorkflow.states).toEqual([...changeOrderStates])
    expect(changeOrderWorkflow.actions.map((action) => action.action).sort()).toEqual([...changeOrderActions].sort())
    expect(changeOrderWorkflow.permissions()).toEqual(['update'])
    expect(changeOrderActions.filter((action) => changeOrderWorkflow.requiresReason(action))).toEqual(['reject'])
    expect(changeOrderWorkflow.terminal).toEqual(['APPROVED', 'REJECTED'])
    expect(changeOrderStates.filter((state) => changeOrderWorkflow.isIn('editable', state))).toEqual(['DRAFT'])
    expect(changeOrderStates.filter((state) => changeOrderWorkflow.isIn('counted', state))).toEqual(['APPROVED'])
  })
  for (const state of changeOrderStates) {
    for (const action of changeOrderActions) {
      for (const projectStatus of claimProjectStates) {
        it(`${state} --${action}--> on a ${projectStatus} project`, () => {
          for (const [name, user] of Object.entries(callers) as [Caller, ClaimActor][]) {
            const to = expected[state][action]
            const may = to !== undefined && allowed[action].includes(name) && (projectStatus === 'ACTIVE' || projectStatus === 'COMPLETED')
            const record = facts({ status: state, projectStatus })
            expect(changeOrderWorkflow.can(state, action, record, user), `${name}`).toBe(may)
            if (may) expect(changeOrderWorkflow.next(state, action, record, user)).toBe(to)
            else expect(() => changeOrderWorkflow.next(state, action, record, user)).toThrow(expect.objectContaining({ code: 409, message: 'INVALID_TRANSITION' }))
          }
        })
      }
    }
  }
  it('a vendor never decides, whatever it holds', () => {
    const record = facts({ status: 'SUBMITTED' })
    for (const name of ['vendorAdmin', 'vendorSub', 'otherVendor'] as Caller[]) expect(changeOrderWorkflow.actionsFrom('SUBMITTED', record, callers[name])).toEqual([])
    expect(changeOrderWorkflow.actionsFrom('SUBMITTED', record, callers.manager)).toEqual(['approve', 'reject'])
  })
  it('ids read as text are the same company and person; a project nobody is in charge of is decided by an `any` grant only', () => {
    expect(changeOrderWorkflow.can('DRAFT', 'submit', facts({ vendorId: String(VENDOR) }), callers.vendorAdmin)).toBe(true)
    expect(changeOrderWorkflow.can('SUBMITTED', 'approve', facts({ status: 'SUBMITTED', managedBy: '1' }), callers.manager)).toBe(true)
    expect(changeOrderWorkflow.can('SUBMITTED', 'approve', facts({ status: 'SUBMITTED', managedBy: null }), callers.manager)).toBe(false)
    expect(changeOrderWorkflow.can('SUBMITTED', 'approve', facts({ status: 'SUBMITTED', managedBy: null }), callers.projectAdmin)).toBe(true)
    expect(changeOrderWorkflow.can('DRAFT', 'submit', facts({ vendorId: null }), callers.vendorAdmin)).toBe(false)
  })
  it('no caller takes nothing', () => {
    for (const state of changeOrderStates) for (const action of changeOrderActions) expect(changeOrderWorkflow.can(state, action, facts({ status: state }), undefined)).toBe(false)
  })
})

describe('reject needs a reason', () => {
  it('1..500 characters after trimming, counted as people count them', () => {
    expect(isValidChangeOrderRejectReason('x')).toBe(true)
    expect(isValidChangeOrderRejectReason('  ')).toBe(false)
    expect(isValidChangeOrderRejectReason(null)).toBe(false)
    expect(isValidChangeOrderRejectReason('😀'.repeat(changeOrderRejectReasonMaxLength))).toBe(true)
    expect(isValidChangeOrderRejectReason('x'.repeat(changeOrderRejectReasonMaxLength + 1))).toBe(false)
    expect(changeOrderWorkflow.can('SUBMITTED', 'reject', facts({ status: 'SUBMITTED', rejectReason: ' ' }), callers.manager)).toBe(false)
    expect(changeOrderWorkflow.can('SUBMITTED', 'approve', facts({ status: 'SUBMITTED', rejectReason: ' ' }), callers.manager)).toBe(true)
  })
})
