import { describe, expect, it } from 'vitest'
import { tenderStates, type TenderState } from './tender.workflow.js'
import { tenderPath, tenderRouteOpen, tenderRoutePath, type RoutedTender } from './tender-routes.js'

const ID = 'abcdefghijklmnopqrstuvwx'
const tender = (status: TenderState, over: Partial<RoutedTender> = {}): RoutedTender => ({ id: ID, status, version: 0, managedBy: 1, approverId: 2, ...over })

describe('tenderPath: the screen a tender opens, by status', () => {
  const expected: Record<TenderState, string> = {
    DRAFT: `/tender/edit/${ID}`,
    REJECTED: `/tender/edit/${ID}`,
    WAPPR: `/tender/${ID}`,
    APPR: `/tender/${ID}`,
    CANCELLED: `/tender/${ID}`,
    ISSUED: `/summary/${ID}/health-check`,
    READY: `/summary/${ID}/health-check`,
    DECLINED: `/summary/${ID}/health-check`,
    REVIEW: `/summary/${ID}/analysis-recos`,
    AWARDED: `/summary/${ID}/analysis-recos`,
    REGRETTED: `/summary/${ID}/analysis-recos`
  }
  for (const status of tenderStates) it(status, () => expect(tenderPath(tender(status), 1)).toBe(expected[status]))
  it('the chosen approver opens a waiting tender in the approver view', () => {
    expect(tenderPath(tender('WAPPR'), 2)).toBe(`/tm/tender/${ID}`)
    expect(tenderPath(tender('WAPPR'), '2')).toBe(`/tm/tender/${ID}`)
    expect(tenderPath(tender('APPR'), 2)).toBe(`/tender/${ID}`)
  })
  it('a pending addendum opens the addendum screens: its draft the edit, then the view (approver too)', () => {
    expect(tenderPath(tender('ISSUED', { version: 1, addendumStatus: 'DRAFT' }), 1)).toBe(`/tender/addendum/edit/${ID}`)
    expect(tenderPath(tender('ISSUED', { version: 1, addendumStatus: 'REJECTED' }), 1)).toBe(`/tender/addendum/edit/${ID}`)
    expect(tenderPath(tender('DRAFT', { version: 2 }), 1)).toBe(`/tender/addendum/edit/${ID}`)
    for (const addendumStatus of ['WAPPR', 'APPR'] as const) {
      expect(tenderPath(tender('ISSUED', { version: 1, addendumStatus }), 1)).toBe(`/tender/addendum/${ID}`)
      expect(tenderPath(tender('ISSUED', { version: 1, addendumStatus }), 2)).toBe(`/tender/addendum/${ID}`)
    }
    expect(tenderPath(tender('ISSUED', { version: 1 }), 1)).toBe(`/summary/${ID}/health-check`)
  })
  it('addresses encode the id', () => expect(tenderRoutePath('comparison', 'a/b')).toBe('/comparison/a%2Fb'))
})

describe('tenderRouteOpen', () => {
  const review = ['analysisRecos', 'comparison', 'queryStatus'] as const
  it('staff: the review screens from REVIEW on; the health check from issue on', () => {
    for (const status of tenderStates) {
      for (const route of review) expect(tenderRouteOpen(route, tender(status), { userId: 1 })).toBe(['REVIEW', 'AWARDED', 'REGRETTED'].includes(status))
      expect(tenderRouteOpen('healthCheck', tender(status), { userId: 1 })).toBe(['ISSUED', 'READY', 'REVIEW', 'AWARDED', 'REGRETTED', 'DECLINED'].includes(status))
      expect(tenderRouteOpen('approverView', tender(status), { userId: 2 })).toBe(['WAPPR', 'APPR', 'REJECTED'].includes(status))
    }
  })
  it('a staff representative reviews only in REVIEW; the person in charge listed as one keeps every status', () => {
    for (const status of tenderStates) {
      for (const route of review) {
        expect(tenderRouteOpen(route, tender(status, { isRepresentative: true }), { userId: 9 })).toBe(status === 'REVIEW')
        expect(tenderRouteOpen(route, tender(status, { isRepresentative: true }), { userId: 1 })).toBe(['REVIEW', 'AWARDED', 'REGRETTED'].includes(status))
      }
    }
  })
  it('an issued tender with a pending addendum keeps its summary screens, and gains the addendum ones', () => {
    const pending = tender('ISSUED', { version: 1, addendumStatus: 'WAPPR' })
    for (const route of ['healthCheck', 'addendumSummary', 'addendumView', 'approverView'] as const) expect(tenderRouteOpen(route, pending, { userId: 1 })).toBe(true)
    expect(tenderRouteOpen('comparison', pending, { userId: 1 })).toBe(false)
    expect(tenderRouteOpen('edit', pending, { userId: 1 })).toBe(false)
  })
  it('vendor portal: only a representative, only in REVIEW, never the engineer-only screens', () => {
    for (const status of tenderStates) {
      expect(tenderRouteOpen('representativeReview', tender(status, { isRepresentative: true }), { userId: 9, external: true })).toBe(status === 'REVIEW')
      expect(tenderRouteOpen('comparison', tender(status, { isRepresentative: true }), { userId: 9, external: true })).toBe(status === 'REVIEW')
      expect(tenderRouteOpen('comparison', tender(status), { userId: 9, external: true })).toBe(false)
      expect(tenderRouteOpen('representativeReview', tender(status, { isRepresentative: false }), { userId: 9, external: true })).toBe(false)
      expect(tenderRouteOpen('approverView', tender(status, { isRepresentative: true }), { userId: 9, external: true })).toBe(false)
      expect(tenderRouteOpen('edit', tender(status, { isRepresentative: true }), { userId: 9, external: true })).toBe(false)
    }
  })
})
