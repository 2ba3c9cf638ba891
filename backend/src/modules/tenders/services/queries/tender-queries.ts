import { schemaHooks } from '../../../../validators.js'
import type { Application } from '../../../../declarations.js'
import { resolveReferences } from '../../../../hooks/resolve-references.js'
import { knexOperators } from '../../../../kit/query.js'
import { TenderQueryService } from './tender-queries.class.js'
import { authorizeQueryRead, tenderQueriesAccess } from './tender-queries.access.js'
import { tenderQueryActionValidators, tenderQueryDataValidator, tenderQueryPatchValidator, tenderQueryQueryValidator } from './tender-queries.schema.js'
import { tenderQueriesMethods, tenderQueriesPath } from './tender-queries.shared.js'

declare module '../../../../declarations.js' {
  interface ServiceTypes {
    [tenderQueriesPath]: TenderQueryService
  }
}

/** `tender-queries`: the spec's queries (permission resource `queries`). */
export const tenderQueries = (app: Application) => {
  app.use(
    tenderQueriesPath,
    new TenderQueryService(
      {
        Model: app.get('knex'),
        name: 'tender_queries',
        paginate: app.get('paginate'),
        operators: knexOperators
      },
      app
    ),
    // Who reads, writes, locks and hears of a query (live: tender-channels.ts, drafts to staff only): tender-queries.access.ts.
    { methods: [...tenderQueriesMethods], regional: true, feature: 'TENDERS', concurrency: true, access: tenderQueriesAccess } as any
  )

  app.service(tenderQueriesPath).hooks({
    before: {
      all: [authorizeQueryRead],
      find: [schemaHooks.validateQuery(tenderQueryQueryValidator)],
      get: [schemaHooks.validateQuery(tenderQueryQueryValidator)],
      // Queries are drafted by who updates tenders; the bid asked about is read through the bids service's rules.
      create: [schemaHooks.validateData(tenderQueryDataValidator), resolveReferences({ bidId: 'bids' }, { requires: ['update', 'tenders'] })],
      patch: [schemaHooks.validateData(tenderQueryPatchValidator)],
      issue: [schemaHooks.validateData(tenderQueryActionValidators.issue)],
      answer: [schemaHooks.validateData(tenderQueryActionValidators.answer)]
    }
  } as any)
}
