import { schemaHooks } from '../../../../validators.js'
import type { Application } from '../../../../declarations.js'
import { knexOperators } from '../../../../kit/query.js'
import { TenancyAccountService } from './tenancy-accounts.class.js'
import { authorizeTenancyAccounts, tenancyAccountsAccess } from './tenancy-accounts.access.js'
import { tenancyAccountActionValidator, tenancyAccountDataValidator, tenancyAccountPatchValidator, tenancyAccountQueryValidator } from './tenancy-accounts.schema.js'
import { tenancyAccountsMethods, tenancyAccountsPath } from './tenancy-accounts.shared.js'

declare module '../../../../declarations.js' {
  interface ServiceTypes {
    [tenancyAccountsPath]: TenancyAccountService
  }
}

const action = [authorizeTenancyAccounts, schemaHooks.validateData(tenancyAccountActionValidator)]

/** A tenancy's accounts (spec §3, §7): the master account and sub-accounts, with invite, resend, lock, unlock, enable, disable. */
export const tenancyAccounts = (app: Application) => {
  app.use(tenancyAccountsPath, new TenancyAccountService({ Model: app.get('knex'), name: 'users', paginate: app.get('paginate'), operators: knexOperators, multi: false }, app), {
    methods: [...tenancyAccountsMethods],
    feature: 'TENANCY_RECORDS',
    concurrency: true,
    secretFields: ['password'],
    access: tenancyAccountsAccess
  } as any)

  app.service(tenancyAccountsPath).hooks({
    before: {
      find: [authorizeTenancyAccounts, schemaHooks.validateQuery(tenancyAccountQueryValidator)],
      get: [authorizeTenancyAccounts],
      create: [authorizeTenancyAccounts, schemaHooks.validateData(tenancyAccountDataValidator)],
      patch: [authorizeTenancyAccounts, schemaHooks.validateData(tenancyAccountPatchValidator)],
      invite: action,
      lock: action,
      unlock: action,
      enable: action,
      disable: action
    }
  } as any)
}
