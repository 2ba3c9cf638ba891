import { hooks as schemaHooks } from '@feathersjs/schema'
import type { Application } from '../../../../declarations.js'
import { knexOperators } from '../../../../kit/query.js'
import { mayReadTenantProjects } from '../project-parts/project-parts.js'
import { tenantProjectContractorsAccess } from './tenant-project-contractors.access.js'
import { TenantProjectContractorService } from './tenant-project-contractors.class.js'
import {
  tenantProjectContractorDataValidator,
  tenantProjectContractorPatchValidator,
  tenantProjectContractorQueryValidator,
  tenantProjectContractorReplaceValidator
} from './tenant-project-contractors.schema.js'
import { tenantProjectContractorsMethods, tenantProjectContractorsPath } from './tenant-project-contractors.shared.js'

declare module '../../../../declarations.js' {
  interface ServiceTypes {
    [tenantProjectContractorsPath]: TenantProjectContractorService
  }
}

/** A tenant project's contractor rows (spec §3, §5, §7 project_contractors); who: tenant-project-contractors.access.ts, applied by the kit. */
export const tenantProjectContractors = (app: Application) => {
  app.use(
    tenantProjectContractorsPath,
    new TenantProjectContractorService({ Model: app.get('knex'), name: 'tenant_project_contractors', paginate: app.get('paginate'), operators: knexOperators }, app),
    {
      methods: [...tenantProjectContractorsMethods],
      regional: true,
      feature: 'TENANT_PROJECTS',
      concurrency: true,
      access: tenantProjectContractorsAccess
    } as any
  )
  app.service(tenantProjectContractorsPath).hooks({
    before: {
      all: [mayReadTenantProjects],
      find: [schemaHooks.validateQuery(tenantProjectContractorQueryValidator)],
      get: [schemaHooks.validateQuery(tenantProjectContractorQueryValidator)],
      create: [schemaHooks.validateData(tenantProjectContractorDataValidator)],
      patch: [schemaHooks.validateData(tenantProjectContractorPatchValidator)],
      replace: [schemaHooks.validateData(tenantProjectContractorReplaceValidator)]
    }
  } as any)
}
