import { MethodNotAllowed } from '@feathersjs/errors'
import type { Application } from '../../../../declarations.js'
import type { DocumentParams } from '../../../../services/files/record-documents.js'
import { recordFileContent } from '../../../../services/files/record-file-content.js'
import { hotbPhotosPath } from './hotb-photos.shared.js'

/**
 * `GET hotb-photos/:id/content`: the picture of a photo, for whoever reads the photo through its
 * own `get` (the record's readers: staff of the region, its tenancy once it is scheduled); the
 * files service itself lets only the uploader read a file back.
 */
export class HotbPhotoContentService {
  constructor(private app: Application) {}

  async find(params: DocumentParams = {}) {
    if (params.provider && params.provider !== 'rest') throw new MethodNotAllowed('Files are downloaded over HTTP')
    const { query: _query, route, casl: _casl, ...caller } = params as any
    return recordFileContent(this.app, {
      id: route?.id,
      // The photo's own read decides (403 without any hotb rule, 404 for a photo the caller does not read).
      readRecord: (id: number) => this.app.service(hotbPhotosPath).get(id, { ...caller, query: {} }),
      fileIdOf: (photo) => photo.fileId
    })
  }
}
