import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { dataValidator } from '../../validators.js'

/** The change forced by an expired password, made before signing in. */
export const passwordChangeDataSchema = Type.Object(
  {
    username: Type.String({ minLength: 1, maxLength: 100 }),
    currentPassword: Type.String({ maxLength: 200 }),
    newPassword: Type.String({ maxLength: 200 })
  },
  { $id: 'PasswordChangeData', additionalProperties: false }
)
export type PasswordChangeData = Static<typeof passwordChangeDataSchema>
export const passwordChangeDataValidator = getValidator(passwordChangeDataSchema, dataValidator)
