import { Type, getValidator } from '@feathersjs/typebox'
import { dataValidator, queryValidator } from '../../../../validators.js'
import { listQuery } from '../../../../kit/query.js'
import { guidelineItemIdPattern, guidelineLimits } from '../guidelines/guidelines.shared.js'
import { postFitoutFileKinds, postFitoutLimits } from './post-fitout.shared.js'
import { postFitoutStates } from './post-fitout.workflow.js'

const nullable = (schema: any) => Type.Union([schema, Type.Null()])
const id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 })
const region = Type.Optional(Type.String())
const version = Type.Optional(Type.Any())
const itemIds = Type.Array(Type.String({ minLength: 1, maxLength: guidelineLimits.itemId, pattern: guidelineItemIdPattern }), { maxItems: guidelineLimits.items, uniqueItems: true })

/** A post-fit-out round (spec §3 "Post-fitout submission: status, letters, a pending guidelines list"). */
export const postFitoutSubmissionSchema = Type.Object(
  {
    id: Type.Integer(),
    region: Type.String(),
    projectId: Type.Integer(),
    tenancyId: Type.Integer(),
    status: Type.Union(postFitoutStates.map((state) => Type.Literal(state))),
    isFinal: Type.Boolean(),
    remarks: Type.String(),
    staffNotes: Type.Optional(Type.String()),
    compliedItemIds: Type.Array(Type.String()),
    pendingGuidelines: Type.Optional(Type.Array(Type.Object({ id: Type.Integer(), itemId: Type.String(), sectionContent: Type.Any() }, { additionalProperties: true }))),
    completedAt: Type.Any(),
    completedBy: nullable(Type.Integer()),
    createdBy: nullable(Type.Integer()),
    updatedBy: nullable(Type.Integer()),
    createdAt: Type.Any(),
    updatedAt: Type.Any()
  },
  { $id: 'PostFitoutSubmission', additionalProperties: true }
)

/** Start a round (spec POST /post_fitout_submissions/{id}: the project's id). */
export const postFitoutSubmissionDataValidator = getValidator(
  Type.Object(
    { projectId: id, isFinal: Type.Optional(Type.Boolean()), remarks: Type.Optional(Type.String({ maxLength: postFitoutLimits.remarks })), region },
    { $id: 'PostFitoutSubmissionData', additionalProperties: false }
  ),
  dataValidator
)
/** Spec PUT /post_fitout_submissions/{id}: remarks to the tenant, staff's notes, the guideline items ticked as complied. */
export const postFitoutSubmissionPatchValidator = getValidator(
  Type.Object(
    {
      remarks: Type.Optional(Type.String({ maxLength: postFitoutLimits.remarks })),
      staffNotes: Type.Optional(Type.String({ maxLength: postFitoutLimits.staffNotes })),
      compliedItemIds: Type.Optional(itemIds),
      updatedAt: version,
      region
    },
    { $id: 'PostFitoutSubmissionPatch', additionalProperties: false }
  ),
  dataValidator
)
export const postFitoutSubmissionActionValidator = getValidator(Type.Object({ id, updatedAt: version, region }, { $id: 'PostFitoutSubmissionAction', additionalProperties: false }), dataValidator)
export const postFitoutSubmissionQueryValidator = getValidator(
  listQuery(postFitoutSubmissionSchema, ['id', 'region', 'projectId', 'status', 'isFinal', 'createdAt', 'updatedAt']) as any,
  queryValidator
)

/** An upload to a round: a letter (staff) or a document (the tenant), multipart. */
export const postFitoutFileDataValidator = getValidator(
  Type.Object(
    {
      submissionId: Type.String({ pattern: '^[1-9][0-9]{0,9}$' }),
      kind: Type.Optional(Type.Union(postFitoutFileKinds.map((kind) => Type.Literal(kind)))),
      description: Type.Optional(Type.String({ maxLength: postFitoutLimits.description })),
      region
    },
    { $id: 'PostFitoutFileData', additionalProperties: true }
  ),
  dataValidator
)
export const postFitoutFileQueryValidator = getValidator(
  Type.Object(
    {
      submissionId: Type.Union([id, Type.String({ pattern: '^[1-9][0-9]{0,9}$' })]),
      kind: Type.Optional(Type.Union(postFitoutFileKinds.map((kind) => Type.Literal(kind)))),
      $limit: Type.Optional(Type.Integer({ minimum: 0 })),
      $skip: Type.Optional(Type.Integer({ minimum: 0 })),
      region
    },
    { $id: 'PostFitoutFileQuery', additionalProperties: false }
  ),
  queryValidator
)
