import { schemaHooks } from '../../validators.js'
import type { Application } from '../../declarations.js'
import { authorize } from '../../hooks/authorize.js'
import { caslAccess } from '../../kit/access.js'
import { resolveReferences } from '../../hooks/resolve-references.js'
import { knexOperators } from '../../kit/query.js'
import { LocationService } from './locations.class.js'
import { locationDataValidator, locationPatchValidator, locationQueryValidator, locationSchema } from './locations.schema.js'
import { locationsMethods, locationsPath } from './locations.shared.js'

declare module '../../declarations.js' {
  interface ServiceTypes {
    [locationsPath]: LocationService
  }
}

/** A location's building and department, read through their services' rules. */
const references = resolveReferences({ departmentId: 'departments', buildingId: 'buildings' })

export const locations = (app: Application) => {
  app.use(
    locationsPath,
    new LocationService(
      {
        Model: app.get('knex'),
        name: 'locations',
        paginate: app.get('paginate'),
        operators: knexOperators
      },
      app
    ),
    { methods: [...locationsMethods], regional: true, concurrency: true, access: caslAccess(locationsPath) } as any
  )

  app.service(locationsPath).hooks({
    before: {
      find: [schemaHooks.validateQuery(locationQueryValidator), authorize(locationSchema)],
      get: [schemaHooks.validateQuery(locationQueryValidator), authorize(locationSchema)],
      create: [schemaHooks.validateData(locationDataValidator), authorize(locationSchema), references],
      patch: [schemaHooks.validateData(locationPatchValidator), authorize(locationSchema), references],
      remove: [authorize(locationSchema)]
    },
    after: {
      find: [authorize(locationSchema)],
      get: [authorize(locationSchema)],
      create: [authorize(locationSchema)],
      patch: [authorize(locationSchema)]
    }
  })
}
