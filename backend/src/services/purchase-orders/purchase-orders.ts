import { hooks as schemaHooks } from '@feathersjs/schema'
import type { Application } from '../../declarations.js'
import { authorize } from '../../hooks/authorize.js'
import { knexOperators } from '../query.js'
import { PurchaseRecordService } from './purchase-records.js'
import { purchaseOrderSchema, purchaseOrderValidators } from './purchase-orders.schema.js'
import { purchaseOrdersMethods, purchaseOrdersPath } from './purchase-orders.shared.js'
import { purchaseChecks } from './purchase-checks.js'

declare module '../../declarations.js' {
  interface ServiceTypes { [purchaseOrdersPath]: PurchaseRecordService }
}

/** Purchase orders: staff with the permission; vendors read their own company's (own = companyId). */
export const purchaseOrders = (app: Application) => {
  app.use(purchaseOrdersPath, new PurchaseRecordService({
    Model: app.get('knex'), name: 'purchase_orders', paginate: app.get('paginate'), operators: knexOperators
  }, app, 'PO'), { methods: [...purchaseOrdersMethods], regional: true, feature: 'TENDERS', concurrency: true } as any)

  const guard = authorize(purchaseOrderSchema)
  const { data, patch, query } = purchaseOrderValidators
  app.service(purchaseOrdersPath).hooks({
    before: {
      find: [schemaHooks.validateQuery(query), guard],
      get: [schemaHooks.validateQuery(query), guard],
      create: [schemaHooks.validateData(data), guard],
      patch: [schemaHooks.validateData(patch), guard],
      remove: [guard]
    },
    after: { find: [guard], get: [guard], create: [guard], patch: [guard] }
  })
  app.configure(purchaseChecks)
}
