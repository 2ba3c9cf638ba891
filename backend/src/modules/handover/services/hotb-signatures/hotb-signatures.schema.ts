import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { dataValidator } from '../../../../validators.js'
import { hotbParties, signingLimits } from './hotb-signatures.shared.js'

const literals = (values: readonly string[]) => Type.Union(values.map((value) => Type.Literal(value)))

/** Opening a signing session: the record and the party who will sign. */
export const hotbSigningOpenSchema = Type.Object({ hotbId: Type.Integer({ minimum: 1 }), party: literals(hotbParties) }, { $id: 'HotbSigningOpen', additionalProperties: false })
export type HotbSigningOpen = Static<typeof hotbSigningOpenSchema>
export const hotbSigningOpenValidator = getValidator(hotbSigningOpenSchema, dataValidator)

/** Signing with the link's token: the signer's name and the drawn signature (a PNG, as a data URL or base64). */
export const hotbSigningDataSchema = Type.Object(
  {
    token: Type.String({ minLength: 20, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' }),
    signerName: Type.String({ minLength: 1, maxLength: signingLimits.signerName, pattern: '\\S' }),
    image: Type.String({ minLength: 1, maxLength: Math.ceil((signingLimits.imageBytes * 4) / 3) + 64 })
  },
  { $id: 'HotbSigningData', additionalProperties: false }
)
export type HotbSigningData = Static<typeof hotbSigningDataSchema>
export const hotbSigningDataValidator = getValidator(hotbSigningDataSchema, dataValidator)

/** Checking a document: the SHA-256 of its bytes (the browser hashes the uploaded file). */
export const hotbSealCheckSchema = Type.Object({ sha256: Type.String({ pattern: '^[0-9a-fA-F]{64}$' }) }, { $id: 'HotbSealCheck', additionalProperties: false })
export type HotbSealCheck = Static<typeof hotbSealCheckSchema>
export const hotbSealCheckValidator = getValidator(hotbSealCheckSchema, dataValidator)
