import { schemaHooks } from '../../../../validators.js'
import type { Application, HookContext } from '../../../../declarations.js'
import { knexOperators } from '../../../../kit/query.js'
import { BidService } from './bids.class.js'
import { authorizeBidRead, bidFieldsView, bidsAccess, representativeCompanyNames } from './bids.access.js'
import { bidActionValidators, bidQueryValidator } from './bids.schema.js'
import { bidsMethods, bidsPath, sealedBidFields } from './bids.shared.js'

declare module '../../../../declarations.js' {
  interface ServiceTypes {
    [bidsPath]: BidService
  }
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
    // Who reads, moves and hears of a bid (live: tender-channels.ts; events never carry the sealed fields, `secretFields`): bids.access.ts.
    { methods: [...bidsMethods], regional: true, feature: 'TENDERS', concurrency: true, secretFields: [...sealedBidFields], access: bidsAccess } as any
  )

  app.service(bidsPath).hooks({
    before: {
      find: [schemaHooks.validateQuery(bidQueryValidator), authorizeBidRead],
      get: [schemaHooks.validateQuery(bidQueryValidator), authorizeBidRead],
      save: [schemaHooks.validateData(bidActionValidators.save)],
      submit: [schemaHooks.validateData(bidActionValidators.submit)],
      decline: [schemaHooks.validateData(bidActionValidators.decline)],
      reopen: [schemaHooks.validateData(bidActionValidators.reopen)]
    },
    after: { all: [bidFieldsView], find: [representativeCompanyNames], get: [representativeCompanyNames, withQueries] }
  } as any)
}
