import { Type, getValidator } from '@feathersjs/typebox'
import { dataValidator, queryValidator } from '../../../../validators.js'
import { listQuery } from '../../../../kit/query.js'
import { submissionStates, designOutcomes, cpOutcomes, techOutcomes } from './tenant-submission.workflow.js'
import { commentStatuses, commentTypes, submissionDocTypes, submissionLimits } from './tenant-submissions.shared.js'

const nullable = (schema: any) => Type.Union([schema, Type.Null()])
const id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 })
const region = Type.Optional(Type.String())
const version = Type.Optional(Type.Any())

/** A batch as stored and answered (with its number, ball and clock). */
export const tenantSubmissionSchema = Type.Object(
  {
    id: Type.Integer(),
    region: Type.String(),
    projectId: Type.Integer(),
    tenancyId: Type.Integer(),
    accountUserIds: Type.Optional(Type.Array(Type.Integer())),
    order: Type.Integer(),
    status: Type.Union(submissionStates.map((state) => Type.Literal(state))),
    designOutcome: nullable(Type.String()),
    cpOutcome: nullable(Type.String()),
    techOutcome: nullable(Type.String()),
    disapprovedBy: nullable(Type.String()),
    designManagerId: nullable(Type.Integer()),
    cpReviewerId: nullable(Type.Integer()),
    techManagerId: nullable(Type.Integer()),
    sentAt: Type.Any(),
    stepStartedAt: Type.Any(),
    dueDate: Type.Any(),
    remindedOn: Type.Any(),
    completedDate: Type.Any(),
    statusReason: nullable(Type.String()),
    createdBy: nullable(Type.Integer()),
    createdAt: Type.Any(),
    updatedAt: Type.Any()
  },
  { $id: 'TenantSubmission', additionalProperties: true }
)

export const tenantSubmissionDataValidator = getValidator(Type.Object({ projectId: id, region }, { $id: 'TenantSubmissionData', additionalProperties: false }), dataValidator)

export const tenantSubmissionActionValidators = {
  send: getValidator(Type.Object({ id, updatedAt: version, region }, { $id: 'TenantSubmissionSend', additionalProperties: false }), dataValidator),
  resend: getValidator(Type.Object({ id, updatedAt: version, region }, { $id: 'TenantSubmissionResend', additionalProperties: false }), dataValidator),
  review: getValidator(
    Type.Object(
      {
        id,
        outcome: Type.Union([...new Set([...designOutcomes, ...cpOutcomes, ...techOutcomes])].map((outcome) => Type.Literal(outcome))),
        nextReviewerId: Type.Optional(nullable(id)),
        updatedAt: version,
        region
      },
      { $id: 'TenantSubmissionReview', additionalProperties: false }
    ),
    dataValidator
  ),
  reassign: getValidator(Type.Object({ id, reviewerId: id, updatedAt: version, region }, { $id: 'TenantSubmissionReassign', additionalProperties: false }), dataValidator),
  cancel: getValidator(
    Type.Object(
      { id, reason: Type.String({ minLength: 1, maxLength: submissionLimits.reason, pattern: '\\S' }), updatedAt: version, region },
      { $id: 'TenantSubmissionCancel', additionalProperties: false }
    ),
    dataValidator
  )
}

export const tenantSubmissionQueryValidator = getValidator(
  listQuery(
    tenantSubmissionSchema,
    ['id', 'region', 'projectId', 'order', 'status', 'designManagerId', 'cpReviewerId', 'techManagerId', 'dueDate', 'createdAt', 'updatedAt', 'completedDate'],
    []
  ) as any,
  queryValidator
)

/** A comment of the register. */
export const tenantSubmissionCommentSchema = Type.Object(
  {
    id: Type.Integer(),
    region: Type.String(),
    projectId: Type.Integer(),
    tenancyId: Type.Integer(),
    submissionId: Type.Integer(),
    batchOrder: Type.Integer(),
    type: Type.Union(commentTypes.map((type) => Type.Literal(type))),
    section: Type.Integer(),
    item: Type.Integer(),
    label: Type.String(),
    text: Type.String(),
    status: Type.Union(commentStatuses.map((status) => Type.Literal(status))),
    answer: nullable(Type.String()),
    answeredOrder: nullable(Type.Integer()),
    sentAt: Type.Any(),
    createdAt: Type.Any(),
    updatedAt: Type.Any()
  },
  { $id: 'TenantSubmissionComment', additionalProperties: true }
)

