import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { createAbility, defineRules } from '../../../../abilities/define-rules.js'
import { tenantProjectStates, tenantProjectWorkflow, type TenantProjectActor, type TenantProjectState } from './tenant-project.workflow.js'
import { availableForWorkPermits } from './tenant-projects.shared.js'
import { modules } from '../../../index.js'
import { installModules } from '../../../registry.js'

// A sub-account's rules read the permission catalogue of the installed modules: this file is its own composition root.
installModules(modules)

/*
 * The tenant project workflow (PRODUCT.md; spec §4), every state × every action × every kind of
 * caller: the tenant submits and withdraws (own: its tenancy), staff accept, complete and cancel;
 * COMPLETED, WITHDRAWN and CANCELLED have no way out. Each action is its own permission on the record.
 */

const OWN_TENANCY = 5
const abilityOf = (user: { id: number; userType: number; tenancyId?: number; tenancyPerms?: string[] }, ...grants: string[]) =>
  createAbility(
    defineRules(
      user,
      grants.map((grant) => {
        const [resource, action, attribute] = grant.split(':')
        return { resource, action, attribute: attribute as 'own' | 'any' }
      })
    )
  )
const tenantGrants = ['create', 'read', 'update', 'delete', 'submit', 'withdraw'].map((action) => `tenant-projects:${action}:own`)
const staffGrants = ['read', 'update', 'accept', 'complete', 'cancel'].map((action) => `tenant-projects:${action}:any`)
const callers = {
  tenantMaster: { ability: abilityOf({ id: 60, userType: 601, tenancyId: OWN_TENANCY }, ...tenantGrants) },
  // A sub-account's rights are its tenancy perms: TenantProject gives its tenancy's projects.
  tenantSubWithPerm: { ability: abilityOf({ id: 61, userType: 621, tenancyId: OWN_TENANCY, tenancyPerms: ['TenantProject'] }) },
  tenantSubWithout: { ability: abilityOf({ id: 62, userType: 621, tenancyId: OWN_TENANCY, tenancyPerms: ['TenancyRecord'] }) },
  projectManager: { ability: abilityOf({ id: 7, userType: 521 }, ...staffGrants) },
  readOnlyStaff: { ability: abilityOf({ id: 8, userType: 521 }, 'tenant-projects:read:any') },
  vendor: { ability: abilityOf({ id: 50, userType: 401 }, 'projects:read:own') },
  nobody: { ability: createAbility([]) }
} satisfies Record<string, TenantProjectActor>
type Caller = keyof typeof callers

const expected: Record<TenantProjectState, Record<string, TenantProjectState>> = {
  DRAFT: { submit: 'SUBMITTED', withdraw: 'WITHDRAWN' },
  SUBMITTED: { accept: 'IN_PROGRESS', withdraw: 'WITHDRAWN', cancel: 'CANCELLED' },
  IN_PROGRESS: { complete: 'COMPLETED', withdraw: 'WITHDRAWN', cancel: 'CANCELLED' },
  COMPLETED: {},
  WITHDRAWN: {},
  CANCELLED: {}
}
const actions = ['submit', 'accept', 'complete', 'withdraw', 'cancel']
const tenantActions = ['submit', 'withdraw']

/** Whether this caller may take this action on a project of `tenancyId`. */
function allowed(caller: Caller, action: string, tenancyId: number): boolean {
  if (caller === 'tenantMaster' || caller === 'tenantSubWithPerm') return tenantActions.includes(action) && tenancyId === OWN_TENANCY
  if (caller === 'projectManager') return !tenantActions.includes(action)
  return false
}

describe('tenant project workflow', () => {
  it('has the six states of PRODUCT.md, the three closed ones terminal', () => {
    expect([...tenantProjectWorkflow.states]).toEqual([...tenantProjectStates])
    expect([...tenantProjectWorkflow.terminal]).toEqual(['COMPLETED', 'WITHDRAWN', 'CANCELLED'])
    expect(tenantProjectStates.filter((state) => tenantProjectWorkflow.isIn('deletable', state))).toEqual(['DRAFT'])
    expect(tenantProjectStates.filter((state) => tenantProjectWorkflow.isIn('closed', state))).toEqual(['WITHDRAWN', 'CANCELLED'])
    expect(tenantProjectStates.filter((state) => !availableForWorkPermits(state))).toEqual(['COMPLETED', 'WITHDRAWN'])
    expect(tenantProjectWorkflow.requiresReason('withdraw')).toBe(true)
    expect(tenantProjectWorkflow.requiresReason('cancel')).toBe(true)
    expect(tenantProjectWorkflow.requiresReason('submit')).toBe(false)
  })

  it('moves every state by every action exactly as the table says, for whoever may take it on the record', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...tenantProjectStates),
        fc.constantFrom(...actions),
        fc.constantFrom(...(Object.keys(callers) as Caller[])),
        fc.constantFrom(OWN_TENANCY, 6),
        (state, action, caller, tenancyId) => {
          const record = { status: state, tenancyId }
          const to = expected[state][action]
          const may = allowed(caller, action, tenancyId)
          const offered = tenantProjectWorkflow.actionsFrom(state, record, callers[caller])
          expect(offered.includes(action)).toBe(Boolean(to) && may)
          if (to && may) expect(tenantProjectWorkflow.next(state, action, record, callers[caller])).toBe(to)
          else expect(() => tenantProjectWorkflow.next(state, action, record, callers[caller])).toThrow()
        }
      ),
      { numRuns: 2000 }
    )
  })

  it('grants by the table: the shared manifest lists CRUD and every action of the workflow', async () => {
    const { tenantProjectsShared } = await import('../../module.shared.js')
    expect([...tenantProjectsShared.permissions['tenant-projects']].sort()).toEqual(['create', 'read', 'update', 'delete', ...tenantProjectWorkflow.permissions()].sort())
  })
})
