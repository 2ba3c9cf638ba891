import type { Params } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { assertNotLockedByOther } from '../../../../services/edit-locks/edit-locks.guard.js'
import {
  checkDocumentDescription,
  checkedPeriod,
  describedDocumentChanges,
  dropDocuments,
  RecordDocumentContentService,
  RecordDocumentService,
  type DescribedDocumentFields,
  type DocumentParams,
  type RecordDocuments
} from '../../../../services/files/record-documents.js'
import { documentDescriptionMaxLength, type TenderDocumentKind } from './tender-documents.shared.js'
import type { TenderDocument, TenderDocumentData } from './tender-documents.schema.js'
import { isTenderIn } from '../tenders/tender.workflow.js'
import { assertMayChangeDocuments, readableTender } from './tender-documents.access.js'
import { byNewestEffective, dayIn, isEffectiveOn, type DocumentSortType } from '../../../../services/files/effective-period.shared.js'

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

/** The tender locked for a change of its documents: the caller may change them, and it is editable. */
async function editableTender(app: Application, tenderId: string, params: DocumentParams) {
  const db: Knex = params.transaction?.trx ?? app.get('knex')
  const tender = await db('tenders').where({ id: tenderId }).forUpdate().first()
  if (!tender || (params.region && tender.region !== params.region)) throw appError(404, 'NOT_FOUND')
  await assertMayChangeDocuments(app, tender, params)
  // While a tender is edited its documents may change too (tender.workflow's `editable` phase).
  if (!isTenderIn('editable', tender.status)) throw appError(409, 'INVALID_TRANSITION', { status: tender.status, action: 'update' })
  await assertNotLockedByOther(db, 'tenders', tender.id, params.user?.id)
  return tender
}

/**
 * A tender's attachments and conditions-of-contract files, as documents of a record
 * (services/files/record-documents.ts). Reading goes through the tender: who may read the tender
 * (staff by their rules, a vendor once invited to it) reads its documents (tender-documents.access.ts);
 * the person who may update the tender changes them, only while the tender is editable.
 */
export const tenderDocumentsOf: RecordDocuments<any, TenderDocument> = {
  table: 'tender_documents',
  ownerColumn: 'tenderId',
  ownerResource: 'tenders',
  readOwner: readableTender,
  changeOwner: editableTender,
  asDocument
}

export class TenderDocumentService extends RecordDocumentService<TenderDocument> {
  constructor(options: any, app: Application) {
    super(options, app, tenderDocumentsOf)
  }

  /**
   * The tender's documents; with `effectiveOnly` those in effect today on the calendar of the
   * tender's region (the end day counts whole), with `sortType=EFFECTIVE_DESC` newest effective first.
   */
  async find(params: DocumentParams = {}): Promise<any> {
    const { tenderId, kind, effectiveOnly, sortType } = (params.query ?? {}) as { tenderId: string; kind?: TenderDocumentKind; effectiveOnly?: boolean; sortType?: DocumentSortType }
    const tender = await this.ownerAsRead(tenderId, params)
    let data = await this.documentsOf(this.conn(params), tender.id, { kind })
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
    checkDocumentDescription(data.description, documentDescriptionMaxLength)
    const period = checkedPeriod(data)
    const tender = await this.ownerToChange(data.tenderId, params)
    const description = data.description?.trim() || null
    return this.store(tender, { kind: data.kind, description, ...period }, params, description)
  }

  /** Changes a document's description or effective period (the period as it will be: 400 when it ends before it starts). */
  async patch(id: any, data: DescribedDocumentFields, params: DocumentParams = {}): Promise<any> {
    const db = this.conn(params)
    const document = await this.lockForWrite(id, params)
    await this.ownerToChange(document.tenderId, params)
    const changes = describedDocumentChanges(asDocument(document), data, documentDescriptionMaxLength)
    await db('tender_documents').where({ id: document.id }).update(changes)
    return this.answered(db, document.id)
  }
}

/** Drops documents and their files (the bytes once the transaction commits). */
export function removeDocuments(app: Application, db: Knex, documents: { id: number; fileId: number }[], params: Params) {
  return dropDocuments(app, db, 'tender_documents', documents, params)
}

/**
 * `GET tender-documents/:id/content`: the file of a tender document, as an attachment, for
 * whoever may read the tender (a vendor: once invited to it, never another tender's).
 */
export class TenderDocumentContentService extends RecordDocumentContentService {
  constructor(app: Application) {
    super(app, tenderDocumentsOf)
  }
}
