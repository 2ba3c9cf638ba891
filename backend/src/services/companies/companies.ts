import { schemaHooks } from '../../validators.js'
import type { Application } from '../../declarations.js'
import { authorize } from '../../hooks/authorize.js'
import { caslAccess } from '../../kit/access.js'
import { knexOperators } from '../../kit/query.js'
import { CompanyService } from './companies.class.js'
import { companyDataValidator, companyPatchValidator, companyQueryValidator, companySchema } from './companies.schema.js'
import { companiesMethods, companiesPath } from './companies.shared.js'

declare module '../../declarations.js' {
  interface ServiceTypes {
    [companiesPath]: CompanyService
  }
}

/** Staff only for now: a vendor's or tenant's own company comes with the company portal work. */
export const companies = (app: Application) => {
  app.use(
    companiesPath,
    new CompanyService(
      {
        Model: app.get('knex'),
        name: 'companies',
        paginate: app.get('paginate'),
        operators: knexOperators
      },
      app
    ),
    { methods: [...companiesMethods], regional: true, concurrency: true, access: caslAccess(companiesPath) } as any
  )

  app.service(companiesPath).hooks({
    before: {
      find: [schemaHooks.validateQuery(companyQueryValidator), authorize(companySchema)],
      get: [schemaHooks.validateQuery(companyQueryValidator), authorize(companySchema)],
      create: [schemaHooks.validateData(companyDataValidator), authorize(companySchema)],
      patch: [schemaHooks.validateData(companyPatchValidator), authorize(companySchema)],
      remove: [authorize(companySchema)]
    },
    after: {
      find: [authorize(companySchema)],
      get: [authorize(companySchema)],
      create: [authorize(companySchema)],
      patch: [authorize(companySchema)]
    }
  })
}
