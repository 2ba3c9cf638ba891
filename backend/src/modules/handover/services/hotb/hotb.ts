import { schemaHooks } from '../../../../validators.js'
import type { Application } from '../../../../declarations.js'
import { authorize } from '../../../../hooks/authorize.js'
import { knexOperators } from '../../../../kit/query.js'
import { HotbService } from './hotb.class.js'
import { hotbAccess } from './hotb.access.js'
import { hotbActionValidators, hotbDataValidator, hotbPatchValidator, hotbQueryValidator, hotbSchema } from './hotb.schema.js'
import { hotbMethods, hotbPath } from './hotb.shared.js'

declare module '../../../../declarations.js' {
  interface ServiceTypes {
    [hotbPath]: HotbService
  }
}

/** Handover/takeback records (spec hotb §2 to §7, feature TENANT_PROJECTS); who: hotb.access.ts, applied by the kit. */
export const hotb = (app: Application) => {
  app.use(hotbPath, new HotbService({ Model: app.get('knex'), name: 'hotb', paginate: app.get('paginate'), operators: knexOperators }, app), {
    methods: [...hotbMethods],
    regional: true,
    feature: 'TENANT_PROJECTS',
    concurrency: true,
    access: hotbAccess
  } as any)

  // The CASL conditions (staff's region, a tenant's own tenancy in the states it sees) on every list and read, and on what a create writes.
  const guard = authorize(hotbSchema)
  app.service(hotbPath).hooks({
    before: {
      find: [schemaHooks.validateQuery(hotbQueryValidator), guard],
      get: [schemaHooks.validateQuery(hotbQueryValidator), guard],
      create: [schemaHooks.validateData(hotbDataValidator), guard],
      patch: [schemaHooks.validateData(hotbPatchValidator)],
      ...Object.fromEntries(Object.entries(hotbActionValidators).map(([action, validator]) => [action, [schemaHooks.validateData(validator)]]))
    },
    after: { find: [guard], get: [guard] }
  } as any)
}
