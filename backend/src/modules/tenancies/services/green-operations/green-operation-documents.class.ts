import type { KnexAdapterParams } from '@feathersjs/knex'
import type { Params } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { fileStorage } from '../../../../storage/create-storage.js'
import { StorageNotFound } from '../../../../storage/file-storage.js'
import { callerParams } from '../../../../hooks/resolve-references.js'
import { PortalKnexService } from '../../../../services/knex-service.js'
import { portalOf } from '../../../../abilities/permissions.shared.js'
import { assertMayGreen, assertUpdatesGreen } from './green-operations.access.js'
import type { GreenDocumentType } from './green-operations.shared.js'

type DocumentParams = KnexAdapterParams & Params & { route?: Record<string, string> }

const columns = ['green_operation_documents.*', 'files.name', 'files.mimeType', 'files.size']

/**
 * The documents of a green operation record by type (spec §3: electricity bill, lighting control,
 * recycling bin, no bottled water, green certificate, others), their bytes in the platform's
 * files store. Whoever reads the record reads its documents; who may update the record (staff,
 * a tenant its own tenancy's) uploads them and removes them (a tenant: those it uploaded);
 * green-operations.access.ts.
 */
export class GreenDocumentService extends PortalKnexService {
  constructor(
    options: any,
    private app: Application
  ) {
    super(options)
  }

  private conn(params: DocumentParams): Knex {
    return params.transaction?.trx ?? this.app.get('knex')
  }

  /** The record as the caller reads it through its own service (404 otherwise). */
  private async readableRecord(id: number, params: DocumentParams) {
    try {
      return await this.app.service('green-operations').get(id, { ...callerParams(params), query: {} } as any)
    } catch (error: any) {
      if (error?.code === 403 || error?.code === 404) throw appError(404, 'NOT_FOUND')
      throw error
    }
  }

  private rows(db: Knex) {
    return db('green_operation_documents').join('files', 'files.id', 'green_operation_documents.fileId')
  }

  async lockForWrite(id: any, params: DocumentParams) {
    const document = await this.conn(params)('green_operation_documents')
      .where({ id: Number(id) })
      .forUpdate()
      .first()
    if (!document || (params.region && document.region !== params.region)) throw appError(404, 'NOT_FOUND')
    if (params.provider) {
      assertUpdatesGreen(params, await this.readableRecord(document.greenOperationId, params))
      // A tenant takes back what it uploaded, never the landlord's documents (a green certificate).
      if (portalOf(params.user?.userType ?? 0) !== 'staff' && document.uploadedBy !== params.user?.id) throw appError(403, 'FORBIDDEN')
    }
    return document
  }

  async _get(id: any): Promise<any> {
    const row = await this.rows(this.app.get('knex')).where('green_operation_documents.id', Number(id)).first(columns)
    if (!row) throw appError(404, 'NOT_FOUND')
    return row
  }

  async find(params: DocumentParams = {}): Promise<any> {
    assertMayGreen(params, 'read')
    const { greenOperationId, docType } = (params.query ?? {}) as { greenOperationId: number; docType?: GreenDocumentType }
    const record = await this.readableRecord(Number(greenOperationId), params)
    const query = this.rows(this.conn(params)).where('green_operation_documents.greenOperationId', record.id)
    if (docType) query.where('green_operation_documents.docType', docType)
    const data = await query.orderBy('green_operation_documents.id').select(columns)
    return { total: data.length, limit: data.length, skip: 0, data }
  }

  /** Uploads (multipart) one or more files of one type to the record: an update of the record. */
  async create(input: any, params: DocumentParams = {}): Promise<any> {
    assertMayGreen(params, 'update')
    const data = input as { greenOperationId: string; docType: GreenDocumentType }
    const record = await this.readableRecord(Number(data.greenOperationId), params)
    assertUpdatesGreen(params, record)
    if (!params.files?.length) throw appError(400, 'VALIDATION_FAILED', { details: 'files' })
    const db = this.conn(params)
    const files: any[] = await this.app
      .service('files')
      .create(
        { region: record.region, ownerResource: 'green-operations', ownerId: String(record.id), uploadedBy: params.user?.id ?? null } as any,
        { files: params.files, transaction: params.transaction, afterCommit: params.afterCommit } as any
      )
    const created = []
    for (const file of files) {
      const [{ id }] = await db('green_operation_documents').insert(
        { region: record.region, greenOperationId: record.id, fileId: file.id, docType: data.docType, uploadedBy: params.user?.id ?? null },
        ['id']
      )
      created.push(await this.rows(db).where('green_operation_documents.id', id).first(columns))
    }
    return created
  }

  async remove(id: any, params: DocumentParams = {}): Promise<any> {
    assertMayGreen(params, 'update')
    const db = this.conn(params)
    const document = await this.lockForWrite(id, params)
    const removed = await this.rows(db).where('green_operation_documents.id', document.id).first(columns)
    await db('green_operation_documents').where({ id: document.id }).delete()
    await this.app.service('files').remove(document.fileId, { transaction: params.transaction, afterCommit: params.afterCommit } as any)
    return removed
  }
}

/** `GET green-operation-documents/:id/content`: the file, as an attachment, for whoever reads the record. */
export class GreenDocumentContentService {
  constructor(private app: Application) {}

  async find(params: DocumentParams = {}) {
    assertMayGreen(params, 'read')
    const id = Number(params.route?.id)
    if (!Number.isSafeInteger(id) || id <= 0) throw appError(404, 'NOT_FOUND')
    const db = this.app.get('knex')
    const document = await db('green_operation_documents').where({ id }).first()
    if (!document || (params.region && document.region !== params.region)) throw appError(404, 'NOT_FOUND')
    try {
      await this.app.service('green-operations').get(document.greenOperationId, { ...callerParams(params), query: {} } as any)
    } catch (error: any) {
      if (error?.code === 403 || error?.code === 404) throw appError(404, 'NOT_FOUND')
      throw error
    }
    const file = await db('files').where({ id: document.fileId }).first('name', 'mimeType', 'size', 'storageKey')
    if (!file) throw appError(404, 'NOT_FOUND')
    try {
      return { file: { name: file.name, mimeType: file.mimeType, size: file.size }, content: await fileStorage(this.app).get(file.storageKey) }
    } catch (error) {
      if (error instanceof StorageNotFound) throw appError(404, 'NOT_FOUND')
      throw error
    }
  }
}
