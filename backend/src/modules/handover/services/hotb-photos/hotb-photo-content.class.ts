import { MethodNotAllowed } from '@feathersjs/errors'
import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import type { DocumentParams } from '../../../../services/files/record-documents.js'
import { fileContentOf, routeIntegerId } from '../../../../services/files/record-file-content.js'
import { hotbPhotosPath } from './hotb-photos.shared.js'
import { photoThumbnail } from './photo-thumbnail.js'

/**
 * `GET hotb-photos/:id/content`: the picture of a photo, for whoever reads the photo through its
 * own `get` (the record's readers: staff of the region, its tenancy once it is scheduled); the
 * files service itself lets only the uploader read a file back. With `?size=thumb` a JPEG of at
 * most `thumbnailSide` pixels (a few KB where the original is MBs: the record page shows dozens),
 * scaled on the first request and stored (photo-thumbnail.ts); a picture that cannot be scaled
 * (HEIC) comes as it is.
 */
export class HotbPhotoContentService {
  constructor(private app: Application) {}

  async find(params: DocumentParams = {}) {
    if (params.provider && params.provider !== 'rest') throw new MethodNotAllowed('Files are downloaded over HTTP')
    const { query, route, casl: _casl, ...caller } = params as any
    // The photo's own read decides first (403 without any hotb rule, 404 for a photo the caller does not read), then the size.
    const photo = await this.app.service(hotbPhotosPath).get(routeIntegerId(route?.id), { ...caller, query: {} })
    const size = query?.size
    if (size === undefined) return fileContentOf(this.app, photo.fileId)
    if (size !== 'thumb') throw appError(400, 'VALIDATION_FAILED', { details: 'size: thumb' })
    return photoThumbnail(this.app, photo.fileId)
  }
}
