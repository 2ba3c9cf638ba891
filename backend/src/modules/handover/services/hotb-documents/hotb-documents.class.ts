import type { Knex } from 'knex'
import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { callerParams } from '../../../../hooks/resolve-references.js'
import { routeIntegerId } from '../../../../services/files/record-file-content.js'
import { dropDocuments, RecordDocumentContentService, RecordDocumentService, type DocumentParams, type RecordDocuments } from '../../../../services/files/record-documents.js'
import { hotbToEdit } from '../hotb/hotb-lines.js'
import { hotbDocumentKindAllowed, hotbDocumentKinds, type HotbDocumentKind } from './hotb-documents.shared.js'

/*
 * The documents of a handover/takeback record (spec hotb §3 `docIds`, `attachments`; §4 "a signed
 * or unsigned document may be uploaded on a scheduled record"), as documents of a record
 * (services/files/record-documents.ts): uploaded through the files service (the region's upload
 * settings), one row each with its kind.
 *
 * Who: whoever reads the record through its own `get` reads its documents (staff of the region;
 * its tenancy's master account and sub-accounts with HandoverTakeback once it is SCHEDULED,
 * UNSIGNED or COMPLETED: never a draft's). Staff who may edit the record (its PIC with `update`, or
 * `updateOthers`: hotb.access.ts) upload and remove them, attachments while it is editable, the
 * signed or unsigned document while it is SCHEDULED or UNSIGNED (hotb-documents.shared.ts). An
 * upload carries the record's `updatedAt` as read (428 without, 410 when the record moved on), so a
 * signed document is never filed on a record that changed under the uploader's eyes.
 */

/** The record as the caller reads it through its own service: any refusal, or a malformed id, as 404. */
async function readHotbAs(app: Application, id: string, params: DocumentParams) {
  const hotbId = routeIntegerId(id)
  try {
    return await app.service('hotb').get(hotbId, { ...callerParams(params), query: {} } as any)
  } catch (error: any) {
    if (error?.code === 403 || error?.code === 404) throw appError(404, 'NOT_FOUND')
    throw error
  }
}

export const hotbDocumentsOf: RecordDocuments = {
  table: 'hotb_documents',
  ownerColumn: 'hotbId',
  ownerResource: 'hotb',
  fields: ['kind'],
  filters: ['kind'],
  // Before any id is looked at: a caller with no `hotb` rule (a vendor) hears 403; only staff who may edit records change documents.
  authorize: (params, action) => {
    const ability = (params as any).ability
    if (!ability?.can('read', 'hotb')) throw appError(403, 'FORBIDDEN')
    // Who may edit this record is asked of it when it is locked (recordToChange: its PIC, or updateOthers).
    if (action === 'change' && !ability.can('update', 'hotb')) throw appError(403, 'FORBIDDEN')
  },
  readOwner: (app, id, params) => readHotbAs(app, id, params),
  // Who reads a document needs no staff member's id.
  asDocument: ({ uploadedBy: _by, ...row }: any) => row
}

export class HotbDocumentService extends RecordDocumentService {
  constructor(options: any, app: Application) {
    super(options, app, hotbDocumentsOf)
  }

  /**
   * The record whose `kind` of document is changed, locked until the commit: read as the caller
   * reads it (404), edited by the caller (403), at the version read when one is asked (428/410),
   * in a state that takes that kind (409 HOTB_DOCUMENT_STATE).
   */
  private async recordToChange(db: Knex, hotbId: string, kind: HotbDocumentKind, params: DocumentParams, version?: { read: unknown }) {
    const { id } = await this.ownerAsRead(hotbId, params)
    // Locked as a transition locks it: a completion waiting on it then sees the documents as they end.
    const record = await hotbToEdit(db, Number(id), params, { lock: 'update', version })
    if (!hotbDocumentKindAllowed(kind, record.status)) throw appError(409, 'HOTB_DOCUMENT_STATE', { kind, status: record.status })
    return record
  }

  /** Uploads (multipart) the record's documents of one kind: `hotbId`, `kind`, `updatedAt` (the record's, as read) and the files. */
  async create(input: any, params: DocumentParams = {}): Promise<any> {
    this.authorizeCall(params, 'change')
    const kind = input?.kind as HotbDocumentKind
    if (!hotbDocumentKinds.includes(kind)) throw appError(400, 'HOTB_DOCUMENT_KIND', { field: 'kind' })
    const record = await this.recordToChange(this.conn(params), String(input?.hotbId ?? ''), kind, params, params.provider ? { read: input?.updatedAt } : undefined)
    return this.store(record, { kind }, params)
  }

  /** Removes a document and its file while its kind may still change on its record (a completed record keeps its signed document). */
  async remove(id: any, params: DocumentParams = {}): Promise<any> {
    this.authorizeCall(params, 'change')
    const db = this.conn(params)
    const document = await this.lockForWrite(id, params)
    await this.recordToChange(db, String(document.hotbId), document.kind, params)
    const removed = await this.answered(db, document.id)
    await dropDocuments(this.app, db, hotbDocumentsOf.table, [document], params)
    return removed
  }
}

/** `GET hotb-documents/:id/content`: the file, as an attachment, for whoever reads the record. */
export class HotbDocumentContentService extends RecordDocumentContentService {
  constructor(app: Application) {
    super(app, hotbDocumentsOf)
  }
}

/** Whether the record has its signed document on file (a completion from SCHEDULED without an in-person seal needs one). */
export async function hasSignedDocument(db: Knex, hotbId: number): Promise<boolean> {
  return Boolean(await db('hotb_documents').where({ hotbId, kind: 'SIGNED' }).first('id'))
}
