import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { queryValidator } from '../../../../validators.js'
import { listQuery } from '../../../../kit/query.js'

export const purchaseRequestSchema = Type.Object(
  {
    id: Type.Integer(),
    region: Type.String(),
    number: Type.String(),
    description: Type.Union([Type.String(), Type.Null()]),
    siteId: Type.Union([Type.Integer(), Type.Null()]),
    amount: Type.Union([Type.Number(), Type.Null()]),
    currency: Type.Union([Type.String(), Type.Null()]),
    departmentId: Type.Union([Type.Integer(), Type.Null()]),
    createdAt: Type.Any(),
    updatedAt: Type.Any()
  },
  { $id: 'PurchaseRequest', additionalProperties: false }
)
export type PurchaseRequest = Static<typeof purchaseRequestSchema>

export const purchaseRequestQuerySchema = listQuery(
  purchaseRequestSchema,
  ['id', 'region', 'number', 'description', 'siteId', 'amount', 'currency', 'departmentId', 'createdAt'],
  ['number', 'description']
)
export const purchaseRequestQueryValidator = getValidator(purchaseRequestQuerySchema as any, queryValidator)
