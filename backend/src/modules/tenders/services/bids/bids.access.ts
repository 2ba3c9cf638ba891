import type { Params } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import { portalOf } from '../../../../abilities/permissions.shared.js'
import { readsAnyTender } from '../tenders/tenders.access.js'
import { mayReview, representativeOf } from '../tenders/tender-representatives.js'

/*
 * Who reads bids, in one place (used by find, get and the lock of every bid write):
 * - vendors through their `bids` read rule, their company's bids only ("own" = the company);
 * - staff through the tenders they may read (an unconditioned `tenders` read rule reads every
 *   bid; "own" is the tenders they are in charge of: no bid column holds that);
 * - a tender's representatives (`tenders:review`) every bid of the tender while it is in REVIEW.
 * Which fields each reads is bid-seal.ts (sealed until the tender is opened).
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
