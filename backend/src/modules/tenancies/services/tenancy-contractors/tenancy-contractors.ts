import { schemaHooks } from '../../../../validators.js'
import type { Application, HookContext } from '../../../../declarations.js'
import { readersOf } from '../../../../kit/channels.js'
import { appError } from '../../../../errors.js'
import { portalOf } from '../../../../abilities/permissions.shared.js'
import { TenancyContractorService } from './tenancy-contractors.class.js'
import { tenancyContractorActionValidator, tenancyContractorDataValidator, tenancyContractorPatchValidator, tenancyContractorQueryValidator } from './tenancy-contractors.schema.js'
import { tenancyContractorsMethods, tenancyContractorsPath } from './tenancy-contractors.shared.js'

declare module '../../../../declarations.js' {
  interface ServiceTypes {
    [tenancyContractorsPath]: TenancyContractorService
  }
}

const actionOf = (method: string) => (method === 'find' || method === 'get' ? 'read' : method === 'patch' ? 'update' : method === 'remove' ? 'delete' : method)

/** Vendors, and callers without the method's `tenancy-contractors` right at all, are refused (403). */
const authorizeContractors = async (context: HookContext) => {
  const { params, method } = context
  if (!params.provider) return context
  if (!params.user || portalOf(params.user.userType) === 'vendors') throw appError(403, 'FORBIDDEN')
  if (!params.ability?.can(actionOf(method), tenancyContractorsPath)) throw appError(403, 'FORBIDDEN')
  return context
}

/** A tenancy's contractors for standalone work permits (spec §3, §5, §7). */
export const tenancyContractors = (app: Application) => {
  app.use(tenancyContractorsPath, new TenancyContractorService(app), {
    methods: [...tenancyContractorsMethods],
    feature: 'TENANCY_RECORDS',
    concurrency: true
  } as any)

  app.service(tenancyContractorsPath).hooks({
    before: {
      find: [authorizeContractors, schemaHooks.validateQuery(tenancyContractorQueryValidator)],
      get: [authorizeContractors],
      create: [authorizeContractors, schemaHooks.validateData(tenancyContractorDataValidator)],
      patch: [authorizeContractors, schemaHooks.validateData(tenancyContractorPatchValidator)],
      remove: [authorizeContractors],
      invite: [authorizeContractors, schemaHooks.validateData(tenancyContractorActionValidator)]
    }
  } as any)

  app.service(tenancyContractorsPath).publish((data: any, context: HookContext) => readersOf(app, data, context) as any)
}
