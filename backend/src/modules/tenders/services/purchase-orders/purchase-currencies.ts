import { schemaHooks } from '../../../../validators.js'
import { Type, getValidator } from '@feathersjs/typebox'
import type { Params } from '@feathersjs/feathers'
import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { queryValidator } from '../../../../validators.js'
import { regionCurrency } from './purchase-records.js'
import { purchaseCurrenciesPath, purchaseCurrencyKinds } from './purchase-orders.shared.js'

type CurrencyKind = (typeof purchaseCurrencyKinds)[number]

const currencyQueryValidator = getValidator(
  Type.Object(
    {
      kind: Type.Union(purchaseCurrencyKinds.map((kind) => Type.Literal(kind)))
    },
    { $id: 'PurchaseCurrencyQuery', additionalProperties: false }
  ),
  queryValidator
)

/** Each kind of record, its table and the permission resource that reads it. */
const sources: Record<CurrencyKind, { table: string; resource: string }> = {
  PR: { table: 'purchase_requests', resource: 'purchase-requests' },
  PO: { table: 'purchase_orders', resource: 'purchase-orders' },
  CONTRACT: { table: 'contracts', resource: 'contracts' }
}

/**
 * `GET /purchase-currencies?kind=PR|PO|CONTRACT` → the currency codes a form of that kind offers:
 * the region's own first (the default of a new record, spec §9), then the others its records of
 * that kind carry. Needs read on the kind's resource.
 */
export class PurchaseCurrencyService {
  constructor(private app: Application) {}
  async find(params: Params = {}): Promise<string[]> {
    const { table, resource } = sources[(params.query as { kind: CurrencyKind }).kind]
    if (params.provider && !params.ability?.can('read', resource)) throw appError(403, 'FORBIDDEN')
    const db = this.app.get('knex')
    const region = params.region ?? 'GLOBAL'
    const used: string[] = await db(table).where({ region }).whereNotNull('currency').distinct('currency').orderBy('currency').pluck('currency')
    const own = await regionCurrency(db, region)
    return [...new Set([own, ...used.map((code) => code.toUpperCase())])]
  }
}

declare module '../../../../declarations.js' {
  interface ServiceTypes {
    [purchaseCurrenciesPath]: PurchaseCurrencyService
  }
}

export const purchaseCurrencies = (app: Application) => {
  app.use(purchaseCurrenciesPath, new PurchaseCurrencyService(app), { methods: ['find'], feature: 'TENDERS' } as any)
  app.service(purchaseCurrenciesPath).hooks({ before: { find: [schemaHooks.validateQuery(currencyQueryValidator)] } })
}
