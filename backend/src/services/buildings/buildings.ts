import { schemaHooks } from '../../validators.js'
import type { Application } from '../../declarations.js'
import { authorize } from '../../hooks/authorize.js'
import { caslAccess } from '../../kit/access.js'
import { knexOperators } from '../../kit/query.js'
import { BuildingService } from './buildings.class.js'
import { buildingDataValidator, buildingPatchValidator, buildingQueryValidator, buildingSchema } from './buildings.schema.js'
import { buildingsMethods, buildingsPath } from './buildings.shared.js'

declare module '../../declarations.js' {
  interface ServiceTypes {
    [buildingsPath]: BuildingService
  }
}

export const buildings = (app: Application) => {
  app.use(
    buildingsPath,
    new BuildingService(
      {
        Model: app.get('knex'),
        name: 'buildings',
        paginate: app.get('paginate'),
        operators: knexOperators
      },
      app
    ),
    { methods: [...buildingsMethods], regional: true, concurrency: true, access: caslAccess(buildingsPath) } as any
  )

  app.service(buildingsPath).hooks({
    before: {
      find: [schemaHooks.validateQuery(buildingQueryValidator), authorize(buildingSchema)],
      get: [schemaHooks.validateQuery(buildingQueryValidator), authorize(buildingSchema)],
      create: [schemaHooks.validateData(buildingDataValidator), authorize(buildingSchema)],
      patch: [schemaHooks.validateData(buildingPatchValidator), authorize(buildingSchema)],
      remove: [authorize(buildingSchema)]
    },
    after: {
      find: [authorize(buildingSchema)],
      get: [authorize(buildingSchema)],
      create: [authorize(buildingSchema)],
      patch: [authorize(buildingSchema)]
    }
  })
}
