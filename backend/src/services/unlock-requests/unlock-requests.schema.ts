import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { dataValidator } from '../../validators.js'

/** Asks for the unlock link of a locked account. */
export const unlockRequestDataSchema = Type.Object(
  {
    username: Type.String({ minLength: 1, maxLength: 100 })
  },
  { $id: 'UnlockRequestData', additionalProperties: false }
)
export type UnlockRequestData = Static<typeof unlockRequestDataSchema>
export const unlockRequestDataValidator = getValidator(unlockRequestDataSchema, dataValidator)

/** Confirming the link carries nothing but its token (the id). */
export const unlockRequestPatchSchema = Type.Object({}, { $id: 'UnlockRequestPatch', additionalProperties: false })
export const unlockRequestPatchValidator = getValidator(unlockRequestPatchSchema, dataValidator)
