import { schemaHooks } from '../../../../validators.js'
import type { Application, HookContext } from '../../../../declarations.js'
import { knexOperators } from '../../../../kit/query.js'
import { CcdContactService, type ContactParams } from './ccdcontacts.class.js'
import { authorizeContacts, authorizeMerge, contactsAccess, exportRights, exportRows, vendorsOwnCompany } from './ccdcontacts.access.js'
import { ccdContactDataValidator, ccdContactMergeValidator, ccdContactPatchValidator, ccdContactQueryValidator } from './ccdcontacts.schema.js'
import { ccdcontactsMethods, ccdcontactsPath } from './ccdcontacts.shared.js'
import { phoneFragment } from './phone.shared.js'

declare module '../../../../declarations.js' {
  interface ServiceTypes {
    [ccdcontactsPath]: CcdContactService
  }
}

/** `q`: a name, company, e-mail or phone fragment ('9123 4567' finds +852 9123 4567), taken out of the query for the service (`searchedFor`). */
const searchFilter = async (context: HookContext) => {
  const { q, ...query } = context.params.query ?? {}
  if (typeof q === 'string' && q.trim()) (context.params as ContactParams).searchedFor = phoneFragment(q) ?? q.trim().toLowerCase()
  context.params.query = query
  return context
}

/** Contacts of the central contacts database (spec §3 Contact; §7 ccdcontacts). Always on: no region feature. */
export const ccdcontacts = (app: Application) => {
  app.use(
    ccdcontactsPath,
    new CcdContactService(
      {
        Model: app.get('knex'),
        name: 'ccd_contacts',
        paginate: app.get('paginate'),
        operators: knexOperators
      },
      app
    ),
    { methods: [...ccdcontactsMethods], regional: true, concurrency: true, access: contactsAccess } as any
  )

  app.service(ccdcontactsPath).hooks({
    before: {
      find: [schemaHooks.validateQuery(ccdContactQueryValidator), exportRights, searchFilter, authorizeContacts],
      get: [schemaHooks.validateQuery(ccdContactQueryValidator), authorizeContacts],
      create: [schemaHooks.validateData(ccdContactDataValidator), vendorsOwnCompany, authorizeContacts],
      patch: [schemaHooks.validateData(ccdContactPatchValidator), vendorsOwnCompany, authorizeContacts],
      remove: [authorizeContacts],
      merge: [schemaHooks.validateData(ccdContactMergeValidator), authorizeMerge]
    },
    after: {
      find: [authorizeContacts, exportRows],
      get: [authorizeContacts],
      create: [authorizeContacts],
      patch: [authorizeContacts]
    }
  })
}
