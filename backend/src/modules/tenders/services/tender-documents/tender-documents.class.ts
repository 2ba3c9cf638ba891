import type { KnexAdapterParams } from '@feathersjs/knex'
import type { Params } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { fileStorage } from '../../../../storage/create-storage.js'
import { StorageNotFound } from '../../../../storage/file-storage.js'
import { assertNotLockedByOther } from '../../../../services/edit-locks/edit-locks.guard.js'
import { PortalKnexService } from '../../../../services/knex-service.js'
import { documentDescriptionMaxLength, isValidDocumentDescription, type TenderDocumentKind } from './tender-documents.shared.js'
import type { TenderDocument, TenderDocumentData } from './tender-documents.schema.js'
import { isTenderIn } from '../tenders/tender.workflow.js'
import { assertMayChangeDocuments, readableTender } from './tender-documents.access.js'
import { byNewestEffective, dayIn, isEffectiveOn, isValidPeriod, type DocumentSortType, type EffectivePeriod } from './effective-period.js'

type DocumentParams = KnexAdapterParams & Params & { route?: Record<string, string> }

const columns = ['tender_documents.*', 'files.name', 'files.mimeType', 'files.size']

/** The documents of a tender with their file's name, type and size; oldest first. */
export function documentsOf(db: Knex, tenderId: string, kind?: TenderDocumentKind) {
  const query = db('tender_documents').join('files', 'files.id', 'tender_documents.fileId').where('tender_documents.tenderId', tenderId)
  if (kind) query.where('tender_documents.kind', kind)
  return query
    .orderBy('tender_documents.id')
    .select(columns)
    .then((rows: any[]) => rows.map(asDocument))
}

/** How many files of its conditions of contract a tender has (spec §5: at least one to submit). */
export async function conditionsFileCount(db: Knex, tenderId: string): Promise<number> {
  const row = await db('tender_documents').where({ tenderId, kind: 'CONDITIONS' }).count('* as count').first()
  return Number(row?.count ?? 0)
}

/** A date column as the calendar day it is (YYYY-MM-DD), whatever the server's time zone. */
const calendarDay = (date: unknown) =>
  date instanceof Date ? `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}` : ((date as string | null | undefined) ?? null)

function asDocument(row: any): TenderDocument {
  return { ...row, effectiveDate: calendarDay(row.effectiveDate), effectiveUntil: calendarDay(row.effectiveUntil) }
}

function checkDescription(description: string | null | undefined) {
  if (!isValidDocumentDescription(description)) throw appError(400, 'DESCRIPTION_TOO_LONG', { max: documentDescriptionMaxLength })
}

/** The period a document will have: its last day not before its first (either may be open). */
function checkPeriod(period: EffectivePeriod) {
  if (!isValidPeriod(period)) throw appError(400, 'EFFECTIVE_PERIOD_INVALID', { from: period.effectiveDate, until: period.effectiveUntil })
}

/** Any refusal of the tender as 404 NOT_FOUND; other errors as they are. */
const notFound = (error: any) => {
  if (error?.code === 404 || error?.code === 403 || error?.data?.code === 'FORBIDDEN') throw appError(404, 'NOT_FOUND')
  throw error
}

const dateOrNull = (value: string | null | undefined) => (value ? value : null)

/**
 * A tender's attachments and conditions-of-contract files. Reading goes through the tender: who
 * may read the tender (staff by their rules, a vendor once invited to it) reads its documents;
 * the person who may update the tender changes them, only while the tender is editable.
 * The bytes are stored by the files service.
 */
export class TenderDocumentService extends PortalKnexService<TenderDocument> {
  constructor(
    options: any,
    private app: Application
  ) {
    super(options)
  }

  private conn(params: DocumentParams): Knex {
    return params.transaction?.trx ?? this.app.get('knex')
  }

  /** The tender as the caller may read it (404 otherwise): tender-documents.access.ts. */
  readableTender(tenderId: string, params: DocumentParams) {
    return readableTender(this.app, tenderId, params)
  }

  /**
   * The document of a write, locked, once the caller reads its tender (404 otherwise, as for an
   * id that does not exist): the audited write (hooks/audited-write.ts) answers its version only then.
   */
  async lockForWrite(id: any, params: DocumentParams) {
    const locked = (params as any).lockedRecord
    if (locked?.service === this && String(locked.record.id) === String(id)) return locked.record
    const document = await this.conn(params)('tender_documents')
      .where({ id: Number(id) })
      .forUpdate()
      .first()
    if (!document || (params.region && document.region !== params.region)) throw appError(404, 'NOT_FOUND')
    // Refused the tender (403) or not shown it (404): the same answer as for a document that does not exist.
    if (params.provider) await this.readableTender(document.tenderId, params).catch(notFound)
    return document
  }

  /** The tender locked for a change of its documents: the caller may change them, and it is editable. */
  private async editableTender(tenderId: string, params: DocumentParams) {
    const db = this.conn(params)
    const tender = await db('tenders').where({ id: tenderId }).forUpdate().first()
    if (!tender || (params.region && tender.region !== params.region)) throw appError(404, 'NOT_FOUND')
    await assertMayChangeDocuments(this.app, tender, params)
    // While a tender is edited its documents may change too (tender.workflow's `editable` phase).
    if (!isTenderIn('editable', tender.status)) throw appError(409, 'INVALID_TRANSITION', { status: tender.status, action: 'update' })
    await assertNotLockedByOther(db, 'tenders', tender.id, params.user?.id)
    return tender
  }

