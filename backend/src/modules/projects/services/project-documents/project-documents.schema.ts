import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { dataValidator, queryValidator } from '../../../../validators.js'

const nullable = (type: any) => Type.Union([type, Type.Null()])
const date = Type.Union([Type.String({ format: 'date' }), Type.Literal(''), Type.Null()])

export interface ProjectDocument {
  id: number
  region: string
  projectId: string
  folderId: number
  fileId: number
  description: string | null
  effectiveDate: string | null
  effectiveUntil: string | null
  uploadedBy: number | null
  name: string
  mimeType: string
  size: number
  createdAt: unknown
  updatedAt: unknown
}

/** The multipart form's fields beside its files (ids as text: multipart); the description is checked by the service for its own message. */
export const projectDocumentDataSchema = Type.Object(
  {
    projectId: Type.String({ pattern: '^[a-z0-9]{24}$' }),
    folderId: Type.String({ pattern: '^[1-9][0-9]{0,9}$' }),
    description: Type.Optional(nullable(Type.String({ maxLength: 10000 }))),
    effectiveDate: Type.Optional(date),
    effectiveUntil: Type.Optional(date),
    region: Type.Optional(Type.String())
  },
  { $id: 'ProjectDocumentData', additionalProperties: false }
)
export type ProjectDocumentData = Static<typeof projectDocumentDataSchema>
export const projectDocumentDataValidator = getValidator(projectDocumentDataSchema, dataValidator)

/** A filed document's description and effective period, changed (`updatedAt`: the version read; 410 when stale). */
export const projectDocumentPatchSchema = Type.Object(
  {
    description: Type.Optional(nullable(Type.String({ maxLength: 10000 }))),
    effectiveDate: Type.Optional(date),
    effectiveUntil: Type.Optional(date),
    updatedAt: Type.Any()
  },
  { $id: 'ProjectDocumentPatch', additionalProperties: false }
)
export type ProjectDocumentPatch = Static<typeof projectDocumentPatchSchema>
export const projectDocumentPatchValidator = getValidator(projectDocumentPatchSchema, dataValidator)

/** A project's documents, per project (and folder); `effectiveOnly` keeps those in effect today on the region's calendar. */
export const projectDocumentQuerySchema = Type.Object(
  {
    projectId: Type.String({ pattern: '^[a-z0-9]{24}$' }),
    folderId: Type.Optional(Type.Integer({ minimum: 1 })),
    effectiveOnly: Type.Optional(Type.Boolean()),
    region: Type.Optional(Type.String())
  },
  { additionalProperties: false }
)
export const projectDocumentQueryValidator = getValidator(projectDocumentQuerySchema, queryValidator)
