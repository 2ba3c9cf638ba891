import { schemaHooks } from '../../../../validators.js'
import type { Application } from '../../../../declarations.js'
import { knexOperators } from '../../../../kit/query.js'
import { staffMay, vendorRatingTasksAccess } from '../vendor-ratings/vendor-ratings.access.js'
import { VendorRatingTaskService } from './vendor-rating-tasks.class.js'
import { vendorRatingTaskQueryValidator } from './vendor-rating-tasks.schema.js'
import { vendorRatingTasksMethods, vendorRatingTasksPath } from './vendor-rating-tasks.shared.js'

declare module '../../../../declarations.js' {
  interface ServiceTypes {
    [vendorRatingTasksPath]: VendorRatingTaskService
  }
}

/** Who sees a task is who may answer it: a `vendor-ratings` create rule (vendor-ratings.access). */
export const vendorRatingTasks = (app: Application) => {
  app.use(vendorRatingTasksPath, new VendorRatingTaskService({ Model: app.get('knex'), name: 'vendor_rating_tasks', paginate: app.get('paginate'), operators: knexOperators }, app), {
    methods: [...vendorRatingTasksMethods],
    regional: true,
    feature: 'VENDOR_PERFORMANCE',
    access: vendorRatingTasksAccess
  } as any)
  app.service(vendorRatingTasksPath).hooks({
    before: {
      find: [staffMay('create'), schemaHooks.validateQuery(vendorRatingTaskQueryValidator)],
      get: [staffMay('create'), schemaHooks.validateQuery(vendorRatingTaskQueryValidator)]
    }
  } as any)
}