  async _get(id: any): Promise<any> {
    const row = await this.app.get('knex')('tender_documents').join('files', 'files.id', 'tender_documents.fileId').where('tender_documents.id', Number(id)).first(columns)
    if (!row) throw appError(404, 'NOT_FOUND')
    return asDocument(row)
  }

  /**
   * The tender's documents; with `effectiveOnly` those in effect today on the calendar of the
   * tender's region (the end day counts whole), with `sortType=EFFECTIVE_DESC` newest effective first.
   */
  async find(params: DocumentParams = {}): Promise<any> {
    const { tenderId, kind, effectiveOnly, sortType } = (params.query ?? {}) as { tenderId: string; kind?: TenderDocumentKind; effectiveOnly?: boolean; sortType?: DocumentSortType }
    const tender = await this.readableTender(tenderId, params)
    let data = await documentsOf(this.conn(params), tender.id, kind)
    if (effectiveOnly) {
      const timeZone = (await this.app.get('regionCache').get(tender.region))?.timeZone ?? 'UTC'
      const today = dayIn(timeZone)
      data = data.filter((document) => isEffectiveOn(document, today))
    }
    if (sortType === 'EFFECTIVE_DESC') data.sort(byNewestEffective)
    return { total: data.length, limit: data.length, skip: 0, data }
  }

  /** Uploads (multipart) one or more files as documents of the tender, each with the description and effective period. */
  async create(input: any, params: DocumentParams = {}): Promise<any> {
    const data = input as TenderDocumentData
    checkDescription(data.description)
    const period = { effectiveDate: dateOrNull(data.effectiveDate), effectiveUntil: dateOrNull(data.effectiveUntil) }
    checkPeriod(period)
    const tender = await this.editableTender(data.tenderId, params)
    const db = this.conn(params)
    const files: any[] = await this.app.service('files').create(
      {
        region: tender.region,
        ownerResource: 'tenders',
        ownerId: tender.id,
        description: data.description?.trim() || null,
        uploadedBy: params.user?.id ?? null
      },
      { files: params.files, transaction: params.transaction, afterCommit: params.afterCommit } as any
    )
    const created: TenderDocument[] = []
    for (const file of files) {
      const [{ id }] = await db('tender_documents').insert(
        {
          region: tender.region,
          tenderId: tender.id,
          fileId: file.id,
          kind: data.kind,
          description: data.description?.trim() || null,
          ...period,
          uploadedBy: params.user?.id ?? null
        },
        ['id']
      )
      created.push(asDocument(await db('tender_documents').join('files', 'files.id', 'tender_documents.fileId').where('tender_documents.id', id).first(columns)))
    }
    return created
  }

  async patch(id: any, data: { description?: string | null; effectiveDate?: string | null; effectiveUntil?: string | null }, params: DocumentParams = {}): Promise<any> {
    const db = this.conn(params)
    const document = await this.lockForWrite(id, params)
    checkDescription(data.description)
    await this.editableTender(document.tenderId, params)
    const changes: Record<string, unknown> = { updatedAt: new Date() }
    if (data.description !== undefined) changes.description = data.description?.trim() || null
    if (data.effectiveDate !== undefined) changes.effectiveDate = dateOrNull(data.effectiveDate)
    if (data.effectiveUntil !== undefined) changes.effectiveUntil = dateOrNull(data.effectiveUntil)
    // The period as it will be: a changed end against the stored start, and the other way round.
    const stored = asDocument(document)
    checkPeriod({
      effectiveDate: 'effectiveDate' in changes ? (changes.effectiveDate as string | null) : stored.effectiveDate,
      effectiveUntil: 'effectiveUntil' in changes ? (changes.effectiveUntil as string | null) : stored.effectiveUntil
    })
    await db('tender_documents').where({ id: document.id }).update(changes)
    return asDocument(await db('tender_documents').join('files', 'files.id', 'tender_documents.fileId').where('tender_documents.id', document.id).first(columns))
  }

  async remove(id: any, params: DocumentParams = {}): Promise<any> {
    const db = this.conn(params)
    const document = await this.lockForWrite(id, params)
    await this.editableTender(document.tenderId, params)
    const removed = asDocument(await db('tender_documents').join('files', 'files.id', 'tender_documents.fileId').where('tender_documents.id', document.id).first(columns))
    await removeDocuments(this.app, db, [document], params)
    return removed
  }
}

/** Drops documents and their files (the bytes once the transaction commits). */
export async function removeDocuments(app: Application, db: Knex, documents: { id: number; fileId: number }[], params: Params) {
  if (!documents.length) return
  await db('tender_documents')
    .whereIn(
      'id',
      documents.map((document) => document.id)
    )
    .delete()
  for (const document of documents) {
    await app.service('files').remove(document.fileId, { transaction: params.transaction, afterCommit: params.afterCommit } as any)
  }
}

/**
 * `GET tender-documents/:id/content`: the file of a tender document, as an attachment, for
 * whoever may read the tender (a vendor: once invited to it, never another tender's).
 */
export class TenderDocumentContentService {
  constructor(private app: Application) {}

  async find(params: DocumentParams = {}) {
    const id = Number(params.route?.id)
    if (!Number.isSafeInteger(id) || id <= 0) throw appError(404, 'NOT_FOUND')
    const db = this.app.get('knex')
    const document = await db('tender_documents').where({ id }).first()
    if (!document || (params.region && document.region !== params.region)) throw appError(404, 'NOT_FOUND')
    await readableTender(this.app, document.tenderId, params)
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
