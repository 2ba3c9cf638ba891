import { defineWorkflow, type Transition } from '../../../../kit/workflow.js'
import {
  isBeforeClosing,
  isTenderIn,
  permitted,
  sameId,
  tenderScreenStatus,
  toMillis,
  type AddendumPendingState,
  type Id,
  type Instant,
  type TenderActor,
  type TenderState
} from '../tenders/tender.workflow.js'

/*
 * The vendor bid workflow (PRODUCT.md "Workflows": Bid; spec §4). Browser-safe and pure.
 *
 * Actors follow tender.workflow's convention (the caller's CASL `ability`, portal 'system' for
 * automation). A bidder is a vendor-portal actor whose `companyId` is the
 * bid's `vendorId` (the vendor company's id). Staff actions (query, reopen) need the tender's
 * person in charge or an `update` grant on every tender, as the tender's own actions do.
 *
 * Time: the caller passes `now` with the facts; time guards refuse when it is missing.
 * - save, submit, decline: a bidder, tender ISSUED, before closing; decline also needs a reason
 *   of 1..139 characters after trimming (spec: "under 140").
 * - query (SUBMITTED → QUERY): staff in charge while the tender is in REVIEW.
 * - answer (QUERY → SUBMITTED): the bidder; expire (QUERY → SUBMITTED): the system when the
 *   query closes unanswered (our addition, so a bid never stays in QUERY).
 * - reopen (SUBMITTED → REOPEN): staff in charge, tender ISSUED, before closing; the vendor then
 *   changes it (save keeps REOPEN) and submits again (REOPEN → submit → SUBMITTED, same guard as a
 *   first submission).
 * - reinvite (re-issue of an addendum, spec §4): every bid not INVITED or DECLINED returns to
 *   INVITED; taken by the system or the staff member issuing the addendum, tender ISSUED.
 */

export const bidStates = ['INVITED', 'DRAFT', 'SUBMITTED', 'QUERY', 'REOPEN', 'DECLINED'] as const
export type BidState = (typeof bidStates)[number]
export const bidActions = ['save', 'submit', 'decline', 'query', 'answer', 'expire', 'reopen', 'reinvite'] as const
export type BidAction = (typeof bidActions)[number]

export const declineReasonMaxLength = 139

export interface BidFacts {
  status: BidState
  /** The vendor company the bid belongs to. */
  vendorId: Id | null
  tenderStatus: TenderState
  tenderManagedBy: Id | null
  /** The tender's closing instant. */
  closingAt: Instant | null
  now?: Instant
  declineReason?: string | null
}

export interface BidActor extends TenderActor {
  companyId?: Id | null
}

/** Characters as people count them (code points), after trimming. */
export function reasonLength(reason: string | null | undefined): number {
  return typeof reason === 'string' ? [...reason.trim()].length : 0
}

export function isValidDeclineReason(reason: string | null | undefined): boolean {
  const length = reasonLength(reason)
  return length >= 1 && length <= declineReasonMaxLength
}

const isBidder = (bid: BidFacts, user: BidActor | undefined) => user?.portal === 'vendors' && sameId(bid?.vendorId, user.companyId)

const biddingOpen = (bid: BidFacts) => bid?.tenderStatus === 'ISSUED' && isBeforeClosing(bid)

const isStaffInCharge = (bid: BidFacts, user: BidActor | undefined) =>
  permitted({ status: bid?.tenderStatus, managedBy: bid?.tenderManagedBy, approverId: null, version: 0, closingAt: bid?.closingAt }, user, 'update')

const mayBid = (bid: BidFacts, user: BidActor) => isBidder(bid, user) && biddingOpen(bid)
const mayDecline = (bid: BidFacts, user: BidActor) => mayBid(bid, user) && isValidDeclineReason(bid.declineReason)
const mayQuery = (bid: BidFacts, user: BidActor) => isStaffInCharge(bid, user) && bid.tenderStatus === 'REVIEW'
const mayAnswer = (bid: BidFacts, user: BidActor) => isBidder(bid, user)
const mayExpire = (_bid: BidFacts, user: BidActor) => user?.portal === 'system'
const mayReopen = (bid: BidFacts, user: BidActor) => isStaffInCharge(bid, user) && biddingOpen(bid)
const mayReinvite = (bid: BidFacts, user: BidActor) => (user?.portal === 'system' || isStaffInCharge(bid, user)) && bid?.tenderStatus === 'ISSUED'

