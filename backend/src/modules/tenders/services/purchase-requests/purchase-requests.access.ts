import { authorize } from '../../../../hooks/authorize.js'
import { caslAllows, defineAccess } from '../../../../kit/access.js'
import { purchaseRequestSchema } from './purchase-requests.schema.js'
import { purchaseRequestsPath } from './purchase-requests.shared.js'

/*
 * Who reads purchase requests (as the purchasing system hands them over; read-only here), in one
 * place: staff holding a `purchase-requests` read rule, every request of the region; vendors and
 * tenants hold none (403). The tender screens read a request's facts through tender-checks
 * (pr-check.ts) for the person creating the tender, not through this list. Fields: the whole
 * record. Live events: the readers' abilities (channels.ts); nothing writes them through the API.
 */

/** Before and after find and get: the caller's CASL rules on `purchase-requests`. */
export const authorizePurchaseRequests = authorize(purchaseRequestSchema)

/**
 * The requests' access contract (kit/access.ts): read by the CASL rules; nothing changes one
 * through the API (no write method), so no caller acts on one nor locks it. Live events: the
 * kit's default readers, whose ability reads the request.
 */
export const purchaseRequestsAccess = defineAccess<Record<string, unknown>>({
  subject: purchaseRequestsPath,
  read: (request, caller) => caslAllows(caller, 'read', purchaseRequestsPath, request),
  act: (_request, _action, caller) => !caller.provider
})
