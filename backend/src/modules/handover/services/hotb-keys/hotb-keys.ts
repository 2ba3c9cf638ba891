import { schemaHooks } from '../../../../validators.js'
import type { Application } from '../../../../declarations.js'
import { knexOperators } from '../../../../kit/query.js'
import { mayReadHotb } from '../hotb/hotb-lines.js'
import { hotbKeysAccess } from './hotb-keys.access.js'
import { HotbKeyService } from './hotb-keys.class.js'
import { hotbKeyDataValidator, hotbKeyPatchValidator, hotbKeyQueryValidator } from './hotb-keys.schema.js'
import { hotbKeysMethods, hotbKeysPath } from './hotb-keys.shared.js'

declare module '../../../../declarations.js' {
  interface ServiceTypes {
    [hotbKeysPath]: HotbKeyService
  }
}

/** A record’s key lines and their takeback outcomes (spec hotb §3 "key schedule"); who: hotb-keys.access.ts, applied by the kit. */
export const hotbKeys = (app: Application) => {
  app.use(hotbKeysPath, new HotbKeyService({ Model: app.get('knex'), name: 'hotb_keys', paginate: app.get('paginate'), operators: knexOperators }, app), {
    methods: [...hotbKeysMethods],
    regional: true,
    feature: 'TENANT_PROJECTS',
    concurrency: true,
    access: hotbKeysAccess
  } as any)
  app.service(hotbKeysPath).hooks({
    before: {
      all: [mayReadHotb],
      find: [schemaHooks.validateQuery(hotbKeyQueryValidator)],
      get: [schemaHooks.validateQuery(hotbKeyQueryValidator)],
      create: [schemaHooks.validateData(hotbKeyDataValidator)],
      patch: [schemaHooks.validateData(hotbKeyPatchValidator)]
    }
  } as any)
}
