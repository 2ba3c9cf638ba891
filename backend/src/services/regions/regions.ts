import { schemaHooks } from '../../validators.js'
import type { Application, HookContext } from '../../declarations.js'
import { authorize } from '../../hooks/authorize.js'
import { knexOperators } from '../../kit/query.js'
import { RegionService, currencyOf } from './regions.class.js'
import { regionPatchValidator, regionQueryValidator, regionSchema } from './regions.schema.js'
import { regionsMethods, regionsPath } from './regions.shared.js'

declare module '../../declarations.js' {
  interface ServiceTypes {
    [regionsPath]: RegionService
  }
}

/** Anyone may list regions (the login page needs them); only region config may change them. */
export const regions = (app: Application) => {
  app.use(
    regionsPath,
    new RegionService({
      Model: app.get('knex'),
      name: 'regions',
      id: 'code',
      paginate: app.get('paginate'),
      operators: knexOperators,
      jsonColumns: ['features']
    }),
    { methods: [...regionsMethods], publicMethods: ['find'], concurrency: true } as any
  )

  app.service(regionsPath).hooks({
    before: {
      find: [schemaHooks.validateQuery(regionQueryValidator)],
      get: [authorize(regionSchema)],
      patch: [authorize(regionSchema), schemaHooks.validateData(regionPatchValidator)]
    },
    after: {
      all: [
        (context: HookContext) => {
          const withCurrency = (region: any) => ({ ...region, currency: currencyOf(region) })
          const result = context.result
          if (Array.isArray(result)) context.result = result.map(withCurrency)
          else if (result?.data) result.data = result.data.map(withCurrency)
          else if (result) context.result = withCurrency(result)
        }
      ],
      patch: [
        (context: HookContext) => {
          context.app.get('regionCache').invalidate()
        }
      ]
    }
  })
}
