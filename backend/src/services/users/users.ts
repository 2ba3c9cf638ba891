import { schemaHooks } from '../../validators.js'
import type { Application, HookContext } from '../../declarations.js'
import { authorize } from '../../hooks/authorize.js'
import { caslAccess, caslAllows } from '../../kit/access.js'
import { regionsInclude } from '../../db/regions-include.js'
import { omitFields } from '../../hooks/omit-fields.js'
import { knexOperators } from '../../kit/query.js'
import { accountState } from './account.workflow.js'
import { UserService } from './users.class.js'
import { accountActor, withOwnScope } from './account-policy.js'
import { accountActionValidator, userDataValidator, userPatchValidator, userQueryValidator, userSchema } from './users.schema.js'
import { managesAnyAccount } from '../../abilities/define-rules.js'
import { assertReferences } from '../../hooks/resolve-references.js'
import { usersMethods, usersPath } from './users.shared.js'

declare module '../../declarations.js' {
  interface ServiceTypes {
    [usersPath]: UserService
  }
}

/**
 * Adds what a screen needs and the table does not hold: the account state, and on a single
 * account the region's groups (a list does not show them, so it does not pay for them).
 */
const withStatusAndGroups = async (context: HookContext) => {
  if (!context.params.provider || !context.result) return context
  const result = context.result
  const records: any[] = Array.isArray(result) ? result : Array.isArray(result.data) ? result.data : [result]
  for (const record of records) record.status = accountState(record)
  if (context.method === 'find') return context
  const ids = records.map((record) => record.id)
  const rows = ids.length
    ? // Inside the write's transaction: a patch answers the groups it has just set.
      await (context.params.transaction?.trx ?? context.app.get('knex'))('user_groups')
        .whereIn('userId', ids)
        .where({ region: context.params.region ?? 'GLOBAL' })
        .select('userId', 'groupId')
    : []
  for (const record of records) {
    record.groupIds = rows.filter((row: any) => row.userId === record.id).map((row: any) => row.groupId)
  }
  return context
}

/**
 * A master account's new account is of its own company or tenancy when it names none: set before
 * authorize, whose rules for such a caller only reach accounts there.
 */
const ownScope = (context: HookContext) => {
  const actor = context.params.provider ? accountActor(context.params) : undefined
  if (actor && context.data && !Array.isArray(context.data)) context.data = withOwnScope(actor, context.data)
  return context
}

const accountAction = [schemaHooks.validateData(accountActionValidator)]

/**
 * The company an administrator gives an account must be one it reads through the companies
 * service (its region, its read rules); otherwise 400 REFERENCE_INVALID, as for any reference.
 * A master account's own company needs no read: the field rules keep it there.
 */
const companyReference = async (context: HookContext) => {
  const actor = context.params.provider ? accountActor(context.params) : undefined
  if (!actor || !managesAnyAccount(actor.ability, context.method === 'create' ? 'create' : 'update')) return context
  // The company it already has stays without a read (an edit from another region sends it back unchanged).
  const held = async () => {
    if (context.method !== 'patch' || context.id == null) return []
    const stored = await (context.params.transaction?.trx ?? context.app.get('knex'))('users').where({ id: context.id }).first('companyId')
    return stored?.companyId != null ? [stored.companyId] : []
  }
  await assertReferences(context.app, context, { companyId: { service: 'companies', held } })
  return context
}

/**
 * Who reads and acts on accounts: the CASL rules (an administrator's any, a master account's own
 * company's or tenancy's), among the accounts authorised for the request's region.
 */
const usersAccess = caslAccess<Record<string, any>>(usersPath, {
  narrow: (query, caller) => (caller.region ? query.whereRaw(regionsInclude('users.regions', caller.region)) : query),
  read: (account, caller) => !caller.provider || ((!caller.region || (account.regions ?? []).includes(caller.region)) && caslAllows(caller, 'read', usersPath, account))
})

export const users = (app: Application) => {
  app.use(
    usersPath,
    new UserService(
      {
        Model: app.get('knex'),
        name: 'users',
        paginate: app.get('paginate'),
        operators: knexOperators,
        jsonColumns: ['tenancyPerms']
      },
      app
    ),
    { methods: [...usersMethods], concurrency: true, secretFields: ['password'], access: usersAccess } as any
  )

  app.service(usersPath).hooks({
    before: {
      find: [schemaHooks.validateQuery(userQueryValidator), authorize(userSchema)],
      get: [schemaHooks.validateQuery(userQueryValidator), authorize(userSchema)],
      create: [schemaHooks.validateData(userDataValidator), ownScope, authorize(userSchema), companyReference],
      patch: [schemaHooks.validateData(userPatchValidator), authorize(userSchema), companyReference],
      invite: accountAction,
      lock: accountAction,
      unlock: accountAction,
      enable: accountAction,
      disable: accountAction
    },
    after: {
      find: [authorize(userSchema)],
      get: [authorize(userSchema)],
      create: [authorize(userSchema)],
      patch: [authorize(userSchema)],
      // The state reads the password's presence: work it out before the hash is removed.
      all: [withStatusAndGroups, omitFields('password')]
    }
  })
}
