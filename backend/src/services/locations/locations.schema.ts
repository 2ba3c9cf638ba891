import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { dataValidator, queryValidator } from '../../validators.js'
import { listQuery } from '../../kit/query.js'

const nullableId = () => Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])

export const locationSchema = Type.Object(
  {
    id: Type.Integer(),
    region: Type.String(),
    code: Type.String(),
    name: Type.Union([Type.String(), Type.Null()]),
    departmentId: Type.Union([Type.Integer(), Type.Null()]),
    buildingId: Type.Union([Type.Integer(), Type.Null()]),
    createdAt: Type.Any(),
    updatedAt: Type.Any()
  },
  { $id: 'Location', additionalProperties: false }
)
export type Location = Static<typeof locationSchema>

export const locationDataSchema = Type.Object(
  {
    code: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9][A-Za-z0-9._/-]*$' }),
    name: Type.Optional(Type.Union([Type.String({ maxLength: 255 }), Type.Null()])),
    departmentId: Type.Optional(nullableId()),
    buildingId: Type.Optional(nullableId()),
    region: Type.Optional(Type.String())
  },
  { $id: 'LocationData', additionalProperties: false }
)
export const locationDataValidator = getValidator(locationDataSchema, dataValidator)

export const locationPatchSchema = Type.Object(
  {
    ...Type.Partial(locationDataSchema).properties,
    updatedAt: Type.Any()
  },
  { $id: 'LocationPatch', additionalProperties: false }
)
export const locationPatchValidator = getValidator(locationPatchSchema, dataValidator)

export const locationQuerySchema = listQuery(locationSchema, ['id', 'region', 'code', 'name', 'departmentId', 'buildingId', 'createdAt', 'updatedAt'], ['code', 'name'])
export const locationQueryValidator = getValidator(locationQuerySchema as any, queryValidator)
