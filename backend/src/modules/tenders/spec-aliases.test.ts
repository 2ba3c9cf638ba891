import { describe, expect, it } from 'vitest'
import { actionToStatus } from '../../kit/spec-aliases.js'
import { compileSpecRoutes, matchSpecRoute } from '../../spec-routes.js'
import { modules } from '../index.js'
import { tenderEditOf } from './spec-aliases.js'
import { tenderWorkflow } from './services/tenders/tender.workflow.js'
import { queryWorkflow } from './services/queries/query.workflow.js'
import { tendersMethods } from './services/tenders/tenders.shared.js'
import { tenderQueriesMethods } from './services/queries/tender-queries.shared.js'

describe('actionToStatus', () => {
  it('finds the one tender action that moves a tender into the status asked for', () => {
    const action = (status: string) => actionToStatus(tenderWorkflow.table, tendersMethods, status)
    expect(action('WAPPR')).toBe('submit')
    expect(action('APPR')).toBe('approve')
    expect(action('REJECTED')).toBe('reject')
    expect(action('DRAFT')).toBe('reset')
    // extend and addendum keep the tender ISSUED: only issue moves it there.
    expect(action('ISSUED')).toBe('issue')
    expect(action('REVIEW')).toBe('open')
    expect(action('AWARDED')).toBe('award')
    expect(action('REGRETTED')).toBe('regretAll')
    expect(action('CANCELLED')).toBe('cancel')
    // Only the system closes and declines: no method of the service leads there.
    expect(action('READY')).toBeNull()
    expect(action('DECLINED')).toBeNull()
    expect(action('NOPE')).toBeNull()
  })

  it('finds the query actions', () => {
    expect(actionToStatus(queryWorkflow.table, tenderQueriesMethods, 'ISSUED')).toBe('issue')
    expect(actionToStatus(queryWorkflow.table, tenderQueriesMethods, 'SUBMITTED')).toBe('answer')
    expect(actionToStatus(queryWorkflow.table, tenderQueriesMethods, 'NO_RESPONSE')).toBeNull()
  })
})

describe('matchSpecRoute', () => {
  const compiled = compileSpecRoutes(modules)

  it('matches the spec paths with their parts decoded, trailing slash or not', () => {
    expect(matchSpecRoute(compiled, 'GET', '/tenders/as-representative')?.route.pattern).toBe('tenders/as-representative')
    expect(matchSpecRoute(compiled, 'GET', '/tenders/abc/termsId')?.match).toEqual({ id: 'abc' })
    expect(matchSpecRoute(compiled, 'POST', '/purchases/orders/')?.route.pattern).toBe('purchases/orders')
    expect(matchSpecRoute(compiled, 'GET', '/purchases/orders/PO%2F1/is-used')?.match).toEqual({ number: 'PO/1' })
    expect(matchSpecRoute(compiled, 'GET', '/revisions/tenders/t1/versions/2')?.match).toEqual({ id: 't1', n: '2' })
  })

  it('leaves our own paths alone', () => {
    for (const [method, path] of [
      ['GET', '/tenders'],
      ['GET', '/tenders/abc'],
      ['POST', '/tenders'],
      ['GET', '/bids/abc'],
      ['GET', '/tenders/abc/terms'],
      ['PATCH', '/tender-queries/1']
    ]) {
      expect(matchSpecRoute(compiled, method, path)).toBeNull()
    }
  })
})

describe('tenderEditOf (spec PUT tenders/{id})', () => {
  const item = { id: 'i1', itemNo: '1.1', itemDesc: 'Preliminaries', itemQty: 1, itemUnit: 'Lot', rate: 100 }

  it('maps a full tender onto our edit, leaving the read-only parts out', () => {
    expect(
      tenderEditOf({
        id: 't1',
        status: 'DRAFT',
        version: 0,
        managedBy: 3,
        manager: { id: 3 },
        bids: [],
        accounts: [],
        histories: [],
        createdAt: 'x',
        purchaseRequisition: { number: 'PR-1', budget: 10, currencyCode: 'HKD' },
        general: {
          id: 't1',
          prNumber: 'PR-1',
          status: 'DRAFT',
          closingDate: '2030-01-01T09:00:00.000Z',
          validityPeriod: 90,
          termsVersion: null,
          paymentTerms: '30 days',
          conditionsOfContracts: 'SPECIAL'
        },
        scopeOfWorks: { generalDesc: 'Scope' },
        service: { groups: [{ id: 'g1', name: 'Works', lineItems: [{ ...item, total: 100, checked: true }] }] },
        deleteDocs: true,
        updatedAt: '2026-11-21T00:00:00.000Z'
      })
    ).toEqual({
      general: { paymentTerms: '30 days', conditionsOfContracts: 'SPECIAL' },
      closingAt: '2030-01-01T09:00:00.000Z',
      validityDays: 90,
      scope: { generalDesc: 'Scope' },
      lineItemGroups: [{ id: 'g1', name: 'Works', lineItems: [item] }],
      deleteDocs: true,
      updatedAt: '2026-11-21T00:00:00.000Z'
    })
  })

  it('takes our own names (a record as GET tenders/{id} answers it) and a service given as the list of groups', () => {
    const groups = [{ id: 'g1', lineItems: [item] }]
    expect(tenderEditOf({ id: 't1', region: 'HK', closingAt: 'c', validityDays: 30, termsVersion: 2, general: {}, scope: null, lineItemGroups: groups, updatedAt: 'u' })).toEqual({
      general: {},
      closingAt: 'c',
      validityDays: 30,
      termsVersion: 2,
      lineItemGroups: groups,
      updatedAt: 'u'
    })
    expect(tenderEditOf({ service: groups, updatedAt: 'u' })).toEqual({ lineItemGroups: groups, updatedAt: 'u' })
  })

  it('reads a body without a general object as the general part itself; unknown line item fields stay for the validator', () => {
    expect(tenderEditOf({ id: 't1', prNumber: 'PR-1', workingHours: 'Mon-Fri', closingDate: 'c', updatedAt: 'u' })).toEqual({ general: { workingHours: 'Mon-Fri' }, closingAt: 'c', updatedAt: 'u' })
    expect(tenderEditOf({ updatedAt: 'u' })).toEqual({ updatedAt: 'u' })
    expect(tenderEditOf({ service: { groups: [{ id: 'g1', lineItems: [{ ...item, colour: 'red' }] }] } }).lineItemGroups).toEqual([{ id: 'g1', lineItems: [{ ...item, colour: 'red' }] }])
    expect(tenderEditOf(null)).toEqual({})
  })
})
