import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { dataValidator, queryValidator } from '../../../../validators.js'
import { listQuery } from '../../../../kit/query.js'

const nullable = (type: any) => Type.Union([type, Type.Null()])

export const bidSchema = Type.Object(
  {
    id: Type.String(),
    region: Type.String(),
    tenderId: Type.String(),
    companyId: Type.Integer(),
    status: Type.String(),
    version: Type.Integer(),
    content: Type.Optional(Type.Any()),
    termsAccepted: Type.Optional(Type.Any()),
    declineReason: nullable(Type.String()),
    submittedAt: Type.Any(),
    receiptDigest: Type.Optional(nullable(Type.String())),
    /** The 32 random bytes (hex) hashed into the receipt: the bid's vendor reads it, staff once opened. */
    receiptNonce: Type.Optional(nullable(Type.String())),
    /** Where the reader holds the bid unsealed: VERIFIED, FAILED, NO_NONCE (issued before nonces) or NONE. */
    receiptCheck: Type.Optional(Type.String()),
    respondedOn: Type.Any(),
    /** True while the bid's prices are withheld from the caller (staff before the tender opens). */
    sealed: Type.Optional(Type.Boolean()),
    /** On a read of one bid: its queries as the caller may read them, newest first (spec §7). */
    queries: Type.Optional(Type.Array(Type.Any())),
    createdAt: Type.Any(),
    updatedAt: Type.Any()
  },
  { $id: 'Bid', additionalProperties: false }
)
export type Bid = Static<typeof bidSchema>

const action = (name: string, extra: Record<string, any> = {}) =>
  getValidator(
    Type.Object(
      {
        id: Type.String({ pattern: '^[a-z0-9]{24}$' }),
        updatedAt: Type.Optional(Type.Any()),
        ...extra
      },
      { $id: `Bid${name}`, additionalProperties: false }
    ),
    dataValidator
  )

export const bidActionValidators = {
  save: action('Save', {
    content: Type.Object(
      {
        tncInfo: Type.Optional(Type.Object({ name: Type.Optional(Type.String({ maxLength: 255 })), position: Type.Optional(Type.String({ maxLength: 255 })) }, { additionalProperties: false })),
        bidItemQtys: Type.Optional(Type.Record(Type.String({ maxLength: 64 }), Type.Number({ minimum: 0 }))),
        rates: Type.Optional(Type.Record(Type.String({ maxLength: 64 }), Type.Number({ minimum: 0 }))),
        /** The vendor's optional remark per line item, by item id (shown in the comparison and the bid PDF). */
        remarks: Type.Optional(Type.Record(Type.String({ maxLength: 64 }), Type.String({ maxLength: 255 })))
      },
      { additionalProperties: false }
    ),
    termsAccepted: Type.Optional(Type.Array(Type.String({ maxLength: 64 }), { maxItems: 100 }))
  }),
  submit: action('Submit'),
  decline: action('Decline', { reason: Type.String({ minLength: 1, maxLength: 139, pattern: '\\S' }) }),
  reopen: action('Reopen')
}

// Only what the health check and lists need: nothing sealed can be filtered, sorted or selected.
export const bidQuerySchema = listQuery(bidSchema, ['id', 'region', 'tenderId', 'companyId', 'status', 'version', 'submittedAt', 'respondedOn', 'createdAt', 'updatedAt'])
/**
 * A vendor's invitation list finds and sorts by the tender each bid answers: `search` (part of the
 * PR number or description) and `$sort` on these tender fields (bids.class.ts reads them).
 */
export const bidTenderSortFields = ['prNumber', 'prDescription', 'closingAt'] as const
;(bidQuerySchema as any).properties.search = Type.String({ maxLength: 100 })
for (const field of bidTenderSortFields) (bidQuerySchema as any).properties.$sort.properties[field] = Type.Optional(Type.Integer({ minimum: -1, maximum: 1 }))
export const bidQueryValidator = getValidator(bidQuerySchema as any, queryValidator)
