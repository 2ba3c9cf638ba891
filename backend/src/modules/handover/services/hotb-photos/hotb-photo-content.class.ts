import { Readable } from 'node:stream'
import { buffer } from 'node:stream/consumers'
import { MethodNotAllowed } from '@feathersjs/errors'
import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import type { DocumentParams } from '../../../../services/files/record-documents.js'
import { recordFileContent, type RecordFileContent } from '../../../../services/files/record-file-content.js'
import { hotbPhotosPath } from './hotb-photos.shared.js'
import { scalablePictureTypes, scaledJpeg, thumbnailSide } from './scaled-picture.js'

/**
 * `GET hotb-photos/:id/content`: the picture of a photo, for whoever reads the photo through its
 * own `get` (the record's readers: staff of the region, its tenancy once it is scheduled); the
 * files service itself lets only the uploader read a file back. With `?size=thumb` a JPEG of at
 * most `thumbnailSide` pixels (a few KB where the original is MBs: the record page shows dozens);
 * a picture that cannot be scaled (HEIC) comes as it is.
 */
export class HotbPhotoContentService {
  constructor(private app: Application) {}

  async find(params: DocumentParams = {}) {
    if (params.provider && params.provider !== 'rest') throw new MethodNotAllowed('Files are downloaded over HTTP')
    const { query, route, casl: _casl, ...caller } = params as any
    const picture = await recordFileContent(this.app, {
      id: route?.id,
      // The photo's own read decides (403 without any hotb rule, 404 for a photo the caller does not read).
      readRecord: (id: number) => this.app.service(hotbPhotosPath).get(id, { ...caller, query: {} }),
      fileIdOf: (photo) => photo.fileId
    })
    const size = query?.size
    if (size === undefined) return picture
    if (size !== 'thumb') {
      picture.content.destroy()
      throw appError(400, 'VALIDATION_FAILED', { details: 'size: thumb' })
    }
    return scalablePictureTypes.has(picture.file.mimeType) ? thumbnailOf(picture) : picture
  }
}

/** The thumbnail of a picture, named after it; the picture as it is when its bytes do not decode. */
async function thumbnailOf(picture: RecordFileContent): Promise<RecordFileContent> {
  const original = await buffer(picture.content)
  const scaled = await scaledJpeg(original, thumbnailSide, 70).catch(() => null)
  const [bytes, mimeType] = scaled ? [scaled, 'image/jpeg'] : [original, picture.file.mimeType]
  return { file: { name: picture.file.name.replace(/(\.[^.]*)?$/, scaled ? '-thumb.jpg' : '$1'), mimeType, size: bytes.length }, content: Readable.from([bytes]) }
}
