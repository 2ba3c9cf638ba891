import type { Params } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import type { Application, HookContext } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { portalOf } from '../../../../abilities/permissions.shared.js'
import { publishTenderPart } from '../tenders/tender-channels.js'
import { sealBid } from './bid-seal.js'
import { mayActOnTender, randomIdPattern, readsAnyTender, withPartTender, type TenderPart } from '../tenders/tenders.access.js'
import { mayReview, representativeOf } from '../tenders/tender-representatives.js'
import { caslAllows, defineAccess } from '../../../../kit/access.js'
import { bidsPath } from './bids.shared.js'

/*
 * Who reads bids, in one place (used by find, get and the lock of every bid write):
 * - vendors through their `bids` read rule, their company's bids only ("own" = the company);
 * - staff through the tenders they may read (an unconditioned `tenders` read rule reads every
 *   bid; "own" is the tenders they are in charge of: no bid column holds that);
 * - a tender's representatives (`tenders:review`) every bid of the tender while it is in REVIEW.
 * Which fields each reads is bid-seal.ts (sealed until the tender is opened), applied by
 * `bidFieldsView` to every answer; live events reach the same people (`bidEventReaders`).
 * Used by find, get, the lock of every bid write, the channels and the bid documents; the kit
 * applies them through `bidsAccess`.
 */

/** May the caller read bids at all (403 otherwise, before any record is looked at)? */
export function mayReadBids(params: Params): boolean {
  const user = params.user
  if (!user) return false
  const portal = portalOf(user.userType)
  return mayReview(params) || (portal === 'vendors' ? Boolean(params.ability?.can('read', 'bids')) : portal === 'staff' ? Boolean(params.ability?.can('read', 'tenders')) : false)
}

/** The bids the caller reads: the list's narrowing, and the lock of a write. */
export function narrowBids(query: Knex.QueryBuilder, params: Params, db: Knex): Knex.QueryBuilder {
  const user = params.user
  if (!params.provider || !user) return query
  const portal = portalOf(user.userType)
  const asRepresentative = mayReview(params) ? representativeOf(db, 'bids.tender_id', user.id, { inReview: true }) : null
  if (portal === 'vendors') {
    if (!asRepresentative) return query.where('bids.companyId', user.companyId ?? -1)
    return query.where((inner) => inner.where('bids.companyId', user.companyId ?? -1).orWhereExists(asRepresentative))
  }
  if (portal !== 'staff') return query.whereRaw('false')
  if (readsAnyTender(params)) return query
  const tenders = db('tenders').whereRaw('tenders.id = bids.tender_id').where('tenders.managedBy', user.id)
  if (!asRepresentative) return query.whereExists(tenders)
  return query.where((inner) => inner.whereExists(tenders).orWhereExists(asRepresentative))
}

/**
 * Vendors need a `bids` read rule (own = their company); staff read bids through the tenders they
 * may read; tender representatives through `tenders:review` (the service narrows to their tenders).
 */
export const authorizeBidRead = async (context: HookContext) => {
  const { params } = context
  if (!params.provider || !params.user) return context
  if (!mayReadBids(params)) throw appError(403, 'FORBIDDEN')
  return context
}

/**
 * Every answer of the service to a caller passes here: sealed fields leave only for the bid's
 * own vendor, or once the tender is opened after closing. Audit rows and real-time events never
 * carry them (service option `secretFields`).
 */
export const bidFieldsView = async (context: HookContext) => {
  const { params } = context
  if (!params.provider || !context.result) return context
  const result = context.result
  const records: any[] = Array.isArray(result) ? result : Array.isArray(result.data) ? result.data : [result]
  // A bid write read its tender already (`params.tenders`, bids.class.ts): not again.
  const known: any[] = (params as any).tenders ?? []
  const tenderIds = [...new Set(records.map((record) => record.tenderId))].filter((id) => !known.some((tender) => tender.id === id))
  const tenders = [...known, ...(tenderIds.length ? await context.app.get('knex')('tenders').whereIn('id', tenderIds).select('id', 'status', 'closingAt') : [])]
  const viewer = { portal: params.user ? portalOf(params.user.userType) : 'tenants', companyId: params.user?.companyId } as const
  const now = new Date()
  const sealed = records.map((record) =>
    sealBid(
      record,
      tenders.find((tender: any) => tender.id === record.tenderId),
      viewer as any,
      now
    )
  )
  if (Array.isArray(result)) context.result = sealed
  else if (Array.isArray(result.data)) context.result = { ...result, data: sealed }
  else context.result = sealed[0]
  return context
}

/**
 * A vendor-portal tender representative reads other companies' bids but no company records:
 * their names ride on the bids (staff read the companies themselves; bidders only their own).
 */
export const representativeCompanyNames = async (context: HookContext) => {
  const { params, result } = context
  if (!params.provider || !params.user || portalOf(params.user.userType) !== 'vendors' || !mayReview(params) || !result) return context
  const records: any[] = Array.isArray(result) ? result : Array.isArray(result.data) ? result.data : [result]
  const ids = [...new Set(records.map((record) => record.companyId))]
  const names: any[] = ids.length ? await context.app.get('knex')('companies').whereIn('id', ids).select('id', 'name') : []
  for (const record of records) record.companyName = names.find((company) => company.id === record.companyId)?.name ?? null
  return context
}

/** Live events of a bid: the readers above (tender-channels.ts `publishTenderPart`), sealed fields never carried. */
export const bidEventReaders = (app: Application, data: any, context: HookContext) => publishTenderPart(app, data, context, 'bids')

/** A bid as the contract's rules take it: with its tender and the tender's representatives (tenders.access `withPartTender`). */
type BidWithTender = TenderPart & { companyId: number }

/** Whether the caller reads this bid: `authorizeBidRead`, then `narrowBids`, on one record (its fields are bid-seal.ts's). */
export function mayReadBid(params: Params, bid: BidWithTender): boolean {
  const user = params.user
  if (!params.provider) return true
  if (!user || !mayReadBids(params) || !bid.tender) return false
  const portal = portalOf(user.userType)
  const representative = mayReview(params) && bid.tender.status === 'REVIEW' && bid.tender.representativeIds.includes(user.id)
  if (portal === 'vendors') return bid.companyId === (user.companyId ?? -1) || representative
  if (portal !== 'staff') return false
  return readsAnyTender(params) || bid.tender.managedBy === user.id || representative
}

/** The moves a caller makes on a bid (bids.shared's custom methods): nothing else changes one, nor removes it. */
const bidActions = new Set(['save', 'submit', 'decline', 'reopen'])

/**
 * The bids' access contract (kit/access.ts): the rules above, on the bid with its tender
 * (`withPartTender`). A bid changes only by its workflow's moves, authorised as the service
 * authorises them (bids.class.ts `transition`: staff through the tender's `update`, vendors
 * through their `bids` grant for the move): no caller updates or removes one, so none locks one.
 * Live events: `bidEventReaders`, never with the sealed fields (`secretFields`).
 */
export const bidsAccess = defineAccess<BidWithTender>({
  subject: bidsPath,
  narrow: (query, caller, db) => narrowBids(query, caller, db),
  read: (bid, caller) => mayReadBid(caller, bid),
  act(bid, action, caller) {
    if (!caller.provider) return true
    if (!bidActions.has(action) || !caller.user || !bid.tender) return false
    return portalOf(caller.user.userType) === 'staff' ? mayActOnTender(caller, bid.tender) : caslAllows(caller, action, bidsPath, bid)
  },
  readers: bidEventReaders,
  idPattern: randomIdPattern,
  joined: withPartTender
})
