import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { dataValidator, queryValidator } from '../../../../validators.js'
import { contractorTypes } from './tenancy-contractors.shared.js'
import { namedTenancy, tenancyRowActionSchema } from '../tenancy-rows.schema.js'

export const tenancyContractorSchema = Type.Object(
  {
    id: Type.Integer(),
    region: Type.String(),
    tenancyId: Type.Integer(),
    userId: Type.Union([Type.Integer(), Type.Null()]),
    userAccount: Type.Union([Type.String(), Type.Null()]),
    firstName: Type.String(),
    lastName: Type.String(),
    contractorType: Type.String(),
    companyName: Type.String(),
    officeTel: Type.Union([Type.String(), Type.Null()]),
    mobile: Type.String(),
    lastInviteAt: Type.Any(),
    lastLoginAt: Type.Any(),
    createdAt: Type.Any(),
    updatedAt: Type.Any()
  },
  { $id: 'TenancyContractor', additionalProperties: false }
)
export type TenancyContractor = Static<typeof tenancyContractorSchema>

// Shape only: the row rules (required, e-mail, mobile) are `contractorRowErrors`, one check for browser and server.
const text = (maxLength: number) => Type.String({ maxLength })
const fields = {
  userAccount: Type.Optional(Type.Union([text(255), Type.Null()])),
  firstName: text(100),
  lastName: text(100),
  contractorType: Type.Union(contractorTypes.map((type) => Type.Literal(type))),
  companyName: text(200),
  officeTel: Type.Optional(Type.Union([text(50), Type.Null()])),
  mobile: text(30)
}

export const tenancyContractorDataSchema = Type.Object({ tenancyId: namedTenancy, ...fields }, { $id: 'TenancyContractorData', additionalProperties: false })
export const tenancyContractorDataValidator = getValidator(tenancyContractorDataSchema, dataValidator)

export const tenancyContractorPatchSchema = Type.Object(
  {
    userAccount: fields.userAccount,
    firstName: Type.Optional(fields.firstName),
    lastName: Type.Optional(fields.lastName),
    contractorType: Type.Optional(fields.contractorType),
    companyName: Type.Optional(fields.companyName),
    officeTel: fields.officeTel,
    mobile: Type.Optional(fields.mobile),
    updatedAt: Type.Any()
  },
  { $id: 'TenancyContractorPatch', additionalProperties: false }
)
export const tenancyContractorPatchValidator = getValidator(tenancyContractorPatchSchema, dataValidator)

export const tenancyContractorActionSchema = tenancyRowActionSchema('TenancyContractorAction')
export const tenancyContractorActionValidator = getValidator(tenancyContractorActionSchema, dataValidator)

export const tenancyContractorQuerySchema = Type.Object({ tenancyId: namedTenancy }, { $id: 'TenancyContractorQuery', additionalProperties: false })
export const tenancyContractorQueryValidator = getValidator(tenancyContractorQuerySchema, queryValidator)
