import { schemaHooks } from '../../../../validators.js'
import type { Application } from '../../../../declarations.js'
import { knexOperators } from '../../../../kit/query.js'
import { MoveService } from './moves.class.js'
import { authorizeMoves, movesAccess } from './moves.access.js'
import { moveDataValidator, moveQueryValidator, movePatchValidator, moveReopenValidator } from './moves.schema.js'
import { movesMethods, movesPath } from './moves.shared.js'

declare module '../../../../declarations.js' {
  interface ServiceTypes {
    [movesPath]: MoveService
  }
}

/** Move-in/out records of a tenancy (spec tenancies §3, §7 `tenancies/{id}/move`), a part of tenancy records. */
export const moves = (app: Application) => {
  app.use(movesPath, new MoveService({ Model: app.get('knex'), name: 'tenancy_moves', paginate: app.get('paginate'), operators: knexOperators }, app), {
    methods: [...movesMethods],
    regional: true,
    feature: 'TENANCY_RECORDS',
    concurrency: true,
    access: movesAccess
  } as any)

  app.service(movesPath).hooks({
    before: {
      find: [authorizeMoves, schemaHooks.validateQuery(moveQueryValidator)],
      get: [authorizeMoves],
      create: [authorizeMoves, schemaHooks.validateData(moveDataValidator)],
      patch: [authorizeMoves, schemaHooks.validateData(movePatchValidator)],
      remove: [authorizeMoves],
      reopen: [authorizeMoves, schemaHooks.validateData(moveReopenValidator)]
    }
  } as any)
}
