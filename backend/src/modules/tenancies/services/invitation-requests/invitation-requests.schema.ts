import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { dataValidator } from '../../../../validators.js'

/** Who the tenancy's master account should be: the person the requester names, and why (optional). */
export const tenancyInvitationRequestDataSchema = Type.Object(
  {
    tenancyId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
    email: Type.String({ format: 'email', maxLength: 255 }),
    displayName: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' }),
    remarks: Type.Optional(Type.String({ maxLength: 1000 })),
    /** Set by the region scope. */
    region: Type.Optional(Type.String())
  },
  { $id: 'TenancyInvitationRequestData', additionalProperties: false }
)
export type TenancyInvitationRequestData = Static<typeof tenancyInvitationRequestDataSchema>
export const tenancyInvitationRequestDataValidator = getValidator(tenancyInvitationRequestDataSchema, dataValidator)
