import { Type, type Static } from '@feathersjs/typebox'
import { purchaseDataFields, purchaseFields, purchaseValidators } from '../purchase-orders/purchase-records.schema.js'

export const contractSchema = Type.Object({ ...purchaseFields, revisionNum: Type.Integer() }, { $id: 'Contract', additionalProperties: false })
export type Contract = Static<typeof contractSchema>

export const contractDataSchema = Type.Object(
  {
    ...purchaseDataFields,
    revisionNum: Type.Optional(Type.Integer({ minimum: 0, maximum: 999 }))
  },
  { $id: 'ContractData', additionalProperties: false }
)
export const contractValidators = purchaseValidators(contractSchema, contractDataSchema, 'Contract')
