import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { dataValidator, queryValidator } from '../../../../validators.js'
import { tenderDocumentKinds } from './tender-documents.shared.js'
import { documentSortTypes } from '../../../../services/files/effective-period.shared.js'

const nullable = (type: any) => Type.Union([type, Type.Null()])

export const tenderDocumentSchema = Type.Object(
  {
    id: Type.Integer(),
    region: Type.String(),
    tenderId: Type.String(),
    fileId: Type.Integer(),
    kind: Type.String(),
    description: nullable(Type.String()),
    effectiveDate: nullable(Type.String()),
    effectiveUntil: nullable(Type.String()),
    uploadedBy: nullable(Type.Integer()),
    name: Type.String(),
    mimeType: Type.String(),
    size: Type.Integer(),
    createdAt: Type.Any(),
    updatedAt: Type.Any()
  },
  { $id: 'TenderDocument', additionalProperties: false }
)
export type TenderDocument = Static<typeof tenderDocumentSchema>

const kind = Type.Union(tenderDocumentKinds.map((value) => Type.Literal(value)))
const date = Type.Union([Type.String({ format: 'date' }), Type.Literal(''), Type.Null()])

/** The multipart form's fields beside its files (text fields: the description is checked by the service for its own message). */
export const tenderDocumentDataSchema = Type.Object(
  {
    tenderId: Type.String({ pattern: '^[a-z0-9]{24}$' }),
    kind,
    description: Type.Optional(nullable(Type.String({ maxLength: 10000 }))),
    effectiveDate: Type.Optional(date),
    effectiveUntil: Type.Optional(date),
    region: Type.Optional(Type.String())
  },
  { $id: 'TenderDocumentData', additionalProperties: false }
)
export type TenderDocumentData = Static<typeof tenderDocumentDataSchema>
export const tenderDocumentDataValidator = getValidator(tenderDocumentDataSchema, dataValidator)

export const tenderDocumentPatchSchema = Type.Object(
  {
    description: Type.Optional(nullable(Type.String({ maxLength: 10000 }))),
    effectiveDate: Type.Optional(date),
    effectiveUntil: Type.Optional(date),
    updatedAt: Type.Any()
  },
  { $id: 'TenderDocumentPatch', additionalProperties: false }
)
export const tenderDocumentPatchValidator = getValidator(tenderDocumentPatchSchema, dataValidator)

/**
 * A tender's documents are listed per tender (and kind); `effectiveOnly` keeps those in effect
 * today on the region's calendar, `sortType` orders them as uploaded or newest effective first.
 */
export const tenderDocumentQuerySchema = Type.Object(
  {
    tenderId: Type.String({ pattern: '^[a-z0-9]{24}$' }),
    kind: Type.Optional(kind),
    effectiveOnly: Type.Optional(Type.Boolean()),
    sortType: Type.Optional(Type.Union(documentSortTypes.map((value) => Type.Literal(value)))),
    region: Type.Optional(Type.String())
  },
  { additionalProperties: false }
)
export const tenderDocumentQueryValidator = getValidator(tenderDocumentQuerySchema, queryValidator)
