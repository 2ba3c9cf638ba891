import type { Readable } from 'node:stream'
import { MethodNotAllowed } from '@feathersjs/errors'
import type { Application } from '../../declarations.js'
import { appError } from '../../errors.js'
import { logger } from '../../logger.js'
import { fileStorage } from '../../storage/create-storage.js'
import { StorageNotFound } from '../../storage/file-storage.js'
import type { FileParams } from './files.class.js'
import type { FileRecord } from './files.schema.js'
import { filesPath } from './files.shared.js'

export interface FileContent {
  file: FileRecord
  content: Readable
}

/**
 * `GET files/:id/content`: the file's bytes, for whoever may `get` the file record in the
 * request's region (the same hooks decide). REST only: koa middleware sends the stream.
 */
export class FileContentService {
  constructor(private app: Application) {}

  async find(params: FileParams & { route?: Record<string, string> } = {}): Promise<FileContent> {
    if (params.provider && params.provider !== 'rest') throw new MethodNotAllowed('Files are downloaded over HTTP')
    const id = Number(params.route?.id)
    if (!Number.isSafeInteger(id) || id <= 0) throw appError(404, 'NOT_FOUND')
    const { query: _query, route: _route, casl: _casl, ...rest } = params as any
    const files = this.app.service(filesPath)
    const file = await files.get(id, { ...rest, query: {} })
    const { storageKey } = await files._get(id, { query: { region: file.region } })
    try {
      return { file, content: await fileStorage(this.app).get(storageKey) }
    } catch (error) {
      if (error instanceof StorageNotFound) {
        logger.error(`File ${id}: no stored bytes under ${storageKey}`)
        throw appError(404, 'NOT_FOUND')
      }
      throw error
    }
  }
}
