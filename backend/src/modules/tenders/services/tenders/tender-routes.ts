import { sameId, tenderRouteAllowed, tenderRoutes, tenderScreen, tenderScreenStatus, type AddendumPendingState, type Id, type TenderRoute, type TenderState } from './tender.workflow.js'

/*
 * Which tender screen a user opens and may open (spec §2 "Which tender screen opens, by status"
 * and route validity, §6 representatives). Browser-safe and pure: the staff list, the dashboard
 * and every tender screen's guard use it; the server enforces the same reading on the data.
 */

export interface RoutedTender {
  id: Id
  status: TenderState
  version?: number | null
  addendumStatus?: AddendumPendingState | null
  managedBy?: Id | null
  approverId?: Id | null
  /** Set by the server for a caller listed in the tender's accounts. */
  isRepresentative?: boolean
}

export interface RouteViewer {
  userId?: Id | null
  /** Outside the staff portal (a vendor-portal representative). */
  external?: boolean
}

/** The address of a tender screen. */
export const tenderRoutePath = (route: TenderRoute, id: Id) => tenderRoutes[route].path.replace(':id', encodeURIComponent(String(id)))

/**
 * The address a tender opens at, by its screen status: the chosen approver opens a waiting tender
 * in the approver view; a pending addendum past its draft opens in the addendum view (where it
 * is approved), its draft in the addendum edit.
 */
export function tenderPath(tender: RoutedTender, userId?: Id | null): string {
  const status = tenderScreenStatus({ status: tender.status, addendumStatus: tender.addendumStatus ?? null })
  const isApprover = sameId(tender.approverId, userId)
  const screen = tenderScreen(status, Number(tender.version ?? 0), { isApprover })
  if (tender.addendumStatus && screen !== 'addendumEdit' && screen !== 'edit') return tenderRoutePath('addendumView', tender.id)
  return tenderRoutePath(screen, tender.id)
}

/**
 * Whether this viewer may open this tender screen: the route must be valid for the tender's
 * screen status or its own status (`tenderRouteAllowed`); a vendor-portal user only as the tender's representative; a
 * representative (who is not the person in charge) only while the tender is in REVIEW.
 */
export function tenderRouteOpen(route: TenderRoute, tender: RoutedTender, { userId, external = false }: RouteViewer = {}): boolean {
  const status = tenderScreenStatus({ status: tender.status, addendumStatus: tender.addendumStatus ?? null })
  const version = Number(tender.version ?? 0)
  // An issued tender with a pending addendum keeps its own screens (health check, summary) too.
  const allowed = tenderRouteAllowed(route, status, version, { external }) || tenderRouteAllowed(route, tender.status, version, { external })
  if (!allowed) return false
  if (external) return tender.isRepresentative === true && tender.status === 'REVIEW'
  if (tender.isRepresentative === true && !sameId(tender.managedBy, userId)) return tender.status === 'REVIEW'
  return true
}
