import { Type, getValidator, type TObject } from '@feathersjs/typebox'
import { dataValidator, queryValidator } from '../../../../validators.js'
import { listQuery } from '../../../../kit/query.js'
import { purchaseStates } from './purchase.workflow.js'

const money = (maximum: number) => Type.Union([Type.Number({ minimum: 0, maximum }), Type.String({ pattern: '^\\s*[0-9][0-9,]*(\\.[0-9]+)?\\s*$', maxLength: 24 })])
const nullableTimestamp = Type.Any()

/** The fields purchase orders and contracts share (contracts add revisionNum). */
export const purchaseFields = {
  id: Type.Integer(),
  region: Type.String(),
  number: Type.String(),
  tenderId: Type.String(),
  companyId: Type.Integer(),
  siteId: Type.Integer(),
  currency: Type.String(),
  amount: Type.Number(),
  retentionPercent: Type.Number(),
  deduction: Type.Number(),
  status: Type.String(),
  managedBy: Type.Union([Type.Integer(), Type.Null()]),
  createdAt: nullableTimestamp,
  updatedAt: nullableTimestamp
}

export const purchaseDataFields = {
  number: Type.String({ minLength: 1, maxLength: 64, pattern: '\\S' }),
  tenderId: Type.String({ pattern: '^[a-z0-9]{24}$' }),
  companyId: Type.Integer({ minimum: 1 }),
  siteId: Type.Integer({ minimum: 1 }),
  currency: Type.Optional(Type.String({ pattern: '^[A-Za-z]{3}$' })),
  amount: money(999_999_999_999.99),
  retentionPercent: Type.Optional(money(100)),
  deduction: Type.Optional(money(999_999_999_999.99)),
  status: Type.Optional(Type.Union(purchaseStates.map((state) => Type.Literal(state)))),
  region: Type.Optional(Type.String())
}

export function purchaseValidators(schema: TObject, data: TObject, name: string) {
  const patch = Type.Object({ ...Type.Partial(data).properties, updatedAt: Type.Any() }, { $id: `${name}Patch`, additionalProperties: false })
  const fields = Object.keys(schema.properties) as any
  const query = listQuery(schema, fields, ['number'])
  return {
    data: getValidator(data, dataValidator),
    patch: getValidator(patch, dataValidator),
    query: getValidator(query as any, queryValidator)
  }
}

/** The body of each workflow action (purchase.workflow.ts): the record and the version read. */
export const purchaseActionValidators = {
  cancel: getValidator(Type.Object({ id: Type.Integer({ minimum: 1 }), updatedAt: Type.Optional(Type.Any()) }, { $id: 'PurchaseCancel', additionalProperties: false }), dataValidator)
}
