import type { Params } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import type { Application, HookContext } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { publishTenderPart } from '../tenders/tender-channels.js'
import { portalOf } from '../../../../abilities/permissions.shared.js'
import { mayActOnTender, readsAnyTender, withPartTender, type TenderPart } from '../tenders/tenders.access.js'
import { mayReview, representativeOf } from '../tenders/tender-representatives.js'
import { defineAccess } from '../../../../kit/access.js'
import { tenderQueriesPath } from './tender-queries.shared.js'

/*
 * Who reads and writes tender queries (permission resource `queries`), in one place:
 * - vendors through their `queries` read rule, their company's queries only, never drafts;
 * - staff through the tenders they may read (an unconditioned `tenders` read rule, or the
 *   tenders they are in charge of); they draft, edit, remove and issue queries when they may
 *   update the tender (CASL `update` on it: "own" is its person in charge);
 * - a tender's representatives (`tenders:review`) the issued queries while it is in REVIEW.
 * Fields: the whole query to whoever reads it. Live events: the same readers, drafts to staff
 * only (`queryEventReaders`). Used by find, get, the lock of every write, the channels, the
 * edit lock and the query documents; the kit applies them through `tenderQueriesAccess`.
 */

/** May the caller read queries at all (403 otherwise)? */
export function mayReadQueries(params: Params): boolean {
  const user = params.user
  if (!user) return false
  const portal = portalOf(user.userType)
  return mayReview(params) || (portal === 'vendors' ? Boolean(params.ability?.can('read', 'queries')) : portal === 'staff' ? Boolean(params.ability?.can('read', 'tenders')) : false)
}

/** Staff who may update the query's tender; internal calls pass. */
export function mayManageQueries(params: Params, tender: Record<string, unknown>): boolean {
  return mayActOnTender(params, tender)
}

/** The queries the caller reads: the list's narrowing, and the lock of a write. */
export function narrowQueries(query: Knex.QueryBuilder, params: Params, db: Knex): Knex.QueryBuilder {
  const user = params.user
  if (!params.provider || !user) return query
  const portal = portalOf(user.userType)
  const asRepresentative = mayReview(params) ? representativeOf(db, 'tender_queries.tender_id', user.id, { inReview: true }) : null
  if (portal === 'vendors') {
    // Drafts are the staff's work in progress: never shown outside the staff portal.
    query.whereNot('tender_queries.status', 'DRAFT')
    if (!asRepresentative) return query.where('tender_queries.companyId', user.companyId ?? -1)
    return query.where((inner) => inner.where('tender_queries.companyId', user.companyId ?? -1).orWhereExists(asRepresentative))
  }
  if (portal !== 'staff') return query.whereRaw('false')
  if (readsAnyTender(params)) return query
  const tenders = db('tenders').whereRaw('tenders.id = tender_queries.tender_id').where('tenders.managedBy', user.id)
  if (!asRepresentative) return query.whereExists(tenders)
  // A representative reviews what was asked, not the person in charge's drafts.
  return query.where((inner) => inner.whereExists(tenders).orWhere((rep) => rep.whereExists(asRepresentative).whereNot('tender_queries.status', 'DRAFT')))
}

/** Before every method: a caller who may read no query is refused (403) before any record. */
export const authorizeQueryRead = async (context: HookContext) => {
  const { params } = context
  if (!params.provider || !params.user) return context
  if (!mayReadQueries(params)) throw appError(403, 'FORBIDDEN')
  return context
}

/** Live events of a query: the readers above (tender-channels.ts `publishTenderPart`), a draft to staff only. */
export const queryEventReaders = (app: Application, data: any, context: HookContext) => publishTenderPart(app, data, context, 'queries')

/** A query as the contract's rules take it: with its tender and the tender's representatives (tenders.access `withPartTender`). */
type QueryWithTender = TenderPart & { companyId: number; status: string }

/** Whether the caller reads this query: `authorizeQueryRead`, then `narrowQueries`, on one record. */
export function mayReadQuery(params: Params, query: QueryWithTender): boolean {
  const user = params.user
  if (!params.provider) return true
  if (!user || !mayReadQueries(params) || !query.tender) return false
  const portal = portalOf(user.userType)
  const representative = mayReview(params) && query.tender.status === 'REVIEW' && query.tender.representativeIds.includes(user.id)
  if (portal === 'vendors') return query.status !== 'DRAFT' && (query.companyId === (user.companyId ?? -1) || representative)
  if (portal !== 'staff') return false
  if (readsAnyTender(params) || query.tender.managedBy === user.id) return true
  return representative && query.status !== 'DRAFT'
}

/**
 * The queries' access contract (kit/access.ts): the rules above, on the query with its tender
 * (`withPartTender`: the staff's "own" and the representatives are the tender's). Every write of a query, and its
 * edit lock, is for whoever may update its tender (`mayManageQueries`), the vendor's answer aside
 * (the workflow's guard). Live events: `queryEventReaders`.
 */
export const tenderQueriesAccess = defineAccess<QueryWithTender>({
  subject: tenderQueriesPath,
  narrow: (query, caller, db) => narrowQueries(query, caller, db),
  read: (query, caller) => mayReadQuery(caller, query),
  act: (query, _action, caller) => query.tender != null && mayManageQueries(caller, query.tender),
  readers: queryEventReaders,
  joined: withPartTender
})
