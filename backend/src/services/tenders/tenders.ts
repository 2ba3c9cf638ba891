import { hooks as schemaHooks } from '@feathersjs/schema'
import type { Application, HookContext } from '../../declarations.js'
import { authorize } from '../../hooks/authorize.js'
import { appError } from '../../errors.js'
import { portalOf } from '../../abilities/permissions.shared.js'
import { knexOperators } from '../query.js'
import { TenderService } from './tenders.class.js'
import { closeDueTenders } from './close-tenders.js'
import { tenderActionValidators, tenderDataValidator, tenderPatchValidator, tenderQueryValidator, tenderSchema } from './tenders.schema.js'
import { tendersMethods, tendersPath } from './tenders.shared.js'
import '../../mail/templates/tenders.js'

declare module '../../declarations.js' {
  interface ServiceTypes { [tendersPath]: TenderService }
}

declare module '../../jobs/queue.js' {
  interface JobTypes { 'tenders.close': { tenderId: string } }
}

const caslRead = authorize(tenderSchema)

/**
 * Staff read tenders through their CASL rules (own = person in charge). Vendors hold no
 * condition a tender row could answer: they need a `tenders` read rule at all, and the service
 * narrows their lists to the tenders their company is invited to (tender_vendors).
 */
const authorizeRead = async (context: HookContext) => {
  const { params } = context
  if (!params.provider || !params.user) return context
  if (portalOf(params.user.userType) === 'staff') return caslRead(context)
  if (!params.ability?.can('read', 'tenders')) throw appError(403, 'FORBIDDEN')
  return context
}

export const tenders = (app: Application) => {
  app.use(tendersPath, new TenderService({
    Model: app.get('knex'), name: 'tenders', paginate: app.get('paginate'), operators: knexOperators
  }, app), { methods: [...tendersMethods], regional: true, feature: 'TENDERS', concurrency: true } as any)

  const actions = Object.fromEntries(Object.entries(tenderActionValidators).map(([name, validator]) => [name, [schemaHooks.validateData(validator)]]))
  app.service(tendersPath).hooks({
    before: {
      find: [schemaHooks.validateQuery(tenderQueryValidator), authorizeRead],
      get: [schemaHooks.validateQuery(tenderQueryValidator), authorizeRead],
      create: [schemaHooks.validateData(tenderDataValidator)],
      patch: [schemaHooks.validateData(tenderPatchValidator)],
      ...actions
    },
    after: {
      find: [authorizeRead],
      get: [authorizeRead]
    }
  } as any)

  // The closing job of each issued tender; the sweep also catches any that a restart missed.
  void app.get('queue')?.work('tenders.close', async () => { await closeDueTenders(app, new Date()) })
}
