import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { dataValidator, queryValidator } from '../../../../validators.js'
import { listQuery } from '../../../../kit/query.js'
import { CRITERION_MAX, CRITERION_MIN, rateTypes, ratingCriteria, standings } from './vendor-ratings.shared.js'

const literals = (values: readonly string[]) => Type.Union(values.map((value) => Type.Literal(value)))
const criterion = Type.Integer({ minimum: CRITERION_MIN, maximum: CRITERION_MAX })
const criteria = Object.fromEntries(ratingCriteria.map((name) => [name, criterion])) as Record<(typeof ratingCriteria)[number], typeof criterion>

export const vendorRatingSchema = Type.Object(
  {
    id: Type.Integer(),
    region: Type.String(),
    projectId: Type.String(),
    companyId: Type.Integer(),
    rateType: literals(rateTypes),
    ratedBy: Type.Integer(),
    ...criteria,
    comment: Type.Union([Type.String(), Type.Null()]),
    /** The weighted score when it was saved, in hundredths of a point (0 to 10000). */
    scoreHundredths: Type.Integer(),
    /** Its standing on the region's bands now (worked out on read). */
    standing: Type.Optional(literals(standings)),
    taskId: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
    createdAt: Type.Any(),
    updatedAt: Type.Any()
  },
  { $id: 'VendorRating', additionalProperties: false }
)
export type VendorRating = Static<typeof vendorRatingSchema>

/**
 * A new rating: the project (read through its own rules), the five criteria and a comment; either
 * the task it answers (its rate type is the task's) or a RANDOM rating started by hand.
 */
export const vendorRatingDataSchema = Type.Object(
  {
    projectId: Type.String({ pattern: '^[a-z0-9]{24}$' }),
    taskId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
    rateType: Type.Optional(literals(rateTypes)),
    ...criteria,
    comment: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()])),
    region: Type.Optional(Type.String())
  },
  { $id: 'VendorRatingData', additionalProperties: false }
)
export type VendorRatingData = Static<typeof vendorRatingDataSchema>
export const vendorRatingDataValidator = getValidator(vendorRatingDataSchema, dataValidator)

export const vendorRatingQueryValidator = getValidator(
  listQuery(vendorRatingSchema, ['id', 'region', 'projectId', 'companyId', 'rateType', 'ratedBy', 'scoreHundredths', 'createdAt'] as any) as any,
  queryValidator
)
