import { Type, getValidator } from '@feathersjs/typebox'
import type { Application, HookContext } from '../../../../declarations.js'
import { announceChanged } from '../../../../hooks/audited-write.js'
import { schemaHooks, queryValidator } from '../../../../validators.js'
import { tenancyAccountTypes, tenancyAccountsPath } from '../tenancy-accounts/tenancy-accounts.shared.js'
import { TenantTaskService } from './tenant-tasks.class.js'
import { tenantTasksMethods, tenantTasksPath } from './tenant-tasks.shared.js'

declare module '../../../../declarations.js' {
  interface ServiceTypes {
    [tenantTasksPath]: TenantTaskService
  }
}

/** The tasks take no filter: the caller and the region (set by the region scope) say everything. */
const tenantTasksQueryValidator = getValidator(Type.Object({ region: Type.Optional(Type.String()) }, { $id: 'TenantTasksQuery', additionalProperties: false }), queryValidator)

/**
 * An invitation taken up (the set-password link of password-resets) changes the account's state
 * without a write of tenancy-accounts: announce the account there, so the tenancy's user
 * management and the tenant dashboard of its managers (who read the account) hear of it.
 */
const announceAcceptedInvitation = async (context: HookContext) => {
  const username = (context.result as { username?: string } | undefined)?.username
  if (!username) return context
  const account = await context.app
    .get('knex')('users')
    .where({ username })
    .whereIn('userType', [...tenancyAccountTypes])
    .whereNotNull('tenancyId')
    .first('id')
  if (account) await announceChanged(context.app, tenancyAccountsPath, [account.id])
  return context
}

/** The tenant dashboard's figures (tenant-tasks.class.ts); reads only, so nothing is audited and no events are sent. */
export const tenantTasks = (app: Application) => {
  app.use(tenantTasksPath, new TenantTaskService(app), { methods: [...tenantTasksMethods], events: [], regional: true, feature: 'TENANCY_RECORDS', audit: false } as any)
  app.service(tenantTasksPath).hooks({ before: { find: [schemaHooks.validateQuery(tenantTasksQueryValidator)] } })
  app.service('password-resets' as any).hooks({ after: { patch: [announceAcceptedInvitation] } })
}
