import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { subject } from '@casl/ability'
import { createAbility, defineRules } from '../../../../abilities/define-rules.js'
import { hotbActions, hotbStates, hotbWorkflow, type HotbActor, type HotbState } from './hotb.workflow.js'
import { handoverShared, hotbPermissions } from '../../module.shared.js'
import { grantsByGroup } from '../../migrations/20261208000200_grants_of_hotb.js'
import { modules } from '../../../index.js'
import { installModules } from '../../../registry.js'

// A sub-account's rules and the tenants' scope read the permission catalogue of the installed modules: this file is its own composition root.
installModules(modules)

/*
 * The handover/takeback workflow (PRODUCT.md "Handover/takeback"), every state × every action ×
 * every kind of caller: staff submit, arrange, complete, request changes, change the PIC, reset and
 * cancel with their grants; the approver chosen approves or rejects; tenants take no action; COMPLETED
 * and CANCELLED have no way out. And who reads a record in each state: staff always, its tenancy's
 * master and HandoverTakeback sub-accounts only once SCHEDULED, UNSIGNED or COMPLETED.
 */

const OWN_TENANCY = 5
const abilityOf = (user: { id: number; userType: number; tenancyId?: number; tenancyPerms?: string[] }, grants: ReadonlyArray<{ resource: string; action: string; attribute: 'own' | 'any' }>) =>
  createAbility(defineRules(user, grants))
const callers = {
  systemAdmin: { id: 1, ability: abilityOf({ id: 1, userType: 501 }, grantsByGroup['System Admin']) },
  projectManager: { id: 7, ability: abilityOf({ id: 7, userType: 521 }, grantsByGroup['Project Manager']) },
  approver: { id: 8, ability: abilityOf({ id: 8, userType: 521 }, grantsByGroup.Approver) },
  readOnlyStaff: { id: 9, ability: abilityOf({ id: 9, userType: 521 }, [{ resource: 'hotb', action: 'read', attribute: 'any' }]) },
  tenantMaster: { id: 60, ability: abilityOf({ id: 60, userType: 601, tenancyId: OWN_TENANCY }, grantsByGroup['Tenant Admin']) },
  tenantSubWithPerm: { id: 61, ability: abilityOf({ id: 61, userType: 621, tenancyId: OWN_TENANCY, tenancyPerms: ['HandoverTakeback'] }, []) },
  tenantSubWithout: { id: 62, ability: abilityOf({ id: 62, userType: 621, tenancyId: OWN_TENANCY, tenancyPerms: ['TenantProject', 'TenancyRecord'] }, []) },
  vendor: { id: 50, ability: abilityOf({ id: 50, userType: 401 }, [{ resource: 'projects', action: 'read', attribute: 'own' }]) },
  nobody: { id: 0, ability: createAbility([]) }
} satisfies Record<string, HotbActor>
type Caller = keyof typeof callers

const open = (state: HotbState) => ({ changePic: state, cancel: 'CANCELLED' as HotbState })
const expected: Record<HotbState, Partial<Record<string, HotbState>>> = {
  DRAFT: { submit: 'WAPPR', ...open('DRAFT') },
  WAPPR: { approve: 'APPR', reject: 'REJECTED', requestChange: 'DRAFT', ...open('WAPPR') },
  APPR: { arrange: 'SCHEDULED', requestChange: 'DRAFT', ...open('APPR') },
  REJECTED: { resetToDraft: 'DRAFT', ...open('REJECTED') },
  SCHEDULED: { complete: 'COMPLETED', unsigned: 'UNSIGNED', arrange: 'SCHEDULED', requestChange: 'DRAFT', ...open('SCHEDULED') },
  UNSIGNED: { complete: 'COMPLETED', ...open('UNSIGNED') },
  COMPLETED: {},
  CANCELLED: {}
}
const approverActions = ['approve', 'reject']

/**
 * Whether this caller may take this action on a record (any tenancy: tenants take none): the
 * approver answers only a record submitted to them (or to no one); the System Admin, who may update
 * others' records, answers any.
 */
function allowed(caller: Caller, action: string, approverId: number | null): boolean {
  if (caller === 'systemAdmin') return true
  if (caller === 'projectManager') return !approverActions.includes(action)
  if (caller === 'approver') return approverActions.includes(action) && (approverId === null || approverId === callers.approver.id)
  return false
}

