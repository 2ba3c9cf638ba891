import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { dataValidator, queryValidator } from '../../../../validators.js'
import { listQuery } from '../../../../kit/query.js'
import { termTextMaxLength, termTitleMaxLength } from './tender-terms.shared.js'

const nonBlank = (maxLength: number) => Type.String({ minLength: 1, maxLength, pattern: '\\S' })

export const termItemSchema = Type.Object(
  {
    id: Type.String(),
    title: Type.String(),
    text: Type.String()
  },
  { additionalProperties: false }
)

export const tenderTermsSchema = Type.Object(
  {
    id: Type.Integer(),
    region: Type.String(),
    departmentId: Type.Integer(),
    version: Type.Integer(),
    items: Type.Array(termItemSchema),
    createdBy: Type.Union([Type.Integer(), Type.Null()]),
    createdAt: Type.Any(),
    updatedAt: Type.Any()
  },
  { $id: 'TenderTerms', additionalProperties: false }
)
export type TenderTerms = Static<typeof tenderTermsSchema>

/** A new version for a department: its items, title and text as entered (the next version number is the server's). */
export const tenderTermsDataSchema = Type.Object(
  {
    departmentId: Type.Integer({ minimum: 1 }),
    items: Type.Array(Type.Object({ title: nonBlank(termTitleMaxLength), text: nonBlank(termTextMaxLength) }, { additionalProperties: false }), { minItems: 1, maxItems: 100 }),
    region: Type.Optional(Type.String())
  },
  { $id: 'TenderTermsData', additionalProperties: false }
)
export type TenderTermsData = Static<typeof tenderTermsDataSchema>
export const tenderTermsDataValidator = getValidator(tenderTermsDataSchema, dataValidator)

export const tenderTermsQuerySchema = listQuery(tenderTermsSchema, ['id', 'region', 'departmentId', 'version', 'createdAt'])
export const tenderTermsQueryValidator = getValidator(tenderTermsQuerySchema as any, queryValidator)
