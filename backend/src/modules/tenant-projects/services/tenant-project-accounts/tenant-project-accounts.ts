import { hooks as schemaHooks } from '@feathersjs/schema'
import type { Application } from '../../../../declarations.js'
import { knexOperators } from '../../../../kit/query.js'
import { mayReadTenantProjects } from '../project-parts/project-parts.js'
import { tenantProjectAccountsAccess } from './tenant-project-accounts.access.js'
import { TenantProjectAccountService } from './tenant-project-accounts.class.js'
import { tenantProjectAccountDataValidator, tenantProjectAccountInviteValidator, tenantProjectAccountPatchValidator, tenantProjectAccountQueryValidator } from './tenant-project-accounts.schema.js'
import { tenantProjectAccountsMethods, tenantProjectAccountsPath } from './tenant-project-accounts.shared.js'

declare module '../../../../declarations.js' {
  interface ServiceTypes {
    [tenantProjectAccountsPath]: TenantProjectAccountService
  }
}

/** A tenant project's accounts (spec §3, §5, §6, §7 invite); who: tenant-project-accounts.access.ts, applied by the kit. */
export const tenantProjectAccounts = (app: Application) => {
  app.use(tenantProjectAccountsPath, new TenantProjectAccountService({ Model: app.get('knex'), name: 'tenant_project_accounts', paginate: app.get('paginate'), operators: knexOperators }, app), {
    methods: [...tenantProjectAccountsMethods],
    regional: true,
    feature: 'TENANT_PROJECTS',
    concurrency: true,
    access: tenantProjectAccountsAccess
  } as any)
  app.service(tenantProjectAccountsPath).hooks({
    before: {
      all: [mayReadTenantProjects],
      find: [schemaHooks.validateQuery(tenantProjectAccountQueryValidator)],
      get: [schemaHooks.validateQuery(tenantProjectAccountQueryValidator)],
      create: [schemaHooks.validateData(tenantProjectAccountDataValidator)],
      patch: [schemaHooks.validateData(tenantProjectAccountPatchValidator)],
      invite: [schemaHooks.validateData(tenantProjectAccountInviteValidator)]
    }
  } as any)
}