const text = Type.String({ minLength: 1, maxLength: submissionLimits.comment, pattern: '\\S' })

export const tenantSubmissionCommentDataValidator = getValidator(
  Type.Object(
    { submissionId: id, section: Type.Optional(Type.Integer({ minimum: 1, maximum: 999 })), text, guidelineId: Type.Optional(nullable(id)), region },
    { $id: 'TenantSubmissionCommentData', additionalProperties: false }
  ),
  dataValidator
)
export const tenantSubmissionCommentPatchValidator = getValidator(
  Type.Object({ text, updatedAt: version, region }, { $id: 'TenantSubmissionCommentPatch', additionalProperties: false }),
  dataValidator
)
export const tenantSubmissionCommentActionValidators = {
  answer: getValidator(
    Type.Object(
      { id, answer: Type.Optional(Type.String({ maxLength: submissionLimits.answer })), notApplicable: Type.Optional(Type.Boolean()), updatedAt: version, region },
      { $id: 'TenantSubmissionCommentAnswer', additionalProperties: false }
    ),
    dataValidator
  ),
  check: getValidator(Type.Object({ id, updatedAt: version, region }, { $id: 'TenantSubmissionCommentCheck', additionalProperties: false }), dataValidator),
  uncheck: getValidator(Type.Object({ id, updatedAt: version, region }, { $id: 'TenantSubmissionCommentUncheck', additionalProperties: false }), dataValidator)
}
export const tenantSubmissionCommentQueryValidator = getValidator(
  listQuery(tenantSubmissionCommentSchema, ['id', 'region', 'projectId', 'submissionId', 'batchOrder', 'type', 'section', 'item', 'status', 'createdAt', 'updatedAt'], ['text', 'label']) as any,
  queryValidator
)

export const tenantSubmissionActionSchema = Type.Object(
  {
    id: Type.Integer(),
    region: Type.String(),
    projectId: Type.Integer(),
    tenancyId: Type.Integer(),
    submissionId: Type.Integer(),
    batchOrder: Type.Integer(),
    actionType: Type.String(),
    userId: nullable(Type.Integer()),
    commentTypes: Type.Array(Type.String()),
    commentObject: Type.Any(),
    guidelineId: nullable(Type.Integer()),
    internal: Type.Boolean(),
    createdAt: Type.Any()
  },
  { $id: 'TenantSubmissionAction', additionalProperties: true }
)
export const tenantSubmissionActionQueryValidator = getValidator(
  listQuery(tenantSubmissionActionSchema, ['id', 'region', 'projectId', 'submissionId', 'batchOrder', 'actionType', 'createdAt'], []) as any,
  queryValidator
)

/** A file's upload fields (multipart: strings), checked again as typed values in the service. */
export const tenantSubmissionFileDataValidator = getValidator(
  Type.Object(
    {
      submissionId: Type.String({ pattern: '^[1-9][0-9]{0,9}$' }),
      docType: Type.Union(submissionDocTypes.map((type) => Type.Literal(type))),
      description: Type.Optional(Type.String({ maxLength: submissionLimits.description })),
      isDesign: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false'), Type.Boolean()])),
      isTechnical: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false'), Type.Boolean()])),
      isNa: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false'), Type.Boolean()])),
      region
    },
    { $id: 'TenantSubmissionFileData', additionalProperties: false }
  ),
  dataValidator
)
export const tenantSubmissionFilePatchValidator = getValidator(
  Type.Object(
    {
      docType: Type.Optional(Type.Union(submissionDocTypes.map((type) => Type.Literal(type)))),
      description: Type.Optional(Type.String({ maxLength: submissionLimits.description })),
      isDesign: Type.Optional(Type.Boolean()),
      isTechnical: Type.Optional(Type.Boolean()),
      isNa: Type.Optional(Type.Boolean()),
      updatedAt: version,
      region
    },
    { $id: 'TenantSubmissionFilePatch', additionalProperties: false }
  ),
  dataValidator
)
export const tenantSubmissionFileQueryValidator = getValidator(
  Type.Object({ submissionId: Type.Union([Type.String({ pattern: '^[1-9][0-9]{0,9}$' }), id]), region }, { $id: 'TenantSubmissionFileQuery', additionalProperties: true }),
  queryValidator
)
