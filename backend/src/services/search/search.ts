import type { Application } from '../../declarations.js'
import { schemaHooks } from '../../validators.js'
import { SearchService } from './search.class.js'
import { searchQueryValidator, searchResultSchema } from './search.schema.js'
import { documented } from '../../validators.js'
import { searchMethods, searchPath } from './search.shared.js'

declare module '../../declarations.js' {
  interface ServiceTypes {
    [searchPath]: SearchService
  }
}

/** The global search (Ctrl+K): reads through the other services, so it is configured after them. */
export const searchService = (app: Application) => {
  app.use(searchPath, new SearchService(app), { methods: [...searchMethods] })
  app.service(searchPath).hooks({
    before: { find: [schemaHooks.validateQuery(searchQueryValidator)] },
    // The answer's shape, for the API document (the hits are read through each resource's own rules).
    after: { find: [documented((context: any) => context, 'result', searchResultSchema)] }
  })
}
