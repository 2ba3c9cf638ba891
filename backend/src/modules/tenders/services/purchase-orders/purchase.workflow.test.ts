import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { abilityOf } from '../../test/workflow-actors.js'
import { purchaseStates, type PurchaseActor, type PurchaseState } from './purchase.workflow.js'
import { purchaseOrderWorkflow } from './purchase-order.workflow.js'
import { contractWorkflow } from '../contracts/contract.workflow.js'
import { modules } from '../../../index.js'
import { installModules } from '../../../registry.js'

// The rules and catalogues read the installed modules: this file is its own composition root (alone in a worker nothing else installs them).
installModules(modules)

/*
 * The purchase workflow, every state × every action × every kind of caller, for purchase orders
 * and contracts alike: only ACTIVE is cancelled, only by whoever may update that record (any, or
 * own = in charge of its tender), and a cancelled record has no way out and is not editable.
 */

const PM = 7
const actor = (grants: string[], user: { id: number; userType: number; companyId?: number } = { id: PM, userType: 521 }): PurchaseActor => ({ ability: abilityOf(user, ...grants) })

for (const [resource, workflow] of [
  ['purchase-orders', purchaseOrderWorkflow],
  ['contracts', contractWorkflow]
] as const) {
  describe(`${resource} workflow`, () => {
    const own = actor([`${resource}:update:own`])
    const any = actor([`${resource}:update:any`])
    const readOnly = actor([`${resource}:read:any`, `${resource}:create:any`])
    const otherResource = actor([`${resource === 'contracts' ? 'purchase-orders' : 'contracts'}:update:any`])
    const vendor = actor([`${resource}:read:own`], { id: 50, userType: 411, companyId: 3 })
    const record = (status: PurchaseState, managedBy: number | null = PM) => ({ status, managedBy, companyId: 3 })

    it('has the two states, CANCELLED derived terminal, ACTIVE the only editable one', () => {
      expect([...workflow.states]).toEqual([...purchaseStates])
      expect(workflow.terminal).toEqual(['CANCELLED'])
      expect(workflow.isIn('editable', 'ACTIVE')).toBe(true)
      expect(workflow.isIn('editable', 'CANCELLED')).toBe(false)
      expect(workflow.isIn('terminal', 'CANCELLED')).toBe(true)
    })

    it('names cancel, from ACTIVE, needing update (the permission catalogue already holds it)', () => {
      expect(workflow.actions.map(({ action, from, to, permission }) => ({ action, from, to, permission }))).toEqual([{ action: 'cancel', from: ['ACTIVE'], to: 'CANCELLED', permission: 'update' }])
      expect(workflow.permissions()).toEqual(['update'])
      expect(workflow.requiresReason('cancel')).toBe(false)
    })

    it('lets the person in charge (own) and an update-any holder cancel an ACTIVE record', () => {
      expect(workflow.next('ACTIVE', 'cancel', record('ACTIVE'), own)).toBe('CANCELLED')
      expect(workflow.next('ACTIVE', 'cancel', record('ACTIVE', 99), any)).toBe('CANCELLED')
    })

    it('refuses another manager, read/create-only staff, a grant on the other kind, vendors and the system (409)', () => {
      for (const user of [readOnly, otherResource, vendor, { ability: { can: () => false } }]) {
        expect(workflow.actionsFrom('ACTIVE', record('ACTIVE'), user)).toEqual([])
        expect(() => workflow.next('ACTIVE', 'cancel', record('ACTIVE'), user)).toThrow(expect.objectContaining({ code: 409 }))
      }
      expect(workflow.actionsFrom('ACTIVE', record('ACTIVE', 99), own)).toEqual([])
      expect(workflow.actionsFrom('ACTIVE', record('ACTIVE', null), own)).toEqual([])
    })

    it('property: any state, action, owner and grant: a move happens only ACTIVE → cancel → CANCELLED by an updater of that record', () => {
      const grants = fc.subarray([`${resource}:update:own`, `${resource}:update:any`, `${resource}:read:any`, `${resource}:delete:any`, 'tenders:update:any'])
      fc.assert(
        fc.property(
          fc.constantFrom(...purchaseStates),
          fc.constantFrom('cancel', 'reopen', 'update', 'patch', 'submit'),
          fc.option(fc.integer({ min: 1, max: 9 })),
          grants,
          (state, action, managedBy, held) => {
            const user = actor(held)
            const updater = held.includes(`${resource}:update:any`) || (held.includes(`${resource}:update:own`) && managedBy === PM)
            const allowed = state === 'ACTIVE' && action === 'cancel' && updater
            expect(workflow.can(state, action, record(state, managedBy), user)).toBe(allowed)
            if (allowed) expect(workflow.next(state, action, record(state, managedBy), user)).toBe('CANCELLED')
            else expect(() => workflow.next(state, action, record(state, managedBy), user)).toThrow(expect.objectContaining({ code: 409 }))
          }
        )
      )
    })
  })
}
