import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { dataValidator, queryValidator } from '../../validators.js'
import { listQuery } from '../../kit/query.js'
import { companyStatuses, companyTypes } from './companies.shared.js'

const nullable = <T extends ReturnType<typeof Type.String>>(type: T) => Type.Union([type, Type.Null()])
const companyType = Type.Union(companyTypes.map((type) => Type.Literal(type)))
const companyStatus = Type.Union(companyStatuses.map((status) => Type.Literal(status)))

export const companySchema = Type.Object(
  {
    id: Type.Integer(),
    region: Type.String(),
    name: Type.String(),
    mailingName: Type.Union([Type.String(), Type.Null()]),
    type: companyType,
    status: companyStatus,
    email: Type.Union([Type.String(), Type.Null()]),
    phone: Type.Union([Type.String(), Type.Null()]),
    createdAt: Type.Any(),
    updatedAt: Type.Any()
  },
  { $id: 'Company', additionalProperties: false }
)
export type Company = Static<typeof companySchema>

export const companyDataSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 255, pattern: '\\S' }),
    mailingName: Type.Optional(nullable(Type.String({ maxLength: 255 }))),
    type: companyType,
    status: Type.Optional(companyStatus),
    email: Type.Optional(Type.Union([Type.String({ format: 'email', maxLength: 255 }), Type.Null(), Type.Literal('')])),
    phone: Type.Optional(nullable(Type.String({ maxLength: 50 }))),
    region: Type.Optional(Type.String())
  },
  { $id: 'CompanyData', additionalProperties: false }
)
export const companyDataValidator = getValidator(companyDataSchema, dataValidator)

export const companyPatchSchema = Type.Object(
  {
    ...Type.Partial(companyDataSchema).properties,
    updatedAt: Type.Any()
  },
  { $id: 'CompanyPatch', additionalProperties: false }
)
export const companyPatchValidator = getValidator(companyPatchSchema, dataValidator)

export const companyQuerySchema = listQuery(
  companySchema,
  ['id', 'region', 'name', 'mailingName', 'type', 'status', 'email', 'phone', 'createdAt', 'updatedAt'],
  ['name', 'mailingName', 'email', 'phone']
)
export const companyQueryValidator = getValidator(companyQuerySchema as any, queryValidator)
