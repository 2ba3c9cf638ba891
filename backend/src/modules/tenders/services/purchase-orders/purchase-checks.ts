import { schemaHooks } from '../../../../validators.js'
import { Type, getValidator } from '@feathersjs/typebox'
import type { Params } from '@feathersjs/feathers'
import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { readableIds } from '../../../../hooks/resolve-references.js'
import { queryValidator } from '../../../../validators.js'
import { checkNumber, type PurchaseKind } from './purchase-records.js'
import { purchaseChecksPath } from './purchase-orders.shared.js'
import { purchaseCurrencies } from './purchase-currencies.js'

const checkQuerySchema = Type.Object(
  {
    kind: Type.Union([Type.Literal('PO'), Type.Literal('CONTRACT')]),
    number: Type.String({ minLength: 1, maxLength: 64 }),
    revisionNum: Type.Optional(Type.Integer({ minimum: 0 })),
    siteId: Type.Optional(Type.Integer({ minimum: 1 }))
  },
  { $id: 'PurchaseCheckQuery', additionalProperties: false }
)
const checkQueryValidator = getValidator(checkQuerySchema, queryValidator)

/**
 * `GET /purchase-checks?kind=PO|CONTRACT&number=…[&revisionNum=…][&siteId=…]` → {isAwarded,
 * isUsed[, isSiteValid]} (spec §7 is-awarded, is-used, is-site-valid). A read: no audit row, no
 * real-time event. Needs read on the resource, and answers only about records the caller reads.
 */
export class PurchaseCheckService {
  constructor(private app: Application) {}
  async find(params: Params = {}) {
    const { kind, number, revisionNum, siteId } = params.query as { kind: PurchaseKind; number: string; revisionNum?: number; siteId?: number }
    const resource = kind === 'PO' ? 'purchase-orders' : 'contracts'
    // Authorize first; then only the records the caller reads count (a vendor its company's, a
    // person in charge those of its tenders), read through their own services.
    if (params.provider && !params.ability?.can('read', resource)) throw appError(403, 'FORBIDDEN')
    const visible = params.provider ? (service: string, ids: number[]) => readableIds(this.app, params, service, ids) : undefined
    return checkNumber(this.app.get('knex'), params.region ?? 'GLOBAL', kind, number, revisionNum, siteId, visible)
  }
}

declare module '../../../../declarations.js' {
  interface ServiceTypes {
    [purchaseChecksPath]: PurchaseCheckService
  }
}

export const purchaseChecks = (app: Application) => {
  app.use(purchaseChecksPath, new PurchaseCheckService(app), { methods: ['find'], feature: 'TENDERS' } as any)
  app.service(purchaseChecksPath).hooks({ before: { find: [schemaHooks.validateQuery(checkQueryValidator)] } })
  app.configure(purchaseCurrencies)
}