describe('handover/takeback workflow', () => {
  it('has the eight states of the spec, COMPLETED and CANCELLED terminal, and its phases', () => {
    expect([...hotbWorkflow.states]).toEqual([...hotbStates])
    expect([...hotbWorkflow.terminal]).toEqual(['COMPLETED', 'CANCELLED'])
    expect(hotbStates.filter((state) => hotbWorkflow.isIn('editable', state))).toEqual(['DRAFT', 'APPR', 'SCHEDULED'])
    expect(hotbStates.filter((state) => hotbWorkflow.isIn('settlable', state))).toEqual(['DRAFT', 'APPR', 'SCHEDULED', 'UNSIGNED'])
    expect(hotbStates.filter((state) => hotbWorkflow.isIn('open', state))).toEqual(hotbWorkflow.statesExcept(hotbWorkflow.terminal))
    expect(hotbStates.filter((state) => hotbWorkflow.isIn('tenantVisible', state))).toEqual(['SCHEDULED', 'UNSIGNED', 'COMPLETED'])
    expect([...hotbWorkflow.actions.map(({ action }) => action)].sort()).toEqual([...hotbActions].sort())
    for (const action of ['reject', 'requestChange', 'cancel']) expect(hotbWorkflow.requiresReason(action), action).toBe(true)
    for (const action of ['submit', 'approve', 'arrange', 'complete', 'unsigned', 'changePic', 'resetToDraft']) expect(hotbWorkflow.requiresReason(action), action).toBe(false)
    expect(hotbWorkflow.permissionOf('reject')).toBe('approve')
    expect(hotbWorkflow.permissionOf('unsigned')).toBe('arrange')
  })

  it('moves every state by every action exactly as the table says, for whoever may take it on the record', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...hotbStates),
        fc.constantFrom(...hotbActions),
        fc.constantFrom(...(Object.keys(callers) as Caller[])),
        fc.constantFrom(OWN_TENANCY, 6),
        fc.constantFrom(7, 8, null),
        fc.constantFrom(8, 99, null),
        (state, action, caller, tenancyId, managedBy, approverId) => {
          const record = { status: state, tenancyId, managedBy, approverId, region: 'HK' }
          const to = expected[state][action]
          const may = allowed(caller, action, approverId)
          const offered = hotbWorkflow.actionsFrom(state, record, callers[caller])
          expect(offered.includes(action)).toBe(Boolean(to) && may)
          if (to && may) expect(hotbWorkflow.next(state, action, record, callers[caller])).toBe(to)
          else expect(() => hotbWorkflow.next(state, action, record, callers[caller])).toThrow()
        }
      ),
      { numRuns: 3000 }
    )
  })

  it('lets tenants read their own tenancy’s records only once scheduled, unsigned or completed; staff read every state', () => {
    for (const state of hotbStates) {
      for (const tenancyId of [OWN_TENANCY, 6]) {
        const record = subject('hotb', { id: 1, status: state, tenancyId, managedBy: 7, region: 'HK' }) as any
        const tenantSees = tenancyId === OWN_TENANCY && hotbWorkflow.isIn('tenantVisible', state)
        expect(callers.tenantMaster.ability.can('read', record), `master ${state} ${tenancyId}`).toBe(tenantSees)
        expect(callers.tenantSubWithPerm.ability.can('read', record), `sub ${state} ${tenancyId}`).toBe(tenantSees)
        expect(callers.tenantSubWithout.ability.can('read', record), `sub without ${state}`).toBe(false)
        expect(callers.vendor.ability.can('read', record), `vendor ${state}`).toBe(false)
        for (const staff of ['systemAdmin', 'projectManager', 'approver', 'readOnlyStaff'] as const) expect(callers[staff].ability.can('read', record), `${staff} ${state}`).toBe(true)
      }
    }
  })

  it('grants by the table: the shared manifest lists CRUD, updateOthers and every permission of the workflow; the tenants’ scope is the table’s phase', () => {
    expect([...handoverShared.permissions.hotb].sort()).toEqual(['read', 'create', 'update', 'updateOthers', ...hotbWorkflow.permissions()].sort())
    expect([...hotbPermissions].sort()).toEqual([...handoverShared.permissions.hotb].sort())
    expect([...handoverShared.ownScope.hotb.tenants.status.$in]).toEqual(hotbStates.filter((state) => hotbWorkflow.isIn('tenantVisible', state)))
    expect(grantsByGroup['System Admin'].map(({ action }) => action).sort()).toEqual([...hotbPermissions].sort())
  })
})
