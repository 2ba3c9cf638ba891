import { hooks as schemaHooks } from '@feathersjs/schema'
import type { Application } from '../../declarations.js'
import { authorize } from '../../hooks/authorize.js'
import { knexOperators } from '../query.js'
import { PurchaseRecordService } from '../purchase-orders/purchase-records.js'
import { contractSchema, contractValidators } from './contracts.schema.js'
import { contractsMethods, contractsPath } from './contracts.shared.js'

declare module '../../declarations.js' {
  interface ServiceTypes { [contractsPath]: PurchaseRecordService }
}

/**
 * Contracts with revisions: (number, revisionNum) unique in the region, every revision of a
 * number on the same awarded tender. Same access as purchase orders.
 */
export const contracts = (app: Application) => {
  app.use(contractsPath, new PurchaseRecordService({
    Model: app.get('knex'), name: 'contracts', paginate: app.get('paginate'), operators: knexOperators
  }, app, 'CONTRACT'), { methods: [...contractsMethods], regional: true, feature: 'TENDERS', concurrency: true } as any)

  const guard = authorize(contractSchema)
  const { data, patch, query } = contractValidators
  app.service(contractsPath).hooks({
    before: {
      find: [schemaHooks.validateQuery(query), guard],
      get: [schemaHooks.validateQuery(query), guard],
      create: [schemaHooks.validateData(data), guard],
      patch: [schemaHooks.validateData(patch), guard],
      remove: [guard]
    },
    after: { find: [guard], get: [guard], create: [guard], patch: [guard] }
  })
}
