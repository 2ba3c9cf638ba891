import { schemaHooks } from '../../../../validators.js'
import type { Application, HookContext } from '../../../../declarations.js'
import { resolveReferences } from '../../../../hooks/resolve-references.js'
import { appError } from '../../../../errors.js'
import { getSetting } from '../../../../settings-values.js'
import { knexOperators } from '../../../../kit/query.js'
import { TenancyService } from './tenancies.class.js'
import { authorizeTenancyRead, staffOnly, tenanciesAccess } from './tenancies.access.js'
import { tenancyActionValidators, tenancyDataValidator, tenancyPatchValidator, tenancyQueryValidator } from './tenancies.schema.js'
import { tenanciesMethods, tenanciesPath } from './tenancies.shared.js'
import { contactsStale } from '../tenancy-contacts/tenancy-contacts.shared.js'
import { mailTenancyCreated } from '../../mail/tenancy-created.js'

declare module '../../../../declarations.js' {
  interface ServiceTypes {
    [tenanciesPath]: TenancyService
  }
}

/** The list's own filters (floor, occupiedOn, contactsStale), taken out of the adapter query into `premisesFilter`. */
const listFilters = async (context: HookContext) => {
  const { floor, occupiedOn, contactsStale, ...query } = context.params.query ?? {}
  if (floor !== undefined || occupiedOn !== undefined) (context.params as any).premisesFilter = { floor, occupiedOn }
  if (contactsStale !== undefined) {
    const days = await getSetting(context.app.get('knex'), context.params.region, 'tenancies.contactConfirmDays')
    ;(context.params as any).staleFilter = { stale: contactsStale === true || contactsStale === 'true', before: new Date(Date.now() - Number(days) * 86_400_000) }
  }
  context.params.query = query
  return context
}

/** Staff create tenancies with the `tenancies` create right (own: they will be in charge). */
const mayCreate = async (context: HookContext) => {
  const { params } = context
  if (params.provider && !params.ability?.can('create', 'tenancies')) throw appError(403, 'FORBIDDEN')
  return context
}

/** After reads: whether the tenancy's contacts need confirming (never, or not within the setting's days). */
const markContactsStale = async (context: HookContext) => {
  const result = context.result
  if (!result) return context
  const days = Number(await getSetting(context.app.get('knex'), context.params.region, 'tenancies.contactConfirmDays'))
  // The records were read for this answer only: marked in place, not copied.
  for (const record of Array.isArray(result) ? result : (result.data ?? [result])) record.contactsStale = contactsStale(record.confirmedAt, days)
  return context
}

export const tenancies = (app: Application) => {
  app.use(tenanciesPath, new TenancyService({ Model: app.get('knex'), name: 'tenancies', paginate: app.get('paginate'), operators: knexOperators }, app), {
    methods: [...tenanciesMethods],
    regional: true,
    feature: 'TENANCY_RECORDS',
    concurrency: true,
    access: tenanciesAccess
  } as any)

  app.service(tenanciesPath).hooks({
    before: {
      find: [schemaHooks.validateQuery(tenancyQueryValidator), listFilters, authorizeTenancyRead],
      get: [schemaHooks.validateQuery(tenancyQueryValidator), listFilters, authorizeTenancyRead],
      create: [staffOnly, mayCreate, schemaHooks.validateData(tenancyDataValidator), resolveReferences({ companyId: 'companies' })],
      patch: [staffOnly, schemaHooks.validateData(tenancyPatchValidator)],
      changeStatus: [staffOnly, schemaHooks.validateData(tenancyActionValidators.changeStatus)],
      linkLeases: [staffOnly, schemaHooks.validateData(tenancyActionValidators.linkLeases)],
      unlinkLeases: [staffOnly, schemaHooks.validateData(tenancyActionValidators.unlinkLeases)]
    },
    after: {
      find: [authorizeTenancyRead, markContactsStale],
      get: [authorizeTenancyRead, markContactsStale],
      create: [mailTenancyCreated]
    }
  } as any)
}
