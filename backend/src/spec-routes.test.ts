import { describe, expect, it } from 'vitest'
import { actionToStatus, compileSpecRoutes, matchSpecRoute } from './spec-routes.js'
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
  const compiled = compileSpecRoutes()

  it('matches the spec paths with their parts decoded, trailing slash or not', () => {
    expect(matchSpecRoute(compiled, 'GET', '/tenders/as-representative')?.route.pattern).toBe('tenders/as-representative')
    expect(matchSpecRoute(compiled, 'GET', '/tenders/abc/termsId')?.match).toEqual({ id: 'abc' })
    expect(matchSpecRoute(compiled, 'POST', '/purchases/orders/')?.route.pattern).toBe('purchases/orders')
    expect(matchSpecRoute(compiled, 'GET', '/purchases/orders/PO%2F1/is-used')?.match).toEqual({ number: 'PO/1' })
    expect(matchSpecRoute(compiled, 'GET', '/revisions/tenders/t1/versions/2')?.match).toEqual({ id: 't1', n: '2' })
  })

  it('leaves our own paths alone', () => {
    for (const [method, path] of [['GET', '/tenders'], ['GET', '/tenders/abc'], ['POST', '/tenders'], ['GET', '/bids/abc'], ['GET', '/tenders/abc/terms'], ['PATCH', '/tender-queries/1']]) {
      expect(matchSpecRoute(compiled, method, path)).toBeNull()
    }
  })
})
