import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { dataValidator, queryValidator } from '../../../../validators.js'
import { listQuery } from '../../../../kit/query.js'
import { guidelineItemIdPattern, guidelineLimits as limits, guidelineStatuses, guidelineTypes } from './guidelines.shared.js'

const literals = (values: readonly string[]) => Type.Union(values.map((value) => Type.Literal(value)))
const nullable = (schema: any) => Type.Union([schema, Type.Null()])
const position = Type.Integer({ minimum: 0, maximum: 10_000 })

const lineSchema = Type.Object({ order: position, value: Type.String({ minLength: 1, maxLength: limits.line, pattern: '\\S' }) }, { additionalProperties: false })
const sectionContent = Type.Array(lineSchema, { minItems: 1, maxItems: limits.lines })
const itemId = Type.String({ minLength: 1, maxLength: limits.itemId, pattern: guidelineItemIdPattern })

/** One item of one version of a type's guidelines, as stored and answered. */
export const guidelineSchema = Type.Object(
  {
    id: Type.Integer(),
    region: Type.String(),
    type: literals(guidelineTypes),
    itemId: Type.String(),
    sectionContent: Type.Array(Type.Object({ order: Type.Integer(), value: Type.String() })),
    order: Type.Integer(),
    secondaryOrder: Type.Integer(),
    displayOrder: Type.Integer(),
    status: literals(guidelineStatuses),
    version: Type.Integer(),
    isCurrent: Type.Boolean(),
    createdBy: nullable(Type.Integer()),
    updatedBy: nullable(Type.Integer()),
    createdAt: Type.Any(),
    updatedAt: Type.Any()
  },
  { $id: 'Guideline', additionalProperties: false }
)
export type Guideline = Static<typeof guidelineSchema>

const itemFields = {
  sectionContent,
  order: position,
  secondaryOrder: Type.Optional(position),
  displayOrder: Type.Optional(position)
}

/** A draft item changed on its own (spec §3 fields): the kit's 428/410 on its `updatedAt`. */
export const guidelinePatchSchema = Type.Object(
  { ...Type.Partial(Type.Object(itemFields)).properties, updatedAt: Type.Optional(Type.Any()), region: Type.Optional(Type.String()) },
  { $id: 'GuidelinePatch', additionalProperties: false }
)
export type GuidelinePatch = Static<typeof guidelinePatchSchema>
export const guidelinePatchValidator = getValidator(guidelinePatchSchema, dataValidator)

/**
 * The drafts of a type as a whole (spec PUT /guidelines: a list): the set that will be the next
 * version. `updatedAt` is the stamp of the set the writer read (its drafts', or the published set's
 * when there were no drafts; `setStamp`), required once the type has rows: 410 when stale.
 */
export const guidelineSaveSchema = Type.Object(
  {
    type: literals(guidelineTypes),
    items: Type.Array(Type.Object({ itemId, ...itemFields, id: Type.Optional(Type.Any()) }, { additionalProperties: false }), { minItems: 1, maxItems: limits.items }),
    updatedAt: Type.Optional(nullable(Type.Any())),
    region: Type.Optional(Type.String())
  },
  { $id: 'GuidelineSave', additionalProperties: false }
)
export type GuidelineSave = Static<typeof guidelineSaveSchema>
export const guidelineSaveValidator = getValidator(guidelineSaveSchema, dataValidator)

/** Publishing the drafts of a type (spec PATCH /guidelines?type=), on the drafts' stamp the publisher read. */
export const guidelinePublishSchema = Type.Object(
  { type: literals(guidelineTypes), updatedAt: Type.Optional(nullable(Type.Any())), region: Type.Optional(Type.String()) },
  { $id: 'GuidelinePublish', additionalProperties: false }
)
export type GuidelinePublish = Static<typeof guidelinePublishSchema>
export const guidelinePublishValidator = getValidator(guidelinePublishSchema, dataValidator)

export const guidelineQuerySchema = listQuery(guidelineSchema, [
  'id',
  'region',
  'type',
  'itemId',
  'status',
  'version',
  'isCurrent',
  'order',
  'secondaryOrder',
  'displayOrder',
  'createdAt',
  'updatedAt'
])
export const guidelineQueryValidator = getValidator(guidelineQuerySchema as any, queryValidator)
