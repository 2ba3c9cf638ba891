import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { dataValidator, queryValidator } from '../../validators.js'
import { MAX_PAGE } from '../../kit/query.js'

/** A setting as a region sees it; `id` is the key. */
export const settingSchema = Type.Object(
  {
    id: Type.String(),
    key: Type.String(),
    value: Type.Unknown(),
    defaultValue: Type.Unknown(),
    source: Type.String(),
    region: Type.String(),
    description: Type.Union([Type.String(), Type.Null()]),
    /** Of the region's own row (null while the region inherits): the version a save must carry. */
    updatedAt: Type.Any()
  },
  { $id: 'Setting', additionalProperties: false }
)
export type Setting = Static<typeof settingSchema>

/** Sets the region's own value; `updatedAt` is the one read (null when the value was inherited). */
export const settingPatchSchema = Type.Object(
  {
    value: Type.Unknown(),
    description: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()])),
    updatedAt: Type.Optional(Type.Any())
  },
  { $id: 'SettingPatch', additionalProperties: false, required: ['value'] }
)
export type SettingPatch = Static<typeof settingPatchSchema>
export const settingPatchValidator = getValidator(settingPatchSchema, dataValidator)

const order = Type.Integer({ minimum: -1, maximum: 1 })

/** Settings are few and merged in memory: filters by key (exact, list or `$ilike`) and source. */
export const settingQuerySchema = Type.Object(
  {
    key: Type.Optional(Type.Union([Type.String(), Type.Object({ $in: Type.Optional(Type.Array(Type.String())), $ilike: Type.Optional(Type.String()) }, { additionalProperties: false })])),
    source: Type.Optional(Type.String()),
    $sort: Type.Optional(Type.Object({ key: Type.Optional(order), source: Type.Optional(order) }, { additionalProperties: false })),
    $limit: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_PAGE })),
    $skip: Type.Optional(Type.Integer({ minimum: 0 }))
  },
  { $id: 'SettingQuery', additionalProperties: false }
)
export type SettingQuery = Static<typeof settingQuerySchema>
export const settingQueryValidator = getValidator(settingQuerySchema, queryValidator)
