import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { dataValidator, queryValidator } from '../../../../validators.js'
import { listQuery } from '../../../../kit/query.js'
import { hotbStates } from '../hotb/hotb.workflow.js'
import { hotbPhotoLimits } from './hotb-photos.shared.js'

const nullable = (schema: any) => Type.Union([schema, Type.Null()])

/**
 * A photo of a schedule item (migration 20261208000300): its stored file, the file's SHA-256, when
 * it was taken (EXIF DateTimeOriginal, when the picture has it), who uploaded it and when, a
 * caption; the record's region, tenancy, PIC and status copied on it (triggers) so that it reads
 * through the record's rules. `uploadedByName` is the uploader's name as the gallery shows it.
 */
export const hotbPhotoSchema = Type.Object(
  {
    id: Type.Integer(),
    hotbId: Type.Integer(),
    scheduleItemId: Type.Integer(),
    fileId: Type.Integer(),
    region: Type.String(),
    tenancyId: Type.Integer(),
    managedBy: nullable(Type.Integer()),
    status: Type.Union(hotbStates.map((state) => Type.Literal(state))),
    sha256: Type.String(),
    caption: nullable(Type.String()),
    capturedAt: Type.Any(),
    uploadedBy: nullable(Type.Integer()),
    uploadedByName: Type.Optional(Type.String()),
    createdAt: Type.Any(),
    updatedAt: Type.Any()
  },
  { $id: 'HotbPhoto', additionalProperties: false }
)
export type HotbPhoto = Static<typeof hotbPhotoSchema>

const caption = nullable(Type.String({ maxLength: hotbPhotoLimits.caption }))

/** A photo from a file already uploaded for the item (`files`, owner `hotb-schedule-items`/item id). */
export const hotbPhotoDataSchema = Type.Object(
  {
    scheduleItemId: Type.Integer({ minimum: 1 }),
    fileId: Type.Integer({ minimum: 1 }),
    caption: Type.Optional(caption),
    region: Type.Optional(Type.String())
  },
  { $id: 'HotbPhotoData', additionalProperties: false }
)
export type HotbPhotoData = Static<typeof hotbPhotoDataSchema>
export const hotbPhotoDataValidator = getValidator(hotbPhotoDataSchema, dataValidator)

/** Only the caption changes; `updatedAt` is the version the form read. */
export const hotbPhotoPatchSchema = Type.Object(
  { caption: Type.Optional(caption), updatedAt: Type.Optional(Type.Any()), region: Type.Optional(Type.String()) },
  { $id: 'HotbPhotoPatch', additionalProperties: false }
)
export const hotbPhotoPatchValidator = getValidator(hotbPhotoPatchSchema, dataValidator)

/** Listed per record or per item. */
export const hotbPhotoQuerySchema = listQuery(hotbPhotoSchema, ['id', 'hotbId', 'scheduleItemId', 'region', 'capturedAt', 'createdAt', 'updatedAt'])
export const hotbPhotoQueryValidator = getValidator(hotbPhotoQuerySchema as any, queryValidator)
