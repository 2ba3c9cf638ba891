import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { dataValidator, queryValidator } from '../../validators.js'

const resource = Type.String({ minLength: 1, maxLength: 100, pattern: '^[a-z][a-z0-9-]*$' })
const recordId = Type.String({ minLength: 1, maxLength: 100, pattern: '^[^:]+$' })

export const editLockSchema = Type.Object(
  {
    id: Type.String(),
    resource: Type.String(),
    recordId: Type.String(),
    userId: Type.Integer(),
    username: Type.String(),
    expiresAt: Type.Any()
  },
  { $id: 'EditLock', additionalProperties: false }
)
export type EditLock = Static<typeof editLockSchema>

/** Take (or renew) the lock on one record. */
export const editLockDataSchema = Type.Object(
  {
    resource,
    recordId: Type.Union([recordId, Type.Integer({ minimum: 0 })])
  },
  { $id: 'EditLockData', additionalProperties: false }
)
export type EditLockData = Static<typeof editLockDataSchema>
export const editLockDataValidator = getValidator(editLockDataSchema, dataValidator)

/** Keep-alive carries nothing: the id names the lock. */
export const editLockPatchSchema = Type.Object({}, { $id: 'EditLockPatch', additionalProperties: false })
export const editLockPatchValidator = getValidator(editLockPatchSchema, dataValidator)

/** Who holds the lock of a record (or of any record of a resource): unexpired locks only. */
export const editLockQuerySchema = Type.Object(
  {
    resource,
    recordId: Type.Optional(recordId),
    userId: Type.Optional(Type.Integer()),
    $limit: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
    $skip: Type.Optional(Type.Integer({ minimum: 0 }))
  },
  { $id: 'EditLockQuery', additionalProperties: false }
)
export type EditLockQuery = Static<typeof editLockQuerySchema>
export const editLockQueryValidator = getValidator(editLockQuerySchema, queryValidator)
