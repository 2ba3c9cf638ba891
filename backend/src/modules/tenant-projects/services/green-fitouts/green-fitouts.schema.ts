import { Type, getValidator } from '@feathersjs/typebox'
import { dataValidator, queryValidator } from '../../../../validators.js'
import { listQuery } from '../../../../kit/query.js'
import { greenFitoutStates, greenFolderStates } from './green-fitout.workflow.js'
import { greenFitoutCategories } from './green-fitouts.shared.js'

const nullable = (schema: any) => Type.Union([schema, Type.Null()])
const id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 })
const region = Type.Optional(Type.String())
const version = Type.Optional(Type.Any())
const points = Type.Integer({ minimum: 0, maximum: 1000 })
const literals = (values: readonly string[]) => Type.Union(values.map((value) => Type.Literal(value)))

export const greenFitoutSchema = Type.Object(
  {
    id: Type.Integer(),
    region: Type.String(),
    projectId: Type.Integer(),
    tenancyId: Type.Integer(),
    status: literals(greenFitoutStates),
    onHold: Type.Boolean(),
    complied: Type.Boolean(),
    recognised: Type.Boolean(),
    thresholdPoints: nullable(Type.Integer()),
    totalPoints: Type.Optional(Type.Integer()),
    startedAt: Type.Any(),
    completedAt: Type.Any(),
    sentAt: Type.Any(),
    createdAt: Type.Any(),
    updatedAt: Type.Any()
  },
  { $id: 'GreenFitout', additionalProperties: true }
)

export const greenFitoutDataValidator = getValidator(Type.Object({ projectId: id, region }, { $id: 'GreenFitoutData', additionalProperties: false }), dataValidator)
export const greenFitoutActionValidator = getValidator(Type.Object({ id, updatedAt: version, region }, { $id: 'GreenFitoutAction', additionalProperties: false }), dataValidator)
/** A comment (spec §3 "sub-tabs comment and guideline"): on the scheme or on one of its folders. */
export const greenFitoutCommentValidator = getValidator(
  Type.Object(
    {
      id,
      comment: Type.String({ minLength: 1, maxLength: 4000 }),
      folderId: Type.Optional(id),
      type: Type.Optional(Type.Union([Type.Literal('SUBMISSION'), Type.Literal('GUIDELINE')])),
      updatedAt: version,
      region
    },
    { $id: 'GreenFitoutComment', additionalProperties: false }
  ),
  dataValidator
)
export const greenFitoutQueryValidator = getValidator(
  listQuery(greenFitoutSchema, ['id', 'region', 'projectId', 'tenancyId', 'status', 'onHold', 'recognised', 'createdAt', 'updatedAt']) as any,
  queryValidator
)

export const greenFolderSchema = Type.Object(
  {
    id: Type.Integer(),
    region: Type.String(),
    projectId: Type.Integer(),
    greenFitoutId: Type.Integer(),
    category: literals(greenFitoutCategories),
    title: Type.String(),
    status: literals(greenFolderStates),
    pointsClaimed: Type.Integer(),
    pointsAwarded: nullable(Type.Integer()),
    reason: Type.String(),
    createdAt: Type.Any(),
    updatedAt: Type.Any()
  },
  { $id: 'GreenFitoutFolder', additionalProperties: true }
)
const title = Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' })
export const greenFolderDataValidator = getValidator(
  Type.Object({ greenFitoutId: id, category: literals(greenFitoutCategories), title, pointsClaimed: Type.Optional(points), region }, { $id: 'GreenFitoutFolderData', additionalProperties: false }),
  dataValidator
)
export const greenFolderPatchValidator = getValidator(
  Type.Object(
    { category: Type.Optional(literals(greenFitoutCategories)), title: Type.Optional(title), pointsClaimed: Type.Optional(points), updatedAt: version, region },
    { $id: 'GreenFitoutFolderPatch', additionalProperties: false }
  ),
  dataValidator
)
export const greenFolderActionValidators = {
  submit: getValidator(Type.Object({ id, updatedAt: version, region }, { $id: 'GreenFitoutFolderSubmit', additionalProperties: false }), dataValidator),
  approve: getValidator(Type.Object({ id, points: Type.Optional(points), updatedAt: version, region }, { $id: 'GreenFitoutFolderApprove', additionalProperties: false }), dataValidator),
  reject: getValidator(
    Type.Object({ id, reason: Type.String({ minLength: 1, maxLength: 2000 }), updatedAt: version, region }, { $id: 'GreenFitoutFolderReject', additionalProperties: false }),
    dataValidator
  ),
  updatePoints: getValidator(Type.Object({ id, points, updatedAt: version, region }, { $id: 'GreenFitoutFolderPoints', additionalProperties: false }), dataValidator)
}
export const greenFolderQueryValidator = getValidator(
  listQuery(greenFolderSchema, ['id', 'region', 'projectId', 'greenFitoutId', 'category', 'status', 'createdAt', 'updatedAt']) as any,
  queryValidator
)

