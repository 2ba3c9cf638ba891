import { schemaHooks } from '../../validators.js'
import type { Application } from '../../declarations.js'
import { authorize } from '../../hooks/authorize.js'
import { knexOperators } from '../../kit/query.js'
import { PublicHolidayService } from './public-holidays.class.js'
import { publicHolidayDataValidator, publicHolidayPatchValidator, publicHolidayQueryValidator, publicHolidaySchema } from './public-holidays.schema.js'
import { publicHolidaysMethods, publicHolidaysPath } from './public-holidays.shared.js'
import { caslAccess } from '../../kit/access.js'

declare module '../../declarations.js' {
  interface ServiceTypes {
    [publicHolidaysPath]: PublicHolidayService
  }
}

/** The region's public holidays: every signed-in user reads them (the due dates they are shown count them); administrators keep them. */
export const publicHolidays = (app: Application) => {
  app.use(publicHolidaysPath, new PublicHolidayService({ Model: app.get('knex'), name: 'public_holidays', paginate: app.get('paginate'), operators: knexOperators }, app), {
    methods: [...publicHolidaysMethods],
    regional: true,
    concurrency: true,
    access: caslAccess(publicHolidaysPath)
  } as any)
  const guard = authorize(publicHolidaySchema)
  app.service(publicHolidaysPath).hooks({
    before: {
      find: [schemaHooks.validateQuery(publicHolidayQueryValidator), guard],
      get: [schemaHooks.validateQuery(publicHolidayQueryValidator), guard],
      create: [schemaHooks.validateData(publicHolidayDataValidator), guard],
      patch: [schemaHooks.validateData(publicHolidayPatchValidator), guard],
      remove: [guard]
    },
    after: { find: [guard], get: [guard] }
  })
}
