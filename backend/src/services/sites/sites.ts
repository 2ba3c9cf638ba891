import { schemaHooks } from '../../validators.js'
import type { Application } from '../../declarations.js'
import { authorize } from '../../hooks/authorize.js'
import { caslAccess } from '../../kit/access.js'
import { resolveReferences } from '../../hooks/resolve-references.js'
import { knexOperators } from '../../kit/query.js'
import { SiteService } from './sites.class.js'
import { siteDataValidator, sitePatchValidator, siteQueryValidator, siteSchema } from './sites.schema.js'
import { sitesMethods, sitesPath } from './sites.shared.js'

declare module '../../declarations.js' {
  interface ServiceTypes {
    [sitesPath]: SiteService
  }
}

/** The buildings a site groups, read through the buildings service's rules. */
const references = resolveReferences({ buildingIds: 'buildings' })

export const sites = (app: Application) => {
  app.use(
    sitesPath,
    new SiteService(
      {
        Model: app.get('knex'),
        name: 'sites',
        paginate: app.get('paginate'),
        operators: knexOperators
      },
      app
    ),
    { methods: [...sitesMethods], regional: true, concurrency: true, access: caslAccess(sitesPath) } as any
  )

  app.service(sitesPath).hooks({
    before: {
      find: [schemaHooks.validateQuery(siteQueryValidator), authorize(siteSchema)],
      get: [schemaHooks.validateQuery(siteQueryValidator), authorize(siteSchema)],
      create: [schemaHooks.validateData(siteDataValidator), authorize(siteSchema), references],
      patch: [schemaHooks.validateData(sitePatchValidator), authorize(siteSchema), references],
      remove: [authorize(siteSchema)]
    },
    after: {
      find: [authorize(siteSchema)],
      get: [authorize(siteSchema)],
      create: [authorize(siteSchema)],
      patch: [authorize(siteSchema)]
    }
  })
}
