import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { createAbility, defineRules } from '../../../../abilities/define-rules.js'
import { projectStates, projectWorkflow, type ProjectActor, type ProjectState } from './project.workflow.js'
import { modules } from '../../../index.js'
import { installModules } from '../../../registry.js'

// The rules and catalogues read the installed modules: this file is its own composition root (alone in a worker nothing else installs them).
installModules(modules)

/*
 * The project workflow (spec §4), every state × every action × every kind of caller: DRAFT is
 * activated or cancelled, ACTIVE completed or cancelled, COMPLETED and CANCELLED have no way
 * out; every move needs `projects:update` on the record (any, or own = in charge, managedBy).
 */

const PM = 7
const OTHER = 8
const abilityOf = (user: { id: number; userType: number; companyId?: number }, ...grants: string[]) =>
  createAbility(
    defineRules(
      user,
      grants.map((grant) => {
        const [resource, action, attribute] = grant.split(':')
        return { resource, action, attribute: attribute as 'own' | 'any' }
      })
    )
  )
const staff = (...grants: string[]): ProjectActor => ({ ability: abilityOf({ id: PM, userType: 521 }, ...grants) })
const callers = {
  manageAny: staff('projects:update:any'),
  manageOwn: staff('projects:update:own'),
  readOnly: staff('projects:read:any', 'projects:create:any', 'projects:changeManager:any'),
  otherResource: staff('tenders:update:any'),
  vendor: { ability: abilityOf({ id: 50, userType: 401, companyId: 3 }, 'projects:read:own', 'projects:update:own') },
  tenant: { ability: abilityOf({ id: 60, userType: 601 }, 'projects:read:own') },
  nobody: { ability: createAbility([]) }
} satisfies Record<string, ProjectActor>
type Caller = keyof typeof callers

const expected: Record<ProjectState, Record<string, ProjectState>> = {
  DRAFT: { activate: 'ACTIVE', cancel: 'CANCELLED' },
  ACTIVE: { complete: 'COMPLETED', cancel: 'CANCELLED' },
  COMPLETED: {},
  CANCELLED: {}
}
const actions = ['activate', 'complete', 'cancel']

/** Whether this caller may move this record at all: update any, or update own on a project in their charge. */
function allowed(caller: Caller, managedBy: number | null): boolean {
  if (caller === 'manageAny') return true
  if (caller === 'manageOwn') return managedBy === PM
  // A vendor's "own" is its company: update own would match companyId 3, which every record here carries.
  if (caller === 'vendor') return true
  return false
}

describe('project workflow', () => {
  it('has the four states of the spec, COMPLETED and CANCELLED derived terminal', () => {
    expect([...projectWorkflow.states]).toEqual([...projectStates])
    expect([...projectWorkflow.terminal]).toEqual(['COMPLETED', 'CANCELLED'])
    expect(projectWorkflow.isIn('editable', 'CANCELLED')).toBe(false)
    expect(projectWorkflow.isIn('editable', 'COMPLETED')).toBe(true)
    expect(projectWorkflow.isIn('vendorVisible', 'DRAFT')).toBe(false)
    expect(projectWorkflow.isIn('vendorVisible', 'ACTIVE')).toBe(true)
  })

  it('names its actions with the states they leave from, all needing update (manage own)', () => {
    expect(projectWorkflow.actions.map(({ action, from, to, permission }) => ({ action, from, to, permission }))).toEqual([
      { action: 'activate', from: ['DRAFT'], to: 'ACTIVE', permission: 'update' },
      { action: 'cancel', from: ['DRAFT', 'ACTIVE'], to: 'CANCELLED', permission: 'update' },
      { action: 'complete', from: ['ACTIVE'], to: 'COMPLETED', permission: 'update' }
    ])
    expect(projectWorkflow.permissions()).toEqual(['update'])
  })

  it('every state × action × caller × person in charge: the table and the ability decide together', () => {
    for (const state of projectStates) {
      for (const action of actions) {
        for (const caller of Object.keys(callers) as Caller[]) {
          for (const managedBy of [PM, OTHER, null]) {
            const record = { status: state, managedBy, companyId: 3 }
            const to = expected[state][action]
            const open = to !== undefined && allowed(caller, managedBy)
            expect(projectWorkflow.can(state, action, record, callers[caller]), `${state} ${action} ${caller} ${managedBy}`).toBe(open)
            if (open) expect(projectWorkflow.next(state, action, record, callers[caller])).toBe(to)
            else expect(() => projectWorkflow.next(state, action, record, callers[caller])).toThrow(expect.objectContaining({ code: 409 }))
          }
        }
      }
    }
  })

  it('never leads out of a terminal state, whoever asks (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...projectWorkflow.terminal), fc.constantFrom(...actions), fc.constantFrom(...(Object.keys(callers) as Caller[])), (state, action, caller) => {
        expect(projectWorkflow.actionsFrom(state, { status: state, managedBy: PM, companyId: 3 }, callers[caller])).toEqual([])
        expect(projectWorkflow.can(state, action, { status: state, managedBy: PM }, callers[caller])).toBe(false)
      })
    )
  })
})
