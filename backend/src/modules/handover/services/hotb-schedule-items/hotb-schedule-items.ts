import { schemaHooks } from '../../../../validators.js'
import type { Application } from '../../../../declarations.js'
import { knexOperators } from '../../../../kit/query.js'
import { mayReadHotb } from '../hotb/hotb-lines.js'
import { hotbScheduleItemsAccess } from './hotb-schedule-items.access.js'
import { HotbScheduleItemService } from './hotb-schedule-items.class.js'
import { hotbScheduleItemDataValidator, hotbScheduleItemPatchValidator, hotbScheduleItemQueryValidator } from './hotb-schedule-items.schema.js'
import { hotbScheduleItemsMethods, hotbScheduleItemsPath } from './hotb-schedule-items.shared.js'

declare module '../../../../declarations.js' {
  interface ServiceTypes {
    [hotbScheduleItemsPath]: HotbScheduleItemService
  }
}

/** A record's condition schedule lines (spec hotb §3 "Schedules"); who: hotb-schedule-items.access.ts, applied by the kit. */
export const hotbScheduleItems = (app: Application) => {
  app.use(hotbScheduleItemsPath, new HotbScheduleItemService({ Model: app.get('knex'), name: 'hotb_schedule_items', paginate: app.get('paginate'), operators: knexOperators }, app), {
    methods: [...hotbScheduleItemsMethods],
    regional: true,
    feature: 'TENANT_PROJECTS',
    concurrency: true,
    access: hotbScheduleItemsAccess
  } as any)
  app.service(hotbScheduleItemsPath).hooks({
    before: {
      all: [mayReadHotb],
      find: [schemaHooks.validateQuery(hotbScheduleItemQueryValidator)],
      get: [schemaHooks.validateQuery(hotbScheduleItemQueryValidator)],
      create: [schemaHooks.validateData(hotbScheduleItemDataValidator)],
      patch: [schemaHooks.validateData(hotbScheduleItemPatchValidator)]
    }
  } as any)
}
