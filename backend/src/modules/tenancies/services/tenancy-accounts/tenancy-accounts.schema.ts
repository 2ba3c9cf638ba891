import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { dataValidator, queryValidator } from '../../../../validators.js'
import { listQuery } from '../../../../kit/query.js'
import { tenancyPerms } from '../../../../abilities/permissions.shared.js'
import { namedTenancy, tenancyRowActionSchema } from '../tenancy-rows.schema.js'

/** A tenancy's account as its user management shows it: the users row without what decides anything else. */
export const tenancyAccountSchema = Type.Object(
  {
    id: Type.Integer(),
    tenancyId: Type.Integer(),
    username: Type.String(),
    email: Type.String(),
    displayName: Type.String(),
    phone: Type.Union([Type.String(), Type.Null()]),
    language: Type.String(),
    userType: Type.Integer(),
    tenancyPerms: Type.Array(Type.String()),
    regions: Type.Array(Type.String()),
    enabled: Type.Boolean(),
    lockedAt: Type.Any(),
    invitedAt: Type.Any(),
    lastLoginAt: Type.Any(),
    updatedAt: Type.Any(),
    status: Type.String(),
    invitationExpired: Type.Boolean()
  },
  { $id: 'TenancyAccount', additionalProperties: false }
)
export type TenancyAccount = Static<typeof tenancyAccountSchema>

const email = Type.String({ format: 'email', maxLength: 255 })
const permList = Type.Array(Type.Union(tenancyPerms.map((perm) => Type.Literal(perm))), { uniqueItems: true })

/**
 * Invite an account to a tenancy: staff name the tenancy and may invite its master account (601);
 * a tenant invites sub-accounts (621) of its own. `confirm` answers the 428 asked when the e-mail
 * is already a tenancy user's elsewhere (spec §5).
 */
export const tenancyAccountDataSchema = Type.Object(
  {
    tenancyId: namedTenancy,
    email,
    displayName: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' }),
    username: Type.Optional(Type.String({ minLength: 3, maxLength: 100, pattern: '^[A-Za-z0-9._@-]+$' })),
    phone: Type.Optional(Type.Union([Type.String({ maxLength: 50 }), Type.Null()])),
    language: Type.Optional(Type.Union([Type.Literal('en-US'), Type.Literal('zh-CN')])),
    userType: Type.Optional(Type.Union([Type.Literal(601), Type.Literal(621)])),
    tenancyPerms: Type.Optional(permList),
    confirm: Type.Optional(Type.Boolean())
  },
  { $id: 'TenancyAccountData', additionalProperties: false }
)
export type TenancyAccountData = Static<typeof tenancyAccountDataSchema>
export const tenancyAccountDataValidator = getValidator(tenancyAccountDataSchema, dataValidator)

export const tenancyAccountPatchSchema = Type.Object(
  {
    email: Type.Optional(email),
    displayName: Type.Optional(Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' })),
    phone: Type.Optional(Type.Union([Type.String({ maxLength: 50 }), Type.Null()])),
    language: Type.Optional(Type.Union([Type.Literal('en-US'), Type.Literal('zh-CN')])),
    tenancyPerms: Type.Optional(permList),
    updatedAt: Type.Any()
  },
  { $id: 'TenancyAccountPatch', additionalProperties: false }
)
export const tenancyAccountPatchValidator = getValidator(tenancyAccountPatchSchema, dataValidator)

/** invite (resend), lock, unlock, enable, disable: which account, at which version. */
export const tenancyAccountActionSchema = tenancyRowActionSchema('TenancyAccountAction')
export const tenancyAccountActionValidator = getValidator(tenancyAccountActionSchema, dataValidator)

/** A tenancy's accounts: staff name the tenancy, a tenant's is its own. */
export const tenancyAccountQuerySchema = listQuery(
  tenancyAccountSchema,
  ['id', 'tenancyId', 'displayName', 'email', 'username', 'userType', 'lastLoginAt', 'invitedAt'],
  ['displayName', 'email', 'username']
)
export const tenancyAccountQueryValidator = getValidator(tenancyAccountQuerySchema as any, queryValidator)
