import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { dataValidator, queryValidator } from '../../validators.js'
import { listQuery } from '../../kit/query.js'

const nullableString = (options: { maxLength?: number } = {}) => Type.Union([Type.String(options), Type.Null()])
const text = (maxLength: number) => Type.String({ minLength: 1, maxLength, pattern: '\\S' })

export const buildingSchema = Type.Object(
  {
    id: Type.Integer(),
    region: Type.String(),
    code: Type.String(),
    name: Type.String(),
    shortName: Type.Union([Type.String(), Type.Null()]),
    fullName: Type.Union([Type.String(), Type.Null()]),
    description: Type.Union([Type.String(), Type.Null()]),
    /** Floor names, lowest first: a floor's index is its position. */
    floors: Type.Array(Type.String()),
    commonFloor: Type.Union([Type.String(), Type.Null()]),
    zones: Type.Array(Type.String()),
    managementOffice: Type.Union([Type.String(), Type.Null()]),
    hotline: Type.Union([Type.String(), Type.Null()]),
    createdAt: Type.Any(),
    updatedAt: Type.Any()
  },
  { $id: 'Building', additionalProperties: false }
)
export type Building = Static<typeof buildingSchema>

export const buildingDataSchema = Type.Object(
  {
    code: Type.String({ minLength: 1, maxLength: 32, pattern: '^[A-Za-z0-9][A-Za-z0-9._/-]*$' }),
    name: text(255),
    shortName: Type.Optional(nullableString({ maxLength: 64 })),
    fullName: Type.Optional(nullableString({ maxLength: 255 })),
    description: Type.Optional(nullableString({ maxLength: 2000 })),
    floors: Type.Optional(Type.Array(text(32), { maxItems: 500 })),
    commonFloor: Type.Optional(nullableString({ maxLength: 32 })),
    zones: Type.Optional(Type.Array(text(32), { maxItems: 100, uniqueItems: true })),
    managementOffice: Type.Optional(nullableString({ maxLength: 1000 })),
    hotline: Type.Optional(nullableString({ maxLength: 50 })),
    region: Type.Optional(Type.String())
  },
  { $id: 'BuildingData', additionalProperties: false }
)
export type BuildingData = Static<typeof buildingDataSchema>
export const buildingDataValidator = getValidator(buildingDataSchema, dataValidator)

export const buildingPatchSchema = Type.Object(
  {
    ...Type.Partial(buildingDataSchema).properties,
    updatedAt: Type.Any()
  },
  { $id: 'BuildingPatch', additionalProperties: false }
)
export const buildingPatchValidator = getValidator(buildingPatchSchema, dataValidator)

export const buildingQuerySchema = listQuery(
  buildingSchema,
  ['id', 'region', 'code', 'name', 'shortName', 'fullName', 'commonFloor', 'hotline', 'createdAt', 'updatedAt'],
  ['code', 'name', 'shortName', 'fullName']
)
export const buildingQueryValidator = getValidator(buildingQuerySchema as any, queryValidator)
