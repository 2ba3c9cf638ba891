import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { dataValidator, queryValidator } from '../../validators.js'
import { listQuery } from '../../kit/query.js'

const permission = Type.Object(
  {
    resource: Type.String({ minLength: 1, maxLength: 64 }),
    action: Type.String({ minLength: 1, maxLength: 64 }),
    attribute: Type.Union([Type.Literal('own'), Type.Literal('any')])
  },
  { additionalProperties: false }
)

export const securityGroupSchema = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    description: Type.Union([Type.String(), Type.Null()]),
    domain: Type.String(),
    permissions: Type.Array(permission),
    createdAt: Type.Any(),
    updatedAt: Type.Any()
  },
  { $id: 'SecurityGroup', additionalProperties: false }
)
export type SecurityGroup = Static<typeof securityGroupSchema>

export const securityGroupDataSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    description: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()])),
    domain: Type.Optional(Type.Union([Type.Literal('CMS'), Type.Literal('TMS')])),
    permissions: Type.Array(permission)
  },
  { $id: 'SecurityGroupData', additionalProperties: false }
)
export const securityGroupDataValidator = getValidator(securityGroupDataSchema, dataValidator)

export const securityGroupPatchSchema = Type.Object(
  {
    ...Type.Partial(securityGroupDataSchema).properties,
    updatedAt: Type.Any()
  },
  { $id: 'SecurityGroupPatch', additionalProperties: false }
)
export const securityGroupPatchValidator = getValidator(securityGroupPatchSchema, dataValidator)

export const securityGroupQuerySchema = listQuery(securityGroupSchema, ['id', 'name', 'domain', 'createdAt', 'updatedAt'], ['name'])
export const securityGroupQueryValidator = getValidator(securityGroupQuerySchema as any, queryValidator)
