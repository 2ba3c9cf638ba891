import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { dataValidator, queryValidator } from '../../validators.js'
import { listQuery } from '../../kit/query.js'
import { tenancyPerms, vendorPerms } from '../../abilities/permissions.shared.js'

const nullable = <T extends ReturnType<typeof Type.String>>(type: T) => Type.Union([type, Type.Null()])

export const userSchema = Type.Object(
  {
    id: Type.Integer(),
    username: Type.String(),
    email: Type.String(),
    displayName: Type.String(),
    source: Type.String(),
    domain: Type.String(),
    userType: Type.Integer(),
    roleName: Type.Union([Type.String(), Type.Null()]),
    externalId: Type.Union([Type.String(), Type.Null()]),
    companyId: Type.Union([Type.Integer(), Type.Null()]),
    tenancyId: Type.Union([Type.Integer(), Type.Null()]),
    tenancyPerms: Type.Array(Type.String()),
    vendorPerms: Type.Array(Type.String()),
    defaultRegion: Type.Union([Type.String(), Type.Null()]),
    regions: Type.Array(Type.String()),
    language: Type.String(),
    dashboard: Type.Union([Type.String(), Type.Null()]),
    phone: Type.Union([Type.String(), Type.Null()]),
    enabled: Type.Boolean(),
    failedLogins: Type.Integer(),
    lockedAt: Type.Any(),
    passwordChangedAt: Type.Any(),
    invitedAt: Type.Any(),
    lastLoginAt: Type.Any(),
    permissionVersion: Type.Integer(),
    createdAt: Type.Any(),
    updatedAt: Type.Any(),
    status: Type.String(),
    groupIds: Type.Array(Type.Integer())
  },
  { $id: 'User', additionalProperties: false }
)
export type User = Static<typeof userSchema>

const email = Type.String({ format: 'email', maxLength: 255 })
const regionCode = Type.String({ pattern: '^(GLOBAL|HK|SG|BJ|MO)$' })
const tenancyPermList = Type.Array(Type.Union(tenancyPerms.map((perm) => Type.Literal(perm))), { uniqueItems: true })
const vendorPermList = Type.Array(Type.Union(vendorPerms.map((perm) => Type.Literal(perm))), { uniqueItems: true })

/** An administrator invites a user; the user sets the password from the mailed link. */
export const userDataSchema = Type.Object(
  {
    username: Type.String({ minLength: 3, maxLength: 100, pattern: '^[A-Za-z0-9._@-]+$' }),
    email,
    displayName: Type.String({ minLength: 1, maxLength: 200 }),
    userType: Type.Integer({ enum: [501, 521, 561, 401, 421, 441, 461, 601, 621, 641, 661, 662] } as any),
    source: Type.Optional(Type.Union([Type.Literal('AD'), Type.Literal('EXT')])),
    roleName: Type.Optional(nullable(Type.String({ maxLength: 100 }))),
    companyId: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
    tenancyId: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
    phone: Type.Optional(nullable(Type.String({ maxLength: 50 }))),
    language: Type.Optional(Type.Union([Type.Literal('en-US'), Type.Literal('zh-CN')])),
    regions: Type.Optional(Type.Array(regionCode, { uniqueItems: true })),
    defaultRegion: Type.Optional(regionCode),
    tenancyPerms: Type.Optional(tenancyPermList),
    vendorPerms: Type.Optional(vendorPermList),
    groupIds: Type.Optional(Type.Array(Type.Integer(), { uniqueItems: true }))
  },
  { $id: 'UserData', additionalProperties: false }
)
export const userDataValidator = getValidator(userDataSchema, dataValidator)

export const userPatchSchema = Type.Object(
  {
    email: Type.Optional(email),
    displayName: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    roleName: Type.Optional(nullable(Type.String({ maxLength: 100 }))),
    phone: Type.Optional(nullable(Type.String({ maxLength: 50 }))),
    language: Type.Optional(Type.Union([Type.Literal('en-US'), Type.Literal('zh-CN')])),
    regions: Type.Optional(Type.Array(regionCode, { uniqueItems: true })),
    defaultRegion: Type.Optional(regionCode),
    tenancyPerms: Type.Optional(tenancyPermList),
    vendorPerms: Type.Optional(vendorPermList),
    groupIds: Type.Optional(Type.Array(Type.Integer(), { uniqueItems: true })),
    /** An administrator ties a vendor or tenant account to its company (field rules: users update `any` only). */
    companyId: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
    updatedAt: Type.Any()
  },
  { $id: 'UserPatch', additionalProperties: false }
)
export const userPatchValidator = getValidator(userPatchSchema, dataValidator)

/** The body of invite, lock, unlock, enable, disable: which account, at which version. */
export const accountActionSchema = Type.Object(
  {
    id: Type.Integer(),
    updatedAt: Type.Optional(Type.Any())
  },
  { $id: 'AccountAction', additionalProperties: false }
)
export const accountActionValidator = getValidator(accountActionSchema, dataValidator)

export const userQuerySchema = listQuery(
  userSchema,
  ['id', 'username', 'email', 'displayName', 'userType', 'domain', 'source', 'companyId', 'tenancyId', 'enabled', 'lockedAt', 'lastLoginAt', 'createdAt', 'updatedAt'],
  ['username', 'email', 'displayName']
)
export const userQueryValidator = getValidator(userQuerySchema as any, queryValidator)
