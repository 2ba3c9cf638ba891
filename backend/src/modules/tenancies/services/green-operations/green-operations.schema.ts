import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { dataValidator, queryValidator } from '../../../../validators.js'
import { listQuery } from '../../../../kit/query.js'
import { assessmentSections, greenDocumentTypes, validityMonthsMax } from './green-operations.shared.js'

const literals = (values: readonly string[]) => Type.Union(values.map((value) => Type.Literal(value)))
const nullable = (schema: any) => Type.Union([schema, Type.Null()])

export const greenOperationSchema = Type.Object(
  {
    id: Type.Integer(),
    region: Type.String(),
    tenancyId: Type.Integer(),
    startDate: Type.String(),
    validityMonths: Type.Integer(),
    expiryDate: Type.String(),
    /** VALID or EXPIRED on the region's today: worked out, never written. */
    status: Type.Optional(Type.String()),
    floor: nullable(Type.String()),
    month: nullable(Type.String()),
    reading: nullable(Type.Number()),
    assessment: Type.Array(Type.String()),
    recognitionCount: Type.Integer(),
    createdBy: nullable(Type.Integer()),
    createdAt: Type.Any(),
    updatedAt: Type.Any()
  },
  { $id: 'GreenOperation', additionalProperties: false }
)
export type GreenOperation = Static<typeof greenOperationSchema>

const editable = {
  startDate: Type.String({ format: 'date' }),
  validityMonths: Type.Integer({ minimum: 1, maximum: validityMonthsMax }),
  floor: Type.Optional(nullable(Type.String({ minLength: 1, maxLength: 32 }))),
  month: Type.Optional(nullable(Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])$' }))),
  reading: Type.Optional(nullable(Type.Number({ minimum: 0, maximum: 999_999_999_999 }))),
  assessment: Type.Optional(Type.Array(literals(assessmentSections), { maxItems: assessmentSections.length, uniqueItems: true })),
  recognitionCount: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 }))
}

export const greenOperationDataSchema = Type.Object(
  { ...editable, tenancyId: Type.Integer({ minimum: 1 }), region: Type.Optional(Type.String()) },
  { $id: 'GreenOperationData', additionalProperties: false }
)
export type GreenOperationData = Static<typeof greenOperationDataSchema>
export const greenOperationDataValidator = getValidator(greenOperationDataSchema, dataValidator)

export const greenOperationPatchSchema = Type.Object(
  { ...Type.Partial(Type.Object(editable)).properties, updatedAt: Type.Optional(Type.Any()), region: Type.Optional(Type.String()) },
  { $id: 'GreenOperationPatch', additionalProperties: false }
)
export type GreenOperationPatch = Static<typeof greenOperationPatchSchema>
export const greenOperationPatchValidator = getValidator(greenOperationPatchSchema, dataValidator)

export const greenOperationQuerySchema = listQuery(greenOperationSchema, ['id', 'region', 'tenancyId', 'startDate', 'expiryDate', 'floor', 'month', 'createdAt', 'updatedAt'])
export const greenOperationQueryValidator = getValidator(greenOperationQuerySchema as any, queryValidator)

/** The multipart form's fields beside its files: the record and the type of the documents. */
export const greenDocumentDataSchema = Type.Object(
  { greenOperationId: Type.String({ pattern: '^[1-9][0-9]{0,9}$' }), docType: literals(greenDocumentTypes), region: Type.Optional(Type.String()) },
  { $id: 'GreenDocumentData', additionalProperties: false }
)
export const greenDocumentDataValidator = getValidator(greenDocumentDataSchema, dataValidator)

export const greenDocumentQuerySchema = Type.Object(
  { greenOperationId: Type.Integer({ minimum: 1 }), docType: Type.Optional(literals(greenDocumentTypes)), region: Type.Optional(Type.String()) },
  { additionalProperties: false }
)
export const greenDocumentQueryValidator = getValidator(greenDocumentQuerySchema, queryValidator)
