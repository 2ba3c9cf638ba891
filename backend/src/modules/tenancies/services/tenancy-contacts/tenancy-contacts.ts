import { schemaHooks } from '../../../../validators.js'
import type { Application } from '../../../../declarations.js'
import { knexOperators } from '../../../../kit/query.js'
import { TenancyContactService } from './tenancy-contacts.class.js'
import { scheduleContactReminders } from './confirm-reminders.js'
import { authorizeLinkRead, confirmers, exportRights, linkWriters, tenancyContactsAccess } from './tenancy-contacts.access.js'
import { tenancyContactConfirmValidator, tenancyContactDataValidator, tenancyContactPatchValidator, tenancyContactQueryValidator } from './tenancy-contacts.schema.js'
import { tenancyContactsMethods, tenancyContactsPath } from './tenancy-contacts.shared.js'
import { hideTenancyReaders } from '../tenancies/tenancies.access.js'

declare module '../../../../declarations.js' {
  interface ServiceTypes {
    [tenancyContactsPath]: TenancyContactService
  }
}

export const tenancyContacts = (app: Application) => {
  app.use(tenancyContactsPath, new TenancyContactService({ Model: app.get('knex'), name: 'tenancy_contacts', paginate: app.get('paginate'), operators: knexOperators }, app), {
    methods: [...tenancyContactsMethods],
    regional: true,
    feature: 'TENANCY_RECORDS',
    // The version rule is the service's own: a stale change answers 428 (spec §8), not 410.
    concurrency: false,
    // The copy of the tenancy's readers is the contract's, not the API's: neither audit rows nor events carry it.
    secretFields: ['tenancyManagedBy', 'tenancyCompanyId'],
    access: tenancyContactsAccess
  } as any)

  app.service(tenancyContactsPath).hooks({
    before: {
      find: [authorizeLinkRead, exportRights, schemaHooks.validateQuery(tenancyContactQueryValidator)],
      get: [authorizeLinkRead, schemaHooks.validateQuery(tenancyContactQueryValidator)],
      create: [linkWriters, schemaHooks.validateData(tenancyContactDataValidator)],
      patch: [linkWriters, schemaHooks.validateData(tenancyContactPatchValidator)],
      remove: [linkWriters],
      confirm: [confirmers, schemaHooks.validateData(tenancyContactConfirmValidator)]
    },
    after: { find: [hideTenancyReaders], get: [hideTenancyReaders], create: [hideTenancyReaders], patch: [hideTenancyReaders], remove: [hideTenancyReaders] }
  } as any)

  scheduleContactReminders(app)
}
