import type { Params } from '@feathersjs/feathers'
import { MethodNotAllowed } from '@feathersjs/errors'
import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { portalOf } from '../../../../abilities/permissions.shared.js'
import { fileStorage } from '../../../../storage/create-storage.js'
import { StorageNotFound } from '../../../../storage/file-storage.js'
import { readTenderAs } from '../tenders/tenders.access.js'
import type { FileContent } from '../../../../services/files/file-content.class.js'

export const revisionDocumentsPath = 'tender-revisions/:tenderId/documents/:fileId'

/**
 * `GET tender-revisions/:tenderId/documents/:fileId`: a document of an addendum, for whoever
 * reads the tender: the documents of its issued revisions (staff who read the tender, invited
 * vendors), and staff also those of the pending addendum (the approver decides on them). The
 * tender and revision reads decide, with the caller's own params; a document of no version the
 * caller reads is 404. REST only: koa middleware sends the stream.
 */
export class RevisionDocumentService {
  constructor(private app: Application) {}

  async find(params: Params & { route?: Record<string, string> } = {}): Promise<FileContent> {
    if (params.provider && params.provider !== 'rest') throw new MethodNotAllowed('Documents are downloaded over HTTP')
    const fileId = Number(params.route?.fileId)
    const tenderId = String(params.route?.tenderId ?? '')
    if (!Number.isSafeInteger(fileId) || fileId <= 0 || !/^[a-z0-9]{24}$/.test(tenderId)) throw appError(404, 'NOT_FOUND')
    const { query: _query, route: _route, casl: _casl, ...rest } = params as any
    const tender: any = await readTenderAs(this.app, tenderId, params)
    const revisions: any[] = (await this.app.service('tender-revisions').find({ ...rest, query: { tenderId, $limit: 100 }, paginate: false } as any)) as any
    const staff = params.user ? portalOf(params.user.userType) === 'staff' : !params.provider
    const documents = [...revisions.flatMap((revision) => revision.documents ?? []), ...(staff ? (tender.addendumDraft?.documents ?? []) : [])]
    if (!documents.some((document: any) => document.id === fileId)) throw appError(404, 'NOT_FOUND')
    const file = (await this.app.service('files')._get(fileId, { query: { region: tender.region } } as any)) as any
    // A file that belongs to another record is read through that record, never through this tender.
    if (file.ownerId && !(file.ownerResource === 'tenders' && file.ownerId === tender.id)) throw appError(404, 'NOT_FOUND')
    try {
      const { storageKey, ...record } = file
      return { file: record, content: await fileStorage(this.app).get(storageKey) }
    } catch (error) {
      if (error instanceof StorageNotFound) throw appError(404, 'NOT_FOUND')
      throw error
    }
  }
}
