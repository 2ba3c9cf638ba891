import type { Application, HookContext } from '../../../../declarations.js'
import { authorize } from '../../../../hooks/authorize.js'
import { readersOf } from '../../../../channels.js'
import { purchaseRequestSchema } from './purchase-requests.schema.js'

/*
 * Who reads purchase requests (as the purchasing system hands them over; read-only here), in one
 * place: staff holding a `purchase-requests` read rule, every request of the region; vendors and
 * tenants hold none (403). The tender screens read a request's facts through tender-checks
 * (pr-check.ts) for the person creating the tender, not through this list. Fields: the whole
 * record. Live events: the readers' abilities (channels.ts); nothing writes them through the API.
 */

/** Before and after find and get: the caller's CASL rules on `purchase-requests`. */
export const authorizePurchaseRequests = authorize(purchaseRequestSchema)

export const purchaseRequestEventReaders = (app: Application) => (data: any, context: HookContext) => readersOf(app, data, context)
