import { sealedBidFields } from './bids.shared.js'
import { receiptCheckOf } from '../tenders/bid-receipt.js'
import { tenderPhases } from '../tenders/tender.workflow.js'

/** The tender statuses in which staff read the bids' prices (PRODUCT.md: READY is still sealed, `open` unseals). */
export const unsealedTenderStatuses: readonly string[] = tenderPhases.opened

export interface BidViewer {
  portal: 'staff' | 'vendors' | 'tenants'
  companyId?: number | null
}

/**
 * Sealed bids, decided in this one place: the vendor who owns a bid always reads it; anyone else
 * only once the tender's closing date has passed and the tender was opened.
 */
export function isSealedFor(bid: { companyId: number }, tender: { status: string; closingAt: unknown } | undefined, viewer: BidViewer, now = new Date()) {
  if (viewer.portal === 'vendors' && viewer.companyId != null && viewer.companyId === bid.companyId) return false
  if (!tender?.closingAt) return true
  const closing = new Date(tender.closingAt as any).getTime()
  return !(now.getTime() >= closing && unsealedTenderStatuses.includes(tender.status))
}

/**
 * The bid as this viewer may read it: sealed fields removed and `sealed: true` when withheld;
 * otherwise with `receiptCheck`, its receipt checked against the content it carries (VERIFIED,
 * FAILED, NO_NONCE for a receipt issued before nonces, NONE without a receipt).
 */
export function sealBid<T extends Record<string, any>>(bid: T, tender: { status: string; closingAt: unknown } | undefined, viewer: BidViewer, now = new Date()): T {
  if (!isSealedFor(bid as any, tender, viewer, now)) return { ...bid, sealed: false, receiptCheck: receiptCheckOf(bid) }
  const copy: Record<string, any> = { ...bid, sealed: true }
  for (const field of sealedBidFields) delete copy[field]
  return copy as T
}
