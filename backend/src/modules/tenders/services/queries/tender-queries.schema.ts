import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { dataValidator, queryValidator } from '../../../../validators.js'
import { listQuery } from '../../../../kit/query.js'

const nullable = (type: any) => Type.Union([type, Type.Null()])

export const tenderQueryRecordSchema = Type.Object(
  {
    id: Type.Integer(),
    region: Type.String(),
    tenderId: Type.String(),
    bidId: Type.String(),
    /** The vendor company of the bid ("own" for vendors). */
    companyId: Type.Integer(),
    order: Type.Integer(),
    status: Type.String(),
    question: nullable(Type.String()),
    answer: nullable(Type.String()),
    closingAt: Type.Any(),
    createdAt: Type.Any(),
    updatedAt: Type.Any()
  },
  { $id: 'TenderQuery', additionalProperties: false }
)
export type TenderQuery = Static<typeof tenderQueryRecordSchema>

const question = Type.String({ minLength: 1, maxLength: 4000, pattern: '\\S' })
const closingAt = Type.String({ format: 'date-time' })

/** Staff draft a query on a bid of a tender in REVIEW. */
export const tenderQueryDataSchema = Type.Object(
  {
    bidId: Type.String({ pattern: '^[a-z0-9]{24}$' }),
    question,
    closingAt,
    region: Type.Optional(Type.String())
  },
  { $id: 'TenderQueryData', additionalProperties: false }
)
export const tenderQueryDataValidator = getValidator(tenderQueryDataSchema, dataValidator)

/** A DRAFT query's question and closing date. */
export const tenderQueryPatchSchema = Type.Object(
  {
    question: Type.Optional(question),
    closingAt: Type.Optional(closingAt),
    updatedAt: Type.Any()
  },
  { $id: 'TenderQueryPatch', additionalProperties: false }
)
export const tenderQueryPatchValidator = getValidator(tenderQueryPatchSchema, dataValidator)

const action = (name: string, extra: Record<string, any> = {}) =>
  getValidator(
    Type.Object(
      {
        id: Type.Integer({ minimum: 1 }),
        updatedAt: Type.Optional(Type.Any()),
        ...extra
      },
      { $id: `TenderQuery${name}`, additionalProperties: false }
    ),
    dataValidator
  )

export const tenderQueryActionValidators = {
  issue: action('Issue'),
  answer: action('Answer', { answer: Type.String({ minLength: 1, maxLength: 4000, pattern: '\\S' }) })
}

export const tenderQueryListSchema = listQuery(tenderQueryRecordSchema, ['id', 'region', 'tenderId', 'bidId', 'companyId', 'order', 'status', 'closingAt', 'createdAt', 'updatedAt'])
export const tenderQueryQueryValidator = getValidator(tenderQueryListSchema as any, queryValidator)
