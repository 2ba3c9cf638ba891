import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { dataValidator, queryValidator } from '../../../../validators.js'
import { listQuery } from '../../../../kit/query.js'
import { companyStatuses, companyTypes } from '../../../../services/companies/companies.shared.js'
import { ccdContactDataSchema } from '../ccdcontacts/ccdcontacts.schema.js'

const oneOf = (values: readonly string[]) => Type.Union(values.map((value) => Type.Literal(value)))
const nullable = (type: any) => Type.Union([type, Type.Null()])
const text = (maxLength = 255) => nullable(Type.String({ maxLength }))

export const ccdCompanySchema = Type.Object(
  {
    id: Type.Integer(),
    region: Type.String(),
    name: Type.String(),
    mailingName: nullable(Type.String()),
    type: oneOf(companyTypes),
    status: oneOf(companyStatuses),
    parentCompanyId: nullable(Type.Integer()),
    parentCompanyName: Type.Optional(nullable(Type.String())),
    department: nullable(Type.String()),
    email: nullable(Type.String()),
    phone: nullable(Type.String()),
    altPhone: nullable(Type.String()),
    fax: nullable(Type.String()),
    addressLine1: nullable(Type.String()),
    addressLine2: nullable(Type.String()),
    addressLine3: nullable(Type.String()),
    addressLine4: nullable(Type.String()),
    contactCount: Type.Optional(Type.Integer()),
    managedBy: nullable(Type.Integer()),
    createdAt: Type.Any(),
    updatedAt: Type.Any()
  },
  { $id: 'CcdCompany', additionalProperties: false }
)
export type CcdCompany = Static<typeof ccdCompanySchema>

const companyFields = {
  name: Type.String({ minLength: 1, maxLength: 255, pattern: '\\S' }),
  mailingName: Type.Optional(text()),
  type: oneOf(companyTypes),
  status: Type.Optional(oneOf(companyStatuses)),
  parentCompanyId: Type.Optional(nullable(Type.Integer({ minimum: 1 }))),
  department: Type.Optional(text()),
  email: Type.Optional(Type.Union([Type.String({ format: 'email', maxLength: 255 }), Type.Null(), Type.Literal('')])),
  phone: Type.Optional(text(50)),
  altPhone: Type.Optional(text(50)),
  fax: Type.Optional(text(50)),
  addressLine1: Type.Optional(text()),
  addressLine2: Type.Optional(text()),
  addressLine3: Type.Optional(text()),
  addressLine4: Type.Optional(text())
}

const { companyId: _company, region: _region, ...newContact } = ccdContactDataSchema.properties

/** A new company comes with its contacts: at least one (spec §5). */
export const ccdCompanyDataSchema = Type.Object(
  { ...companyFields, region: Type.Optional(Type.String()), contacts: Type.Array(Type.Object(newContact, { additionalProperties: false }), { minItems: 1, maxItems: 50 }) },
  { $id: 'CcdCompanyData', additionalProperties: false }
)
export const ccdCompanyDataValidator = getValidator(ccdCompanyDataSchema, dataValidator)

export const ccdCompanyPatchSchema = Type.Object({ ...Type.Partial(Type.Object(companyFields)).properties, updatedAt: Type.Any() }, { $id: 'CcdCompanyPatch', additionalProperties: false })
export const ccdCompanyPatchValidator = getValidator(ccdCompanyPatchSchema, dataValidator)

export const ccdCompanyQuerySchema = listQuery(
  ccdCompanySchema,
  ['id', 'region', 'name', 'mailingName', 'type', 'status', 'parentCompanyId', 'department', 'email', 'phone', 'createdAt', 'updatedAt'],
  ['name', 'mailingName', 'department', 'email', 'phone']
)
export const ccdCompanyQueryValidator = getValidator(ccdCompanyQuerySchema as any, queryValidator)
