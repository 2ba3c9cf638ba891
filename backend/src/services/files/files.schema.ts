import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { dataValidator, queryValidator } from '../../validators.js'
import { listQuery } from '../../kit/query.js'

const nullableString = (options: { maxLength?: number } = {}) => Type.Union([Type.String(options), Type.Null()])
const nullableInteger = () => Type.Union([Type.Integer(), Type.Null()])

export const fileSchema = Type.Object(
  {
    id: Type.Integer(),
    region: Type.String(),
    name: Type.String(),
    mimeType: Type.String(),
    size: Type.Integer(),
    sha256: Type.String(),
    /** Where the bytes are in the file storage; never sent to clients. */
    storageKey: Type.String(),
    description: nullableString({ maxLength: 255 }),
    /** The record the file belongs to: a service path and an id (`tenders`, `12`). */
    ownerResource: nullableString(),
    ownerId: nullableString(),
    uploadedBy: nullableInteger(),
    companyId: nullableInteger(),
    tenancyId: nullableInteger(),
    /** The uploader again, under the name the "own" ability uses for staff. */
    managedBy: nullableInteger(),
    createdAt: Type.Any(),
    updatedAt: Type.Any()
  },
  { $id: 'File', additionalProperties: false }
)
export type FileRecord = Static<typeof fileSchema>

/** Fields the multipart form sends beside its files; who uploaded comes from the session. */
export const fileDataSchema = Type.Object(
  {
    ownerResource: Type.Optional(nullableString({ maxLength: 100 })),
    ownerId: Type.Optional(nullableString({ maxLength: 100 })),
    description: Type.Optional(nullableString({ maxLength: 255 })),
    region: Type.Optional(Type.String()),
    // Set by the service from the session for external calls; internal callers may name them.
    uploadedBy: Type.Optional(nullableInteger()),
    companyId: Type.Optional(nullableInteger()),
    tenancyId: Type.Optional(nullableInteger())
  },
  { $id: 'FileData', additionalProperties: false }
)
export type FileData = Static<typeof fileDataSchema> & { managedBy?: number | null }
export const fileDataValidator = getValidator(fileDataSchema, dataValidator)

/** Only the description changes; the file itself is replaced by uploading a new one. */
export const filePatchSchema = Type.Object(
  {
    description: nullableString({ maxLength: 255 }),
    updatedAt: Type.Optional(Type.Any())
  },
  { $id: 'FilePatch', additionalProperties: false }
)
export type FilePatch = Static<typeof filePatchSchema>
export const filePatchValidator = getValidator(filePatchSchema, dataValidator)

export const fileQuerySchema = listQuery(
  fileSchema,
  ['id', 'region', 'name', 'mimeType', 'size', 'description', 'ownerResource', 'ownerId', 'uploadedBy', 'companyId', 'tenancyId', 'createdAt', 'updatedAt'],
  ['name', 'description']
)
export const fileQueryValidator = getValidator(fileQuerySchema as any, queryValidator)
