import { schemaHooks } from '../../../../validators.js'
import type { Application } from '../../../../declarations.js'
import { PortalKnexService } from '../../../../kit/knex-service.js'
import { knexOperators } from '../../../../kit/query.js'
import { purchaseRequestQueryValidator, type PurchaseRequest } from './purchase-requests.schema.js'
import { authorizePurchaseRequests, purchaseRequestsAccess } from './purchase-requests.access.js'
import { purchaseRequestsMethods, purchaseRequestsPath } from './purchase-requests.shared.js'

/** Purchase requests of the region, as the purchasing system hands them over: read-only here. */
export class PurchaseRequestService extends PortalKnexService<PurchaseRequest> {}

declare module '../../../../declarations.js' {
  interface ServiceTypes {
    [purchaseRequestsPath]: PurchaseRequestService
  }
}

export const purchaseRequests = (app: Application) => {
  app.use(
    purchaseRequestsPath,
    new PurchaseRequestService({
      Model: app.get('knex'),
      name: 'purchase_requests',
      paginate: app.get('paginate'),
      operators: knexOperators
    }),
    { methods: [...purchaseRequestsMethods], regional: true, feature: 'TENDERS', access: purchaseRequestsAccess } as any
  )

  app.service(purchaseRequestsPath).hooks({
    before: {
      find: [schemaHooks.validateQuery(purchaseRequestQueryValidator), authorizePurchaseRequests],
      get: [schemaHooks.validateQuery(purchaseRequestQueryValidator), authorizePurchaseRequests]
    },
    after: {
      find: [authorizePurchaseRequests],
      get: [authorizePurchaseRequests]
    }
  })
}
