import { schemaHooks } from '../../../../validators.js'
import type { Application } from '../../../../declarations.js'
import { knexOperators } from '../../../../kit/query.js'
import { CcdCompanyService } from './ccdcompanies.class.js'
import { authorizeCompanies, companiesAccess } from './ccdcompanies.access.js'
import { ccdCompanyDataValidator, ccdCompanyPatchValidator, ccdCompanyQueryValidator } from './ccdcompanies.schema.js'
import { ccdcompaniesMethods, ccdcompaniesPath } from './ccdcompanies.shared.js'

declare module '../../../../declarations.js' {
  interface ServiceTypes {
    [ccdcompaniesPath]: CcdCompanyService
  }
}

/** The company screens of the central contacts database (spec §2 /companies/...). Staff only. */
export const ccdcompanies = (app: Application) => {
  app.use(ccdcompaniesPath, new CcdCompanyService({ Model: app.get('knex'), name: 'companies', paginate: app.get('paginate'), operators: knexOperators }, app), {
    methods: [...ccdcompaniesMethods],
    regional: true,
    concurrency: true,
    access: companiesAccess
  } as any)
  app.service(ccdcompaniesPath).hooks({
    before: {
      find: [schemaHooks.validateQuery(ccdCompanyQueryValidator), authorizeCompanies],
      get: [schemaHooks.validateQuery(ccdCompanyQueryValidator), authorizeCompanies],
      create: [schemaHooks.validateData(ccdCompanyDataValidator), authorizeCompanies],
      patch: [schemaHooks.validateData(ccdCompanyPatchValidator), authorizeCompanies]
    },
    after: {
      find: [authorizeCompanies],
      get: [authorizeCompanies],
      create: [authorizeCompanies],
      patch: [authorizeCompanies]
    }
  })
}
