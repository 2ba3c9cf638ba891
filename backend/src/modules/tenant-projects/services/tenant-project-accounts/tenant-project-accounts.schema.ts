import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { dataValidator, queryValidator } from '../../../../validators.js'
import { listQuery } from '../../../../kit/query.js'
import { projectAccessTypes, tenantProjectAccountLimits as limits } from './tenant-project-accounts.shared.js'

const literals = (values: readonly string[]) => Type.Union(values.map((value) => Type.Literal(value)))
const nullable = (schema: any) => Type.Union([schema, Type.Null()])

/** One account of a tenant project, as stored and answered. */
export const tenantProjectAccountSchema = Type.Object(
  {
    id: Type.Integer(),
    region: Type.String(),
    projectId: Type.Integer(),
    tenancyId: Type.Integer(),
    accountUserIds: Type.Optional(Type.Array(Type.Integer())),
    userId: nullable(Type.Integer()),
    email: Type.String(),
    contactFirstName: Type.String(),
    contactLastName: Type.String(),
    phone: nullable(Type.String()),
    altPhone: nullable(Type.String()),
    accessType: literals(projectAccessTypes),
    isContractorAdmin: Type.Boolean(),
    invitedAt: nullable(Type.Any()),
    createdAt: Type.Any(),
    updatedAt: Type.Any()
  },
  { $id: 'TenantProjectAccount', additionalProperties: false }
)
export type TenantProjectAccount = Static<typeof tenantProjectAccountSchema>

const contact = {
  contactFirstName: Type.String({ minLength: 1, maxLength: limits.name }),
  contactLastName: Type.String({ minLength: 1, maxLength: limits.name }),
  phone: Type.Optional(nullable(Type.String({ maxLength: limits.phone }))),
  altPhone: Type.Optional(nullable(Type.String({ maxLength: limits.phone }))),
  accessType: literals(projectAccessTypes),
  isContractorAdmin: Type.Optional(Type.Boolean())
}

/**
 * Adding (and inviting) an account (spec §7 POST tenant_projects/{id}/invite): the e-mail is the
 * person's sign-in; `confirm` repeats the call once the caller was told the e-mail is already a
 * user of the tenancy (409 TENANT_PROJECT_ACCOUNT_CONFIRM).
 */
export const tenantProjectAccountDataSchema = Type.Object(
  {
    projectId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
    email: Type.String({ format: 'email', maxLength: limits.email }),
    ...contact,
    confirm: Type.Optional(Type.Boolean()),
    region: Type.Optional(Type.String())
  },
  { $id: 'TenantProjectAccountData', additionalProperties: false }
)
export type TenantProjectAccountData = Static<typeof tenantProjectAccountDataSchema>
export const tenantProjectAccountDataValidator = getValidator(tenantProjectAccountDataSchema, dataValidator)

export const tenantProjectAccountPatchSchema = Type.Object(
  { ...Type.Partial(Type.Object(contact)).properties, updatedAt: Type.Optional(Type.Any()), region: Type.Optional(Type.String()) },
  { $id: 'TenantProjectAccountPatch', additionalProperties: false }
)
export type TenantProjectAccountPatch = Static<typeof tenantProjectAccountPatchSchema>
export const tenantProjectAccountPatchValidator = getValidator(tenantProjectAccountPatchSchema, dataValidator)

export const tenantProjectAccountInviteValidator = getValidator(
  Type.Object(
    { id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), updatedAt: Type.Optional(Type.Any()), region: Type.Optional(Type.String()) },
    { $id: 'TenantProjectAccountInvite', additionalProperties: false }
  ),
  dataValidator
)

export const tenantProjectAccountQuerySchema = listQuery(
  tenantProjectAccountSchema,
  ['id', 'region', 'projectId', 'userId', 'email', 'accessType', 'isContractorAdmin', 'contactLastName', 'createdAt', 'updatedAt'],
  ['email', 'contactLastName']
)
export const tenantProjectAccountQueryValidator = getValidator(tenantProjectAccountQuerySchema as any, queryValidator)
