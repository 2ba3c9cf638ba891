import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { dataValidator, queryValidator } from '../../../../validators.js'
import { changeOrderReasonMaxLength, changeOrderRejectReasonMaxLength } from './project-change-order.workflow.js'
import { changeOrderDescriptionMaxLength, changeOrderLinesMax } from './project-change-orders.shared.js'

const projectId = Type.String({ pattern: '^[a-z0-9]{24}$' })
const day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' })
const cents = Type.Integer({ minimum: -Number.MAX_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER })

export const changeOrderLineSchema = Type.Object(
  {
    type: Type.Union([Type.Literal('ADD'), Type.Literal('REVISE')]),
    item: Type.String({ minLength: 1, maxLength: 64 }),
    description: Type.Optional(Type.Union([Type.String({ maxLength: changeOrderDescriptionMaxLength }), Type.Null()])),
    amountCents: cents
  },
  { additionalProperties: false }
)

const fields = {
  date: day,
  reason: Type.String({ minLength: 1, maxLength: changeOrderReasonMaxLength, pattern: '\\S' }),
  lines: Type.Array(changeOrderLineSchema, { maxItems: changeOrderLinesMax })
}

export const projectChangeOrderDataSchema = Type.Object({ projectId, ...fields, region: Type.Optional(Type.String()) }, { $id: 'ProjectChangeOrderData', additionalProperties: false })
export type ProjectChangeOrderData = Static<typeof projectChangeOrderDataSchema>
export const projectChangeOrderDataValidator = getValidator(projectChangeOrderDataSchema, dataValidator)

export const projectChangeOrderPatchSchema = Type.Object(
  { updatedAt: Type.Optional(Type.Any()), date: Type.Optional(fields.date), reason: Type.Optional(fields.reason), lines: Type.Optional(fields.lines) },
  { $id: 'ProjectChangeOrderPatch', additionalProperties: false }
)
export const projectChangeOrderPatchValidator = getValidator(projectChangeOrderPatchSchema, dataValidator)

const actionOf = (name: string, extra: Record<string, any> = {}) =>
  Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), updatedAt: Type.Optional(Type.Any()), ...extra }, { $id: name, additionalProperties: false })

export const projectChangeOrderActionValidators = {
  submit: getValidator(actionOf('ProjectChangeOrderSubmit'), dataValidator),
  approve: getValidator(actionOf('ProjectChangeOrderApprove'), dataValidator),
  // An empty or missing reason is the service's 400 CO_REJECT_REASON_REQUIRED, said in the caller's language.
  reject: getValidator(actionOf('ProjectChangeOrderReject', { reason: Type.Optional(Type.String({ maxLength: changeOrderRejectReasonMaxLength * 4 })) }), dataValidator)
}

/** A project's change orders, by project and status, in number order unless sorted otherwise. */
export const projectChangeOrderQuerySchema = Type.Object(
  {
    projectId: Type.Optional(projectId),
    status: Type.Optional(Type.Union([Type.Literal('DRAFT'), Type.Literal('SUBMITTED'), Type.Literal('APPROVED'), Type.Literal('REJECTED')])),
    region: Type.Optional(Type.String()),
    $limit: Type.Optional(Type.Integer({ minimum: 0, maximum: 500 })),
    $skip: Type.Optional(Type.Integer({ minimum: 0 })),
    $sort: Type.Optional(
      Type.Object(
        { number: Type.Optional(Type.Integer()), date: Type.Optional(Type.Integer()), status: Type.Optional(Type.Integer()), netChangeCents: Type.Optional(Type.Integer()) },
        { additionalProperties: false }
      )
    )
  },
  { additionalProperties: false }
)
export const projectChangeOrderQueryValidator = getValidator(projectChangeOrderQuerySchema, queryValidator)
