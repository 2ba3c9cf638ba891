import { MethodNotAllowed } from '@feathersjs/errors'
import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { fileStorage } from '../../../../storage/create-storage.js'
import { StorageNotFound } from '../../../../storage/file-storage.js'
import type { DocumentParams } from '../../../../services/files/record-documents.js'
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
    const id = Number(route?.id)
    if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) throw appError(404, 'NOT_FOUND')
    // The photo's own read decides (403 without any hotb rule, 404 for a photo the caller does not read).
    const photo = await this.app.service(hotbPhotosPath).get(id, { ...caller, query: {} })
    const file = await this.app.get('knex')('files').where({ id: photo.fileId }).first('name', 'mimeType', 'size', 'storageKey')
    if (!file) throw appError(404, 'NOT_FOUND')
    try {
      return { file: { name: file.name, mimeType: file.mimeType, size: file.size }, content: await fileStorage(this.app).get(file.storageKey) }
    } catch (error) {
      if (error instanceof StorageNotFound) throw appError(404, 'NOT_FOUND')
      throw error
    }
  }
}
