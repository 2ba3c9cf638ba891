import { Type, type Static } from '@feathersjs/typebox'
import { purchaseDataFields, purchaseFields, purchaseValidators } from './purchase-records.schema.js'

export const purchaseOrderSchema = Type.Object(purchaseFields, { $id: 'PurchaseOrder', additionalProperties: false })
export type PurchaseOrder = Static<typeof purchaseOrderSchema>

export const purchaseOrderDataSchema = Type.Object(purchaseDataFields, { $id: 'PurchaseOrderData', additionalProperties: false })
export const purchaseOrderValidators = purchaseValidators(purchaseOrderSchema, purchaseOrderDataSchema, 'PurchaseOrder')
