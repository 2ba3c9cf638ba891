import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { dataValidator } from '../../validators.js'

/** Asks for a reset link by username or by e-mail address. */
export const passwordResetDataSchema = Type.Object(
  {
    username: Type.Optional(Type.String({ maxLength: 100 })),
    email: Type.Optional(Type.String({ maxLength: 255 }))
  },
  { $id: 'PasswordResetData', additionalProperties: false }
)
export type PasswordResetData = Static<typeof passwordResetDataSchema>
export const passwordResetDataValidator = getValidator(passwordResetDataSchema, dataValidator)

/** The new password, sent with the token from the reset or invite link. */
export const passwordResetPatchSchema = Type.Object(
  {
    password: Type.String({ maxLength: 200 })
  },
  { $id: 'PasswordResetPatch', additionalProperties: false }
)
export type PasswordResetPatch = Static<typeof passwordResetPatchSchema>
export const passwordResetPatchValidator = getValidator(passwordResetPatchSchema, dataValidator)
