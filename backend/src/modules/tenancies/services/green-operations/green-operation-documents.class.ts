import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { callerParams } from '../../../../hooks/resolve-references.js'
import { portalOf } from '../../../../abilities/permissions.shared.js'
import { RecordDocumentContentService, RecordDocumentService, type DocumentParams, type RecordDocuments } from '../../../../services/files/record-documents.js'
import { assertMayGreen, assertUpdatesGreen } from './green-operations.access.js'

/**
 * The documents of a green operation record by type (spec §3: electricity bill, lighting control,
 * recycling bin, no bottled water, green certificate, others), as documents of a record
 * (services/files/record-documents.ts). Whoever reads the record reads its documents; who may
 * update the record (staff, a tenant its own tenancy's) uploads them and removes them (a tenant:
 * those it uploaded); green-operations.access.ts.
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
  },
  /** The record, when the caller may update this one (a tenant: its own tenancy's). */
  async changeOwner(app, id, params) {
    const record = await greenDocumentsOf.readOwner(app, id, params)
    assertUpdatesGreen(params, record)
    return record
  }
}

export class GreenDocumentService extends RecordDocumentService {
  constructor(options: any, app: Application) {
    super(options, app, greenDocumentsOf)
  }

  /** A tenant takes back what it uploaded, never the landlord's documents (a green certificate). */
  async lockForWrite(id: any, params: DocumentParams) {
    const document = await super.lockForWrite(id, params)
    if (params.provider && portalOf(params.user?.userType ?? 0) !== 'staff' && document.uploadedBy !== params.user?.id) throw appError(403, 'FORBIDDEN')
    return document
  }
}

/** `GET green-operation-documents/:id/content`: the file, as an attachment, for whoever reads the record. */
export class GreenDocumentContentService extends RecordDocumentContentService {
  constructor(app: Application) {
    super(app, greenDocumentsOf)
  }
}
