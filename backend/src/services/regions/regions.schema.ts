import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { dataValidator, queryValidator } from '../../validators.js'
import { listQuery } from '../../kit/query.js'
import { regionFeatures } from './regions.shared.js'

export { regionFeatures }

export const regionSchema = Type.Object(
  {
    code: Type.String(),
    name: Type.String(),
    domain: Type.String(),
    currency: Type.Union([Type.String(), Type.Null()]),
    timeZone: Type.String(),
    enabled: Type.Boolean(),
    features: Type.Array(Type.String()),
    sortOrder: Type.Integer(),
    createdAt: Type.Any(),
    updatedAt: Type.Any()
  },
  { $id: 'Region', additionalProperties: false }
)
export type Region = Static<typeof regionSchema>

/** Region config: name, domain, currency, enabled and feature switches. */
export const regionPatchSchema = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    domain: Type.Optional(Type.String({ maxLength: 255 })),
    currency: Type.Optional(Type.Union([Type.String({ pattern: '^[A-Z]{3}$' }), Type.Null()])),
    timeZone: Type.Optional(Type.String({ minLength: 1 })),
    enabled: Type.Optional(Type.Boolean()),
    features: Type.Optional(Type.Array(Type.Union(regionFeatures.map((feature) => Type.Literal(feature))), { uniqueItems: true })),
    updatedAt: Type.Any()
  },
  { $id: 'RegionPatch', additionalProperties: false }
)
export const regionPatchValidator = getValidator(regionPatchSchema, dataValidator)

export const regionQuerySchema = listQuery(regionSchema, ['code', 'name', 'enabled', 'currency', 'sortOrder'], ['name'])
export const regionQueryValidator = getValidator(regionQuerySchema as any, queryValidator)
