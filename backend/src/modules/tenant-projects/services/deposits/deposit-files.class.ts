import { MethodNotAllowed } from '@feathersjs/errors'
import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { fileStorage } from '../../../../storage/create-storage.js'
import { StorageNotFound } from '../../../../storage/file-storage.js'
import type { DocumentParams } from '../../../../services/files/record-documents.js'
import { depositsPath, managementFeesPath } from './deposits.shared.js'

export const depositFileContentPath = 'tenant-project-deposit-files/:id/content'

/**
 * `GET tenant-project-deposit-files/:id/content`: a file uploaded for a deposit (a deduction's
 * evidence, the waiver's approval) or a management fee (its supporting documents), for whoever
 * reads that record through its own service. The
 * files service itself lets only the uploader read it back; the ledger's readers (the project
 * managers, the tenant) need the evidence of every line.
 */
export class DepositFileContentService {
  constructor(private app: Application) {}

  async find(params: DocumentParams = {}) {
    if (params.provider && params.provider !== 'rest') throw new MethodNotAllowed('Files are downloaded over HTTP')
    const { query: _query, route, casl: _casl, ...caller } = params as any
    // Authorization first: a caller who reads no deposit learns nothing about the id it asked for.
    await this.app.service(depositsPath).find({ ...caller, query: { $limit: 0 } })
    const id = Number(route?.id)
    if (!Number.isSafeInteger(id) || id <= 0) throw appError(404, 'NOT_FOUND')
    const file = await this.app
      .get('knex')('files')
      .where({ id })
      .whereIn('ownerResource', [depositsPath, managementFeesPath])
      .first('name', 'mimeType', 'size', 'storageKey', 'ownerResource', 'ownerId')
    if (!file || !/^[1-9][0-9]{0,9}$/.test(String(file.ownerId))) throw appError(404, 'NOT_FOUND')
    await this.app.service(file.ownerResource as typeof depositsPath).get(Number(file.ownerId), { ...caller, query: {} })
    try {
      return { file: { name: file.name, mimeType: file.mimeType, size: file.size }, content: await fileStorage(this.app).get(file.storageKey) }
    } catch (error) {
      if (error instanceof StorageNotFound) throw appError(404, 'NOT_FOUND')
      throw error
    }
  }
}