type T = Transition<BidState, BidFacts, BidActor>
const save: T = { action: 'save', to: 'DRAFT', guard: mayBid }
const submit: T = { action: 'submit', to: 'SUBMITTED', guard: mayBid }
const decline: T = { action: 'decline', to: 'DECLINED', guard: mayDecline }
const reinvite: T = { action: 'reinvite', to: 'INVITED', guard: mayReinvite }

export const bidWorkflow = defineWorkflow<BidState, BidFacts, BidActor>({
  INVITED: [save, submit, decline],
  DRAFT: [save, submit, decline, reinvite],
  SUBMITTED: [{ action: 'query', to: 'QUERY', guard: mayQuery }, { action: 'reopen', to: 'REOPEN', guard: mayReopen }, reinvite],
  QUERY: [{ action: 'answer', to: 'SUBMITTED', guard: mayAnswer }, { action: 'expire', to: 'SUBMITTED', guard: mayExpire }, reinvite],
  // A reopened bid is changed (saved, still REOPEN) and submitted again.
  REOPEN: [{ action: 'save', to: 'REOPEN', guard: mayBid }, submit, reinvite],
  DECLINED: []
})

/** No-show bids: not replied. These are notified when the closing date is extended. */
export function isNoShow(bid: { status: BidState }): boolean {
  return bid.status === 'INVITED' || bid.status === 'DRAFT'
}

export interface BidDisplayTender {
  status: TenderState
  version: number
  addendumStatus?: AddendumPendingState | null
}

export interface BidDisplayQuery {
  status: 'DRAFT' | 'ISSUED' | 'SUBMITTED' | 'NO_RESPONSE'
  closingAt: Instant | null
}

export interface BidDisplayOptions {
  /** The health check screen: replies shown as REPLIED, the rest as NO SHOW. */
  healthCheck?: boolean
  /** The clock for the Q-SUBMITTED rule; defaults to the current time. */
  now?: Instant
}

/**
 * The status a bid shows (spec §4 "Display"), in this order:
 * 1. INVITED and DRAFT show NO SHOW in the health check and once bidding is over (tender
 *    READY or later, or CANCELLED); while bidding is open INVITED shows INVITED, or A-INVITED when
 *    the tender version is above 1, or is 1 and the tender is ISSUED (a pending addendum's
 *    status counts, so a bid is not A- before addendum 1 is issued); DRAFT shows DRAFT.
 * 2. In the health check SUBMITTED and DECLINED show REPLIED.
 * 3. With the tender in REVIEW, a SUBMITTED bid (or QUERY: our workflow moves the bid there when
 *    a query is issued) with a latest query shows: query ISSUED → Q-INVITED; query SUBMITTED with
 *    a closing date still ahead → Q-SUBMITTED.
 * 4. Otherwise the bid's own status.
 */
export function bidDisplayStatus(bid: { status: BidState }, tender: BidDisplayTender, latestQuery?: BidDisplayQuery | null, { healthCheck = false, now = new Date() }: BidDisplayOptions = {}): string {
  const tenderStatus = tenderScreenStatus(tender)
  if (isNoShow(bid)) {
    if (healthCheck || isTenderIn('biddingOver', tenderStatus)) return 'NO SHOW'
    if (bid.status === 'DRAFT') return 'DRAFT'
    return tender.version > 1 || (tender.version === 1 && tenderStatus === 'ISSUED') ? 'A-INVITED' : 'INVITED'
  }
  if (healthCheck && (bid.status === 'SUBMITTED' || bid.status === 'DECLINED')) return 'REPLIED'
  if (tenderStatus === 'REVIEW' && (bid.status === 'SUBMITTED' || bid.status === 'QUERY') && latestQuery) {
    if (latestQuery.status === 'ISSUED') return 'Q-INVITED'
    const closing = toMillis(latestQuery.closingAt)
    const at = toMillis(now)
    if (latestQuery.status === 'SUBMITTED' && closing !== null && at !== null && closing > at) return 'Q-SUBMITTED'
  }
  return bid.status
}
