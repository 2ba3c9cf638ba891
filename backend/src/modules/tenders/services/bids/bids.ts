import { schemaHooks } from '../../../../validators.js'
import type { Application, HookContext } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { portalOf } from '../../../../abilities/permissions.shared.js'
import { knexOperators } from '../../../../services/query.js'
import { BidService } from './bids.class.js'
import { mayReadBids } from './bids.access.js'
import { sealBid } from './bid-seal.js'
import { mayReview } from '../tenders/tender-representatives.js'
import { publishTenderPart } from '../tenders/tender-channels.js'
import { bidActionValidators, bidQueryValidator } from './bids.schema.js'
import { bidsMethods, bidsPath, sealedBidFields } from './bids.shared.js'

declare module '../../../../declarations.js' {
  interface ServiceTypes {
    [bidsPath]: BidService
  }
}

/**
 * Vendors need a `bids` read rule (own = their company); staff read bids through the tenders they
 * may read; tender representatives through `tenders:review` (the service narrows to their tenders).
 */
const mayRead = async (context: HookContext) => {
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
const sealResults = async (context: HookContext) => {
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
const representativeNames = async (context: HookContext) => {
  const { params, result } = context
  if (!params.provider || !params.user || portalOf(params.user.userType) !== 'vendors' || !mayReview(params) || !result) return context
  const records: any[] = Array.isArray(result) ? result : Array.isArray(result.data) ? result.data : [result]
  const ids = [...new Set(records.map((record) => record.companyId))]
  const names: any[] = ids.length ? await context.app.get('knex')('companies').whereIn('id', ids).select('id', 'name') : []
  for (const record of records) record.companyName = names.find((company) => company.id === record.companyId)?.name ?? null
  return context
}

/**
 * A bid read carries its queries (spec §7 GET /bids/{id}: by order, newest first). They are the
 * tender-queries service's own read with the caller's params, so its rules hold: a vendor sees
 * its bid's queries but never drafts, staff those of the tenders they may read, a representative
 * the issued ones. Queries carry no sealed field (prices stay on the bid). Lists do not carry
 * them (one query per list). A caller without the queries read permission gets the bid alone.
 */
const withQueries = async (context: HookContext) => {
  const { result } = context
  if (!result?.id) return context
  const { query: _query, casl: _casl, route: _route, ...caller } = context.params as any
  try {
    const queries = await context.app.service('tender-queries').find({ ...caller, query: { bidId: result.id, $sort: { order: -1 } }, paginate: false } as any)
    context.result = { ...result, queries }
  } catch (error) {
    if ((error as any)?.code !== 403) throw error
  }
  return context
}

export const bids = (app: Application) => {
  app.use(
    bidsPath,
    new BidService(
      {
        Model: app.get('knex'),
        name: 'bids',
        paginate: app.get('paginate'),
        operators: knexOperators
      },
      app
    ),
    { methods: [...bidsMethods], regional: true, feature: 'TENDERS', concurrency: true, secretFields: [...sealedBidFields] } as any
  )

  app.service(bidsPath).hooks({
    before: {
      find: [schemaHooks.validateQuery(bidQueryValidator), mayRead],
      get: [schemaHooks.validateQuery(bidQueryValidator), mayRead],
      save: [schemaHooks.validateData(bidActionValidators.save)],
      submit: [schemaHooks.validateData(bidActionValidators.submit)],
      decline: [schemaHooks.validateData(bidActionValidators.decline)],
      reopen: [schemaHooks.validateData(bidActionValidators.reopen)]
    },
    after: { all: [sealResults], find: [representativeNames], get: [representativeNames, withQueries] }
  } as any)
  // Live: see tender-channels.ts (events never carry the sealed fields: `secretFields`).
  app.service(bidsPath).publish((data: any, context: HookContext) => publishTenderPart(app, data, context, 'bids') as any)
}