export const greenPointsSchema = Type.Object(
  {
    id: Type.Integer(),
    region: Type.String(),
    projectId: Type.Integer(),
    greenFitoutId: Type.Integer(),
    folderId: Type.Integer(),
    oldPoints: nullable(Type.Integer()),
    newPoints: nullable(Type.Integer()),
    userId: nullable(Type.Integer()),
    createdAt: Type.Any()
  },
  { $id: 'GreenFitoutPoints', additionalProperties: true }
)
export const greenPointsQueryValidator = getValidator(listQuery(greenPointsSchema, ['id', 'region', 'projectId', 'greenFitoutId', 'folderId', 'createdAt']) as any, queryValidator)

export const greenHistorySchema = Type.Object(
  {
    id: Type.Integer(),
    region: Type.String(),
    projectId: Type.Integer(),
    greenFitoutId: Type.Integer(),
    folderId: nullable(Type.Integer()),
    type: Type.String(),
    actionType: Type.String(),
    comment: Type.String(),
    userId: nullable(Type.Integer()),
    createdAt: Type.Any()
  },
  { $id: 'GreenFitoutHistory', additionalProperties: true }
)
export const greenHistoryQueryValidator = getValidator(
  listQuery(greenHistorySchema, ['id', 'region', 'projectId', 'greenFitoutId', 'folderId', 'type', 'actionType', 'createdAt']) as any,
  queryValidator
)

export const greenPortfolioSchema = Type.Object(
  {
    id: Type.Integer(),
    region: Type.String(),
    projectId: Type.Integer(),
    tenancyId: Type.Integer(),
    status: literals(greenFitoutStates),
    recognised: Type.Boolean(),
    totalPoints: Type.Integer(),
    claimedPoints: Type.Integer(),
    folderCount: Type.Integer(),
    acceptedCount: Type.Integer(),
    projectName: Type.String(),
    companyName: nullable(Type.String()),
    buildingId: nullable(Type.Integer()),
    updatedAt: Type.Any()
  },
  { $id: 'GreenFitoutPortfolio', additionalProperties: true }
)
export const greenPortfolioQueryValidator = getValidator(
  listQuery(
    greenPortfolioSchema,
    ['id', 'region', 'projectId', 'tenancyId', 'status', 'recognised', 'totalPoints', 'claimedPoints', 'projectName', 'companyName', 'buildingId', 'updatedAt'],
    ['projectName', 'companyName']
  ) as any,
  queryValidator
)
export const greenFolderFileDataValidator = getValidator(
  Type.Object(
    { folderId: Type.String({ pattern: '^[1-9][0-9]{0,9}$' }), description: Type.Optional(Type.String({ maxLength: 500 })), region },
    { $id: 'GreenFitoutFolderFileData', additionalProperties: true }
  ),
  dataValidator
)
export const greenFolderFileQueryValidator = getValidator(
  Type.Object(
    { folderId: Type.Union([id, Type.String({ pattern: '^[1-9][0-9]{0,9}$' })]), $limit: Type.Optional(Type.Integer({ minimum: 0 })), $skip: Type.Optional(Type.Integer({ minimum: 0 })), region },
    { $id: 'GreenFitoutFolderFileQuery', additionalProperties: false }
  ),
  queryValidator
)
