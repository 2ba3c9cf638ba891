import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { crudActions } from '../../../../abilities/permissions.shared.js'
import { buildPermissionCatalogue } from '../../../../abilities/permission-catalogue.shared.js'
import { tendersShared } from '../../module.shared.js'
import {
  addendumWorkflow,
  isTenderIn,
  systemActor,
  tenderPermissionActions,
  tenderPhases,
  tenderStates,
  tenderWorkflow,
  type TenderActor,
  type TenderFacts,
  type TenderState
} from './tender.workflow.js'
import { allowsEverything } from '../../test/workflow-actors.js'

/*
 * The status phases other code asks about are read from the tender table (never kept as lists
 * of their own), and the table answers what the permission catalogue lists.
 */
describe('tender phases', () => {
  it('decided is what the table leads nowhere from', () => {
    expect([...tenderPhases.decided].sort()).toEqual(['AWARDED', 'CANCELLED', 'DECLINED', 'REGRETTED'])
    for (const state of tenderStates) expect(isTenderIn('decided', state)).toBe(tenderWorkflow.table[state].length === 0)
  })
  it('vendors see a tender from issue on, in table order', () => {
    expect(tenderPhases.vendorVisible).toEqual(['ISSUED', 'READY', 'REVIEW', 'AWARDED', 'REGRETTED', 'DECLINED', 'CANCELLED'])
  })
  it('bidding is over in every vendor-visible status but ISSUED', () => {
    expect(tenderPhases.biddingOver).toEqual(['READY', 'REVIEW', 'AWARDED', 'REGRETTED', 'DECLINED', 'CANCELLED'])
  })
  it('the content is edited while DRAFT or REJECTED, the only statuses the submit/reset cycle returns to', () => {
    expect(tenderPhases.editable).toEqual(['DRAFT', 'REJECTED'])
    expect(addendumWorkflow.phases).toEqual({})
  })
  it('bids are opened in REVIEW and the decisions taken from it, not in a tender cancelled there', () => {
    expect(tenderPhases.opened).toEqual(['REVIEW', 'AWARDED', 'REGRETTED'])
    const fromReview = tenderWorkflow.table.REVIEW.map((transition) => transition.to)
    for (const state of tenderPhases.opened.filter((state) => state !== 'REVIEW')) expect(fromReview).toContain(state)
  })
  it('an unknown or missing status is in no phase', () => {
    for (const phase of Object.keys(tenderPhases) as Array<keyof typeof tenderPhases>) {
      expect(isTenderIn(phase, 'NOPE')).toBe(false)
      expect(isTenderIn(phase, null)).toBe(false)
    }
  })
  it('a vendor-visible tender never returns to a pre-issue status', () => {
    for (const state of tenderPhases.vendorVisible) {
      for (const transition of tenderWorkflow.table[state]) expect(tenderPhases.vendorVisible).toContain(transition.to)
    }
  })
})

describe('tender actions and the permission catalogue', () => {
  it('the catalogue lists exactly the workflow actions people take, plus changeManager and review', () => {
    const catalogue = buildPermissionCatalogue([tendersShared]).resources.tenders.filter((action) => !(crudActions as readonly string[]).includes(action))
    expect([...tenderPermissionActions].sort()).toEqual([...catalogue].sort())
  })
  it('the system moves (close, declineAll) are no permission and no person takes them', () => {
    const everything: TenderActor = { id: 1, portal: 'staff', ability: allowsEverything }
    const facts = (status: TenderState): TenderFacts => ({ status, managedBy: 1, approverId: 2, version: 0, closingAt: '2026-01-01T00:00:00Z', now: '2027-01-01T00:00:00Z', allBidsDeclined: true })
    for (const action of tenderWorkflow.actions.filter((candidate) => candidate.system)) {
      expect(tenderPermissionActions).not.toContain(action.action)
      for (const state of action.from) {
        expect(tenderWorkflow.can(state, action.action, facts(state), everything)).toBe(false)
        expect(tenderWorkflow.can(state, action.action, facts(state), systemActor)).toBe(true)
      }
    }
  })
  it('a move with a reason or a time window says so, and its guard refuses outside the window', () => {
    expect(tenderWorkflow.requiresReason('reject')).toBe(true)
    expect(tenderWorkflow.requiresReason('extend')).toBe(true)
    expect(tenderWorkflow.permissionOf('addendum')).toBe('update')
    const actor: TenderActor = { id: 1, portal: 'staff', ability: allowsEverything }
    const closingAt = '2026-03-10T09:00:00.000Z'
    fc.assert(
      fc.property(fc.integer({ min: -10 * 86_400_000, max: 10 * 86_400_000 }), (offset) => {
        const now = new Date(Date.parse(closingAt) + offset).toISOString()
        for (const action of tenderWorkflow.actions.filter((candidate) => candidate.timeWindow)) {
          for (const state of action.from) {
            const facts: TenderFacts = { status: state, managedBy: 1, approverId: 2, version: 0, closingAt, now }
            const open = tenderWorkflow.can(state, action.action, facts, action.system ? systemActor : actor)
            if (action.timeWindow === 'beforeClosing' && offset >= 0) expect(open).toBe(false)
            if (action.timeWindow === 'afterClosing' && offset < 0) expect(open).toBe(false)
            if (open === false && ((action.timeWindow === 'beforeClosing' && offset < 0) || (action.timeWindow === 'afterClosing' && offset >= 0))) {
              throw new Error(`${action.action} from ${state} refused inside its window`)
            }
          }
        }
      })
    )
  })
})
