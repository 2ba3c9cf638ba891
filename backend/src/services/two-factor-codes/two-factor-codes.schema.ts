import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { dataValidator } from '../../validators.js'

/** Asks for a new code for the challenge the password login opened. */
export const twoFactorCodeDataSchema = Type.Object(
  {
    challengeId: Type.String({ minLength: 1, maxLength: 100 })
  },
  { $id: 'TwoFactorCodeData', additionalProperties: false }
)
export type TwoFactorCodeData = Static<typeof twoFactorCodeDataSchema>
export const twoFactorCodeDataValidator = getValidator(twoFactorCodeDataSchema, dataValidator)
