import { Type, getValidator } from '@feathersjs/typebox'
import { dataValidator, queryValidator } from '../../../../validators.js'
import { completionTypes, releaseOverrideReasonMaxLength } from '../../claims/claim-rules.shared.js'
import { rejectReasonMaxLength, submissionActions, submissionStates } from '../../claims/submission.workflow.js'

const literals = (values: readonly string[]) => Type.Union(values.map((value) => Type.Literal(value)))
const nullable = (schema: any) => Type.Union([schema, Type.Null()])
/** Money in integer cents, within what a bigint column and a JS number both hold exactly. */
const cents = Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER })
const day = Type.String({ format: 'date' })

const claimLine = Type.Object(
  {
    item: Type.String({ minLength: 1, maxLength: 64 }),
    workThisPeriodCents: Type.Integer({ minimum: -Number.MAX_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER }),
    materialsStoredCents: Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER })
  },
  { additionalProperties: false }
)

/** The fields a vendor fills while the claim is editable (DRAFT or REJECTED). */
const editable = {
  completionType: Type.Optional(nullable(literals(completionTypes))),
  invoiceNumber: Type.Optional(nullable(Type.String({ maxLength: 64 }))),
  invoiceAmountCents: Type.Optional(nullable(cents)),
  invoiceDate: Type.Optional(nullable(day)),
  completionAmountCents: Type.Optional(nullable(cents)),
  deductionAmountCents: Type.Optional(nullable(cents)),
  lines: Type.Optional(Type.Array(claimLine, { maxItems: 5000 }))
}

export const projectSubmissionDataValidator = getValidator(
  Type.Object({ ...editable, projectId: Type.String({ pattern: '^[a-z0-9]{24}$' }), region: Type.Optional(Type.String()) }, { $id: 'ProjectSubmissionData', additionalProperties: false }),
  dataValidator
)

/** A patch edits fields, or takes one workflow action (with its reason or the release override's). */
export const projectSubmissionPatchValidator = getValidator(
  Type.Object(
    {
      ...editable,
      action: Type.Optional(literals(submissionActions)),
      reason: Type.Optional(nullable(Type.String({ maxLength: rejectReasonMaxLength * 2 }))),
      note: Type.Optional(nullable(Type.String({ maxLength: 1000 }))),
      releaseOverrideReason: Type.Optional(nullable(Type.String({ maxLength: releaseOverrideReasonMaxLength }))),
      updatedAt: Type.Optional(Type.Any()),
      region: Type.Optional(Type.String())
    },
    { $id: 'ProjectSubmissionPatch', additionalProperties: false }
  ),
  dataValidator
)

/** A workflow action as a method of its own ({ id, updatedAt, reason? }). */
export const projectSubmissionActionValidator = getValidator(
  Type.Object(
    {
      id: Type.String({ pattern: '^[a-z0-9]{24}$' }),
      updatedAt: Type.Optional(Type.Any()),
      reason: Type.Optional(nullable(Type.String({ maxLength: rejectReasonMaxLength * 2 }))),
      note: Type.Optional(nullable(Type.String({ maxLength: 1000 }))),
      releaseOverrideReason: Type.Optional(nullable(Type.String({ maxLength: releaseOverrideReasonMaxLength })))
    },
    { $id: 'ProjectSubmissionAction', additionalProperties: false }
  ),
  dataValidator
)

export const projectSubmissionInspectorValidator = getValidator(
  Type.Object(
    { id: Type.String({ pattern: '^[a-z0-9]{24}$' }), inspectorId: nullable(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })), updatedAt: Type.Optional(Type.Any()) },
    { $id: 'ProjectSubmissionInspector', additionalProperties: false }
  ),
  dataValidator
)

const sortable = ['order', 'status', 'completionType', 'invoiceNumber', 'invoiceAmountCents', 'invoiceDate', 'completionAmountCents', 'createdAt', 'updatedAt'] as const
const sortDirection = Type.Union([Type.Literal(1), Type.Literal(-1), Type.Literal('1'), Type.Literal('-1')])

export const projectSubmissionQueryValidator = getValidator(
  Type.Object(
    {
      id: Type.Optional(Type.Union([Type.String({ maxLength: 24 }), Type.Object({ $in: Type.Array(Type.String({ maxLength: 24 }), { maxItems: 100 }) })])),
      projectId: Type.Optional(Type.String({ maxLength: 24 })),
      status: Type.Optional(Type.Union([literals(submissionStates), Type.Object({ $in: Type.Array(literals(submissionStates), { maxItems: 4 }) })])),
      completionType: Type.Optional(literals(completionTypes)),
      region: Type.Optional(Type.String()),
      $limit: Type.Optional(Type.Integer({ minimum: 0, maximum: 500 })),
      $skip: Type.Optional(Type.Integer({ minimum: 0 })),
      $sort: Type.Optional(Type.Partial(Type.Object(Object.fromEntries(sortable.map((field) => [field, sortDirection])))))
    },
    { $id: 'ProjectSubmissionQuery', additionalProperties: false }
  ),
  queryValidator
)
