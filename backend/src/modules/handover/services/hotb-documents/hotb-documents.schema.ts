import { Type, getValidator } from '@feathersjs/typebox'
import { dataValidator, queryValidator } from '../../../../validators.js'
import { hotbDocumentKinds } from './hotb-documents.shared.js'

const literals = (values: readonly string[]) => Type.Union(values.map((value) => Type.Literal(value)))

/** An upload's fields (multipart, so the record's id comes as a string); `updatedAt` is the record's as read (428 without it). */
export const hotbDocumentDataSchema = Type.Object(
  {
    hotbId: Type.String({ pattern: '^[1-9][0-9]{0,9}$' }),
    kind: literals(hotbDocumentKinds),
    updatedAt: Type.Optional(Type.String({ maxLength: 40 })),
    region: Type.Optional(Type.String())
  },
  { $id: 'HotbDocumentData', additionalProperties: false }
)
export const hotbDocumentDataValidator = getValidator(hotbDocumentDataSchema, dataValidator)

/** A record's documents, of one kind when asked. */
export const hotbDocumentQuerySchema = Type.Object(
  { hotbId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), kind: Type.Optional(literals(hotbDocumentKinds)), region: Type.Optional(Type.String()) },
  { additionalProperties: false }
)
export const hotbDocumentQueryValidator = getValidator(hotbDocumentQuerySchema, queryValidator)
