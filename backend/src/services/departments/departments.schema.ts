import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { dataValidator, queryValidator } from '../../validators.js'
import { listQuery } from '../../kit/query.js'
import { categoryStatuses } from './departments.shared.js'

const text = (maxLength: number) => Type.String({ minLength: 1, maxLength, pattern: '\\S' })
const ids = () => Type.Array(Type.Integer({ minimum: 1 }), { uniqueItems: true, maxItems: 1000 })

const categoryFields = {
  shortname: text(32),
  name: text(255),
  status: Type.Union(categoryStatuses.map((status) => Type.Literal(status))),
  type: text(32),
  order: Type.Integer({ minimum: 0 })
}

export const categorySchema = Type.Object({ id: Type.Integer(), ...categoryFields }, { $id: 'DepartmentCategory', additionalProperties: false })
export type DepartmentCategory = Static<typeof categorySchema>

export const departmentSchema = Type.Object(
  {
    id: Type.Integer(),
    region: Type.String(),
    name: Type.String(),
    shortName: Type.String(),
    description: Type.Union([Type.String(), Type.Null()]),
    /** Amount up to which an ITQ is enough instead of a tender, in the region's currency. */
    itqThreshold: Type.Number(),
    categories: Type.Array(categorySchema),
    siteIds: Type.Array(Type.Integer()),
    buildingIds: Type.Array(Type.Integer()),
    userIds: Type.Array(Type.Integer()),
    createdAt: Type.Any(),
    updatedAt: Type.Any()
  },
  { $id: 'Department', additionalProperties: false }
)
export type Department = Static<typeof departmentSchema>

export const departmentDataSchema = Type.Object(
  {
    name: text(255),
    shortName: text(32),
    description: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()])),
    itqThreshold: Type.Optional(Type.Number({ minimum: 0, maximum: 999_999_999_999.99 })),
    /** A new category may come without an id: the next free one is given. */
    categories: Type.Optional(Type.Array(Type.Object({ id: Type.Optional(Type.Integer({ minimum: 1 })), ...categoryFields }, { additionalProperties: false }), { maxItems: 200 })),
    siteIds: Type.Optional(ids()),
    buildingIds: Type.Optional(ids()),
    userIds: Type.Optional(ids()),
    region: Type.Optional(Type.String())
  },
  { $id: 'DepartmentData', additionalProperties: false }
)
export const departmentDataValidator = getValidator(departmentDataSchema, dataValidator)

export const departmentPatchSchema = Type.Object(
  {
    ...Type.Partial(departmentDataSchema).properties,
    updatedAt: Type.Any()
  },
  { $id: 'DepartmentPatch', additionalProperties: false }
)
export const departmentPatchValidator = getValidator(departmentPatchSchema, dataValidator)

export const departmentQuerySchema = listQuery(departmentSchema, ['id', 'region', 'name', 'shortName', 'itqThreshold', 'createdAt', 'updatedAt'], ['name', 'shortName'])
export const departmentQueryValidator = getValidator(departmentQuerySchema as any, queryValidator)
