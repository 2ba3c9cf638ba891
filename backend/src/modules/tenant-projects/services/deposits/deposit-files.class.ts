import { MethodNotAllowed } from '@feathersjs/errors'
import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import type { DocumentParams } from '../../../../services/files/record-documents.js'
import { recordFileContent } from '../../../../services/files/record-file-content.js'
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
    return recordFileContent(this.app, {
      id: route?.id,
      parseId: (raw) => {
        const id = Number(raw)
        if (!Number.isSafeInteger(id) || id <= 0) throw appError(404, 'NOT_FOUND')
        return id
      },
      // The route names the file: its owner (a deposit or a management fee) is read through its own service.
      readRecord: async (id) => {
        const file = await this.app.get('knex')('files').where({ id }).whereIn('ownerResource', [depositsPath, managementFeesPath]).first('id', 'ownerResource', 'ownerId')
        if (!file || !/^[1-9][0-9]{0,9}$/.test(String(file.ownerId))) throw appError(404, 'NOT_FOUND')
        await this.app.service(file.ownerResource as typeof depositsPath).get(Number(file.ownerId), { ...caller, query: {} })
        return file
      },
      fileIdOf: (file) => file.id
    })
  }
}
