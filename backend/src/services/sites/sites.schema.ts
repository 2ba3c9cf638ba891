import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { dataValidator, queryValidator } from '../../validators.js'
import { listQuery } from '../../kit/query.js'
import { siteTypes } from './sites.shared.js'

const text = (maxLength: number) => Type.String({ minLength: 1, maxLength, pattern: '\\S' })
const siteType = Type.Union(siteTypes.map((type) => Type.Literal(type)))

export const siteSchema = Type.Object(
  {
    id: Type.Integer(),
    region: Type.String(),
    name: Type.String(),
    shortName: Type.String(),
    type: siteType,
    buildingIds: Type.Array(Type.Integer()),
    createdAt: Type.Any(),
    updatedAt: Type.Any()
  },
  { $id: 'Site', additionalProperties: false }
)
export type Site = Static<typeof siteSchema>

export const siteDataSchema = Type.Object(
  {
    name: text(255),
    shortName: text(64),
    type: Type.Optional(siteType),
    buildingIds: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }), { uniqueItems: true, maxItems: 500 })),
    region: Type.Optional(Type.String())
  },
  { $id: 'SiteData', additionalProperties: false }
)
export const siteDataValidator = getValidator(siteDataSchema, dataValidator)

export const sitePatchSchema = Type.Object(
  {
    ...Type.Partial(siteDataSchema).properties,
    updatedAt: Type.Any()
  },
  { $id: 'SitePatch', additionalProperties: false }
)
export const sitePatchValidator = getValidator(sitePatchSchema, dataValidator)

/** Besides the columns: `buildingId`, the sites a building belongs to (its physical site with `type`). */
export const siteQuerySchema = listQuery(siteSchema, ['id', 'region', 'name', 'shortName', 'type', 'createdAt', 'updatedAt'], ['name', 'shortName']) as any
siteQuerySchema.properties.buildingId = Type.Integer({ minimum: 1 })
export const siteQueryValidator = getValidator(siteQuerySchema, queryValidator)
