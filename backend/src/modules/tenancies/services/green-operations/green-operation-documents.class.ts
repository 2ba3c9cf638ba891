import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { callerParams } from '../../../../hooks/resolve-references.js'
import { RecordDocumentContentService, RecordDocumentService, type RecordDocuments } from '../../../../services/files/record-documents.js'
import { assertMayGreen } from './green-operations.access.js'

/**
 * The documents of a green operation record by type (spec §3: electricity bill, lighting control,
 * recycling bin, no bottled water, green certificate, others), as documents of a record
 * (services/files/record-documents.ts). Whoever reads the record reads its documents; staff who
 * may update the record upload and remove them (green-operations.access.ts).
 */
export const greenDocumentsOf: RecordDocuments = {
  table: 'green_operation_documents',
  ownerColumn: 'greenOperationId',
  ownerResource: 'green-operations',
  fields: ['docType'],
  filters: ['docType'],
  // A document is an update of its record.
  authorize: (params, action) => assertMayGreen(params, action === 'read' ? 'read' : 'update'),
  /** The record as the caller reads it through its own service (404 otherwise). */
  async readOwner(app, id, params) {
    try {
      return await app.service('green-operations').get(Number(id), { ...callerParams(params), query: {} } as any)
    } catch (error: any) {
      if (error?.code === 403 || error?.code === 404) throw appError(404, 'NOT_FOUND')
      throw error
    }
  }
}

export class GreenDocumentService extends RecordDocumentService {
  constructor(options: any, app: Application) {
    super(options, app, greenDocumentsOf)
  }
}

/** `GET green-operation-documents/:id/content`: the file, as an attachment, for whoever reads the record. */
export class GreenDocumentContentService extends RecordDocumentContentService {
  constructor(app: Application) {
    super(app, greenDocumentsOf)
  }
}
