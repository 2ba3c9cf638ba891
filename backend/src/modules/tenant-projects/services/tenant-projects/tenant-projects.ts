import { schemaHooks } from '../../../../validators.js'
import type { Application } from '../../../../declarations.js'
import { authorize } from '../../../../hooks/authorize.js'
import { knexOperators } from '../../../../kit/query.js'
import { TenantProjectService } from './tenant-projects.class.js'
import { tenantProjectsAccess } from './tenant-projects.access.js'
import { tenantProjectActionValidators, tenantProjectDataValidator, tenantProjectPatchValidator, tenantProjectQueryValidator, tenantProjectSchema } from './tenant-projects.schema.js'
import { tenantProjectsMethods, tenantProjectsPath } from './tenant-projects.shared.js'

/** The listed readers' CASL condition (`accountUserIds` `$all` [the caller]) as SQL: the array column contains it. */
export const listedOperators = { $all: '@>' }

declare module '../../../../declarations.js' {
  interface ServiceTypes {
    [tenantProjectsPath]: TenantProjectService
  }
}

/** Tenant projects (spec tenant projects §2 to §7, feature TENANT_PROJECTS); who: tenant-projects.access.ts, applied by the kit. */
export const tenantProjects = (app: Application) => {
  app.use(
    tenantProjectsPath,
    new TenantProjectService({ Model: app.get('knex'), name: 'tenant_projects', paginate: app.get('paginate'), operators: knexOperators, extendedOperators: listedOperators }, app),
    {
      methods: [...tenantProjectsMethods],
      regional: true,
      feature: 'TENANT_PROJECTS',
      concurrency: true,
      access: tenantProjectsAccess
    } as any
  )

  // The CASL conditions (a tenant's own tenancy) on every list and read, and on what a create writes.
  const guard = authorize(tenantProjectSchema)
  app.service(tenantProjectsPath).hooks({
    before: {
      find: [schemaHooks.validateQuery(tenantProjectQueryValidator), guard],
      get: [schemaHooks.validateQuery(tenantProjectQueryValidator), guard],
      create: [schemaHooks.validateData(tenantProjectDataValidator), guard],
      patch: [schemaHooks.validateData(tenantProjectPatchValidator)],
      ...Object.fromEntries(Object.entries(tenantProjectActionValidators).map(([action, validator]) => [action, [schemaHooks.validateData(validator)]]))
    },
    after: { find: [guard], get: [guard] }
  } as any)
}
