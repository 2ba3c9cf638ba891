import { schemaHooks } from '../../../../validators.js'
import type { Application } from '../../../../declarations.js'
import { resolveReferences } from '../../../../hooks/resolve-references.js'
import { knexOperators } from '../../../../kit/query.js'
import { TenderTermsService, TermsOfTenderService } from './tender-terms.class.js'
import { tenderTermsDataValidator, tenderTermsQueryValidator } from './tender-terms.schema.js'
import { authorizeTermsLibrary, termsLibraryAccess } from './tender-terms.access.js'
import { tenderTermsMethods, tenderTermsOfTenderMethods, tenderTermsOfTenderPath, tenderTermsPath } from './tender-terms.shared.js'

declare module '../../../../declarations.js' {
  interface ServiceTypes {
    [tenderTermsPath]: TenderTermsService
    [tenderTermsOfTenderPath]: TermsOfTenderService
  }
}

/** The terms library (settings: `tender-terms` read/create) and the terms of one tender. */
export const tenderTerms = (app: Application) => {
  app.use(
    tenderTermsPath,
    new TenderTermsService(
      {
        Model: app.get('knex'),
        name: 'tender_terms',
        paginate: app.get('paginate'),
        operators: knexOperators
      },
      app
    ),
    { methods: [...tenderTermsMethods], regional: true, feature: 'TENDERS', access: termsLibraryAccess } as any
  )

  const caslCheck = authorizeTermsLibrary
  app.service(tenderTermsPath).hooks({
    before: {
      find: [schemaHooks.validateQuery(tenderTermsQueryValidator), caslCheck],
      get: [schemaHooks.validateQuery(tenderTermsQueryValidator), caslCheck],
      create: [schemaHooks.validateData(tenderTermsDataValidator), caslCheck, resolveReferences({ departmentId: 'departments' })]
    },
    after: { find: [caslCheck], get: [caslCheck], create: [caslCheck] }
  })

  app.use(tenderTermsOfTenderPath, new TermsOfTenderService(app), { methods: [...tenderTermsOfTenderMethods], feature: 'TENDERS' } as any)
}
