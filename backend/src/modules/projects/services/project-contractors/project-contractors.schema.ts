import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { dataValidator, queryValidator } from '../../../../validators.js'
import { listQuery } from '../../../../kit/query.js'
import { contractorTypes } from './project-contractors.shared.js'

const literals = (values: readonly string[]) => Type.Union(values.map((value) => Type.Literal(value)))
const nullable = (schema: any) => Type.Union([schema, Type.Null()])
const name = Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' })
const phone = Type.String({ minLength: 1, maxLength: 32 })

export const projectContractorSchema = Type.Object(
  {
    id: Type.Integer(),
    region: Type.String(),
    projectId: Type.String(),
    companyId: Type.Integer(),
    contractorType: literals(contractorTypes),
    typeDesc: Type.Union([Type.String(), Type.Null()]),
    companyName: Type.String(),
    firstName: Type.String(),
    lastName: Type.String(),
    phone: Type.String(),
    altPhone: Type.Union([Type.String(), Type.Null()]),
    email: Type.Union([Type.String(), Type.Null()]),
    primaryContactUserId: Type.Union([Type.Integer(), Type.Null()]),
    /** The company of the invited contact's account when it is another than the project's vendor (read only). */
    contactCompanyName: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    invitedAt: Type.Any(),
    createdAt: Type.Any(),
    updatedAt: Type.Any()
  },
  { $id: 'ProjectContractor', additionalProperties: false }
)
export type ProjectContractor = Static<typeof projectContractorSchema>

const editable = {
  contractorType: literals(contractorTypes),
  /** What an OTHER contractor does (spec typeDesc). */
  typeDesc: Type.Optional(nullable(Type.String({ maxLength: 255 }))),
  companyName: Type.String({ minLength: 1, maxLength: 255, pattern: '\\S' }),
  firstName: name,
  lastName: name,
  phone,
  altPhone: Type.Optional(nullable(Type.String({ maxLength: 32 }))),
  email: Type.Optional(nullable(Type.Union([Type.String({ format: 'email', maxLength: 255 }), Type.Literal('')])))
}

export const projectContractorDataSchema = Type.Object(
  { ...editable, projectId: Type.String({ pattern: '^[a-z0-9]{24}$' }), region: Type.Optional(Type.String()) },
  { $id: 'ProjectContractorData', additionalProperties: false }
)
export const projectContractorDataValidator = getValidator(projectContractorDataSchema, dataValidator)

export const projectContractorPatchSchema = Type.Object(
  { ...Type.Partial(Type.Object(editable)).properties, updatedAt: Type.Optional(Type.Any()), region: Type.Optional(Type.String()) },
  { $id: 'ProjectContractorPatch', additionalProperties: false }
)
export const projectContractorPatchValidator = getValidator(projectContractorPatchSchema, dataValidator)

export const projectContractorInviteValidator = getValidator(
  Type.Object({ id: Type.Integer({ minimum: 1 }), updatedAt: Type.Optional(Type.Any()) }, { $id: 'ProjectContractorInvite', additionalProperties: false }),
  dataValidator
)

export const projectContractorQueryValidator = getValidator(
  listQuery(projectContractorSchema, ['id', 'region', 'projectId', 'contractorType', 'companyName', 'createdAt', 'updatedAt'], ['companyName']) as any,
  queryValidator
)
