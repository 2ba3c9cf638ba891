// One file on purpose (issue 28): one platform mechanism (a record's documents: the service, their
// content and who reads them), which a module takes whole.
/*
 * Documents of a record: files that belong to one record of a module (a tender's attachments, a
 * green operation record's bills, a project's drawings), stored through the files service, so
 * every upload meets the region's upload settings (`upload.maxCount`, `upload.maxSizeMb`,
 * `upload.types`, the type proved by the content: storage/check-upload.ts) and the bytes go when
 * the removal commits. Access is the record's: who reads the record reads its documents, who may
 * change the record's documents (the module says who) uploads and removes them. The module keeps
 * its own table (one row per file: the record's id, `fileId`, `region`, `uploadedBy`, and its
 * own columns such as a type or a description), so a document is a row the database checks.
 *
 * How a module uses it (worked examples: tenders' `tender-documents.class.ts` with a description,
 * an effective period and a patch; tenancies' `green-operation-documents.class.ts`, the plain case):
 *
 * 1. A migration for the table, e.g. `project_documents`: `id`, `region`, `project_id` (FK,
 *    on delete cascade is not enough: remove the files too, see `dropDocuments`), `file_id` (FK
 *    files), the module's columns, `uploaded_by`, `created_at`, `updated_at`.
 * 2. One declaration, in the service's `.class.ts`:
 *    ```ts
 *    export const projectDocumentsOf: RecordDocuments<Project> = {
 *      table: 'project_documents',
 *      ownerColumn: 'projectId',                     // the row's column, the list's and the upload's field
 *      ownerResource: 'projects',                    // stamped on each file (files.ownerResource)
 *      fields: ['docType'],                          // upload fields copied onto each row
 *      filters: ['docType'],                         // list filters by equality
 *      // Before anything else, external calls only: 403 unless the caller may take the action at all.
 *      authorize: (params, action) => assertMayProject(params, action === 'read' ? 'read' : 'update'),
 *      // The record as the caller reads it, through its own service (and its access file).
 *      readOwner: (app, id, params) => readProjectAs(app, id, params),
 *      // Optional: the record locked for a change of its documents (403, 404, 409 for a closed one).
 *      changeOwner: (app, id, params) => editableProject(app, id, params)
 *    }
 *    export class ProjectDocumentService extends RecordDocumentService {
 *      constructor(options: any, app: Application) { super(options, app, projectDocumentsOf) }
 *    }
 *    export class ProjectDocumentContentService extends RecordDocumentContentService {
 *      constructor(app: Application) { super(app, projectDocumentsOf) }
 *    }
 *    ```
 *    Override `find`, `create` or add `patch` for more (tenders: effective-period filters, a
 *    description checked before the upload); build them from `ownerAsRead`, `ownerToChange`,
 *    `documentsOf`, `store`, `lockForWrite` and `answered`. A described, dated document (a
 *    description and an effective period) checks its upload with `checkDocumentDescription` and
 *    `checkedPeriod`, and its patch with `describedDocumentChanges`.
 * 3. Registration, in the service's `.ts`: `app.use(path, new ProjectDocumentService({ Model:
 *    app.get('knex'), name: 'project_documents', paginate: app.get('paginate') }, app), { methods:
 *    ['find', 'create', 'remove'], regional: true, feature, uploads: true })` (`uploads` lets a
 *    multipart body through, request-body.ts), a data validator of the upload's fields
 *    (the owner's id as a string: multipart) and a query validator of the list's;
 *    `publish((data, context) => recordDocumentReaders(app, data, context, { table: 'projects',
 *    path: 'projects', column: 'projectId' }))` so a document's events reach the record's readers;
 *    and `app.use('project-documents/:id/content', new ProjectDocumentContentService(app), {
 *    methods: ['find'], feature, koa: { after: [sendFileContent] } })` for the download.
 * 4. When the record is removed, `dropDocuments(app, db, table, documents, params)` in the same
 *    transaction.
 * Test the denials over HTTP (another tenancy, another vendor, staff without the grant, another
 * region) as `modules/tenancies/test/green-operations.test.ts` does.
 */
import type { KnexAdapterParams } from '@feathersjs/knex'
import type { Params } from '@feathersjs/feathers'
import { Channel } from '@feathersjs/transport-commons'
import type { Knex } from 'knex'
import type { Application, HookContext } from '../../declarations.js'
import { readersOf } from '../../kit/channels.js'
import { appError } from '../../errors.js'
import { recordFileContent } from './record-file-content.js'
import { PortalKnexService } from '../../kit/knex-service.js'
import { isValidPeriod, type EffectivePeriod } from './effective-period.shared.js'

export type DocumentParams = KnexAdapterParams & Params & { route?: Record<string, string> }

/** The record that owns documents, as its service answers it: at least its id and region. */
export interface DocumentOwner {
  id: number | string
  region: string
  [field: string]: unknown
}

/** What a module declares about the documents of one kind of record (see the header). */
export interface RecordDocuments<Owner extends DocumentOwner = DocumentOwner, Document = any> {
  /** The documents table: one row per file. */
  table: string
  /** The row's column naming the record (as knex answers it: `tenderId`); also the list's and the upload's field. */
  ownerColumn: string
  /** The record's resource, stamped on each stored file (`files.ownerResource`). */
  ownerResource: string
  /** Upload fields copied onto each row (a document type...). */
  fields?: readonly string[]
  /** List filters by equality on the row's columns. */
  filters?: readonly string[]
  /** External calls, before anything else: throw (403) unless the caller may read or change such documents at all. */
  authorize?: (params: Params, action: 'read' | 'change') => void
  /** The record as the caller reads it (throw 403/404 otherwise); internal calls read it too. */
  readOwner: (app: Application, ownerId: string, params: DocumentParams) => Promise<Owner>
  /** The record, locked, when the caller may change its documents (403/404/409 otherwise); without it, reading the record is enough. */
  changeOwner?: (app: Application, ownerId: string, params: DocumentParams) => Promise<Owner>
  /** A row as answered (dates as days...); as stored without it. */
  asDocument?: (row: any) => Document
}

/** The columns of an answered document: the row with its file's name, type and size. */
const columnsOf = (table: string) => [`${table}.*`, 'files.name', 'files.mimeType', 'files.size']

const connOf = (app: Application, params: DocumentParams): Knex => params.transaction?.trx ?? app.get('knex')

/** Any refusal of the record as 404 NOT_FOUND (the document's id says nothing of it); other errors as they are. */
const asNotFound = (error: any): never => {
  if (error?.code === 404 || error?.code === 403 || error?.data?.code === 'FORBIDDEN') throw appError(404, 'NOT_FOUND')
  throw error
}

/** The fields of a described, dated document that an upload sets and a patch changes (dates as YYYY-MM-DD; empty is open). */
export interface DescribedDocumentFields {
  description?: string | null
  effectiveDate?: string | null
  effectiveUntil?: string | null
}

/** An empty date field (a cleared picker, an empty form field) as an open end. */
const dayOrNull = (value: string | null | undefined) => (value ? value : null)

/** 400 DESCRIPTION_TOO_LONG beyond `max` characters, counted as people count them (an emoji is one). */
export function checkDocumentDescription(description: string | null | undefined, max: number) {
  if ([...String(description ?? '')].length > max) throw appError(400, 'DESCRIPTION_TOO_LONG', { max })
}

/** 400 EFFECTIVE_PERIOD_INVALID when the period's last day is before its first (either may be open). */
function checkPeriod(period: EffectivePeriod) {
  if (!isValidPeriod(period)) throw appError(400, 'EFFECTIVE_PERIOD_INVALID', { from: period.effectiveDate, until: period.effectiveUntil })
}

/** The effective period an upload gives its documents, checked (400 EFFECTIVE_PERIOD_INVALID). */
export function checkedPeriod(data: DescribedDocumentFields): { effectiveDate: string | null; effectiveUntil: string | null } {
  const period = { effectiveDate: dayOrNull(data.effectiveDate), effectiveUntil: dayOrNull(data.effectiveUntil) }
  checkPeriod(period)
  return period
}

/**
 * The changes a patch of a described, dated document makes, checked: the description (trimmed,
 * empty as none, at most `max` characters) and the dates it names, with the period as it will be
 * (a changed end against the stored start, and the other way round). `stored` is the document as
 * answered (its dates as days). Fields the patch leaves out stay as they are.
 */
export function describedDocumentChanges(stored: EffectivePeriod, data: DescribedDocumentFields, max: number): Record<string, unknown> {
  checkDocumentDescription(data.description, max)
  const changes: Record<string, unknown> = { updatedAt: new Date() }
  if (data.description !== undefined) changes.description = data.description?.trim() || null
  const effectiveDate = data.effectiveDate !== undefined ? dayOrNull(data.effectiveDate) : (stored.effectiveDate ?? null)
  const effectiveUntil = data.effectiveUntil !== undefined ? dayOrNull(data.effectiveUntil) : (stored.effectiveUntil ?? null)
  checkPeriod({ effectiveDate, effectiveUntil })
  if (data.effectiveDate !== undefined) changes.effectiveDate = effectiveDate
  if (data.effectiveUntil !== undefined) changes.effectiveUntil = effectiveUntil
  return changes
}

/** Drops documents of a record and their files (the bytes once the transaction commits). */
export async function dropDocuments(app: Application, db: Knex, table: string, documents: readonly { id: number; fileId: number }[], params: Params) {
  if (!documents.length) return
  await db(table)
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
 * The documents service of one kind of record: list (`find` with the record's id and the declared
 * filters), upload (`create`, multipart), remove, and `lockForWrite` for the audited write, each
 * through the record's access as declared. Oldest first.
 */
export class RecordDocumentService<Document = any, Owner extends DocumentOwner = DocumentOwner> extends PortalKnexService<Document> {
  constructor(
    options: any,
    protected app: Application,
    protected documents: RecordDocuments<Owner, Document>
  ) {
    super(options)
  }

  protected conn(params: DocumentParams): Knex {
    return connOf(this.app, params)
  }

  protected authorizeCall(params: DocumentParams, action: 'read' | 'change') {
    if (params.provider) this.documents.authorize?.(params, action)
  }

  /** Documents joined with their files. */
  protected rows(db: Knex) {
    const { table } = this.documents
    return db(table).join('files', 'files.id', `${table}.fileId`)
  }

  protected asDocument(row: any): Document {
    return this.documents.asDocument ? this.documents.asDocument(row) : row
  }

  /** One document as answered, read in the request's transaction. */
  async answered(db: Knex, id: number): Promise<Document> {
    return this.asDocument(await this.rows(db).where(`${this.documents.table}.id`, id).first(columnsOf(this.documents.table)))
  }

  /** The record as the caller reads it (the module's rule decides the answer to a refusal). */
  ownerAsRead(ownerId: string, params: DocumentParams): Promise<Owner> {
    return this.documents.readOwner(this.app, ownerId, params)
  }

  /** The record whose documents the caller changes: the module's `changeOwner`, else read. */
  ownerToChange(ownerId: string, params: DocumentParams): Promise<Owner> {
    return (this.documents.changeOwner ?? this.documents.readOwner)(this.app, ownerId, params)
  }

  /** The record's documents, oldest first, narrowed by column equality. */
  async documentsOf(db: Knex, ownerId: number | string, where: Record<string, unknown> = {}): Promise<Document[]> {
    const { table, ownerColumn } = this.documents
    const query = this.rows(db).where(`${table}.${ownerColumn}`, ownerId)
    for (const [column, value] of Object.entries(where)) if (value !== undefined) query.where(`${table}.${column}`, value)
    const rows: any[] = await query.orderBy(`${table}.id`).select(columnsOf(table))
    return rows.map((row) => this.asDocument(row))
  }

  /**
   * The document of a write, locked, once the caller reads its record (404 otherwise, as for an id
   * that does not exist): the audited write (hooks/audited-write.ts) answers its version only then.
   */
  async lockForWrite(id: any, params: DocumentParams) {
    // The audited write locks before the method runs: a caller who may change no such document hears 403 first.
    this.authorizeCall(params, 'change')
    const locked = (params as any).lockedRecord
    if (locked?.service === this && String(locked.record.id) === String(id)) return locked.record
    const document = await this.conn(params)(this.documents.table)
      .where({ id: Number(id) })
      .forUpdate()
      .first()
    if (!document || (params.region && document.region !== params.region)) throw appError(404, 'NOT_FOUND')
    if (params.provider) await this.ownerAsRead(String(document[this.documents.ownerColumn]), params).catch(asNotFound)
    return document
  }

  async _get(id: any): Promise<any> {
    const row = await this.rows(this.app.get('knex')).where(`${this.documents.table}.id`, Number(id)).first(columnsOf(this.documents.table))
    if (!row) throw appError(404, 'NOT_FOUND')
    return this.asDocument(row)
  }

  /** The record's documents (query: the record's id and the declared filters); not paged, a record has few. */
  async find(params: DocumentParams = {}): Promise<any> {
    this.authorizeCall(params, 'read')
    const query = (params.query ?? {}) as Record<string, unknown>
    const owner = await this.ownerAsRead(String(query[this.documents.ownerColumn]), params)
    const where = Object.fromEntries((this.documents.filters ?? []).map((column) => [column, query[column]]))
    const data = await this.documentsOf(this.conn(params), owner.id, where)
    return { total: data.length, limit: data.length, skip: 0, data }
  }

  /** Uploads (multipart) one or more files to the record, each a document with the declared fields. */
  async create(input: any, params: DocumentParams = {}): Promise<any> {
    this.authorizeCall(params, 'change')
    const data = input as Record<string, unknown>
    const owner = await this.ownerToChange(String(data[this.documents.ownerColumn]), params)
    const columns = Object.fromEntries((this.documents.fields ?? []).map((field) => [field, data[field]]))
    return this.store(owner, columns, params)
  }

  /**
   * Stores the request's files through the files service (the region's upload settings decide
   * how many, how large and which types; 400 FILE_MISSING without any) and a row for each, with
   * `columns`; the file records carry `fileDescription`.
   */
  async store(owner: Owner, columns: Record<string, unknown>, params: DocumentParams, fileDescription: string | null = null): Promise<Document[]> {
    const db = this.conn(params)
    const uploadedBy = params.user?.id ?? null
    const files: any[] = await this.app
      .service('files')
      .create(
        { region: owner.region, ownerResource: this.documents.ownerResource, ownerId: String(owner.id), description: fileDescription, uploadedBy } as any,
        { files: params.files, transaction: params.transaction, afterCommit: params.afterCommit } as any
      )
    const created: Document[] = []
    for (const file of files) {
      const [{ id }] = await db(this.documents.table).insert({ region: owner.region, [this.documents.ownerColumn]: owner.id, fileId: file.id, ...columns, uploadedBy }, ['id'])
      created.push(await this.answered(db, id))
    }
    return created
  }

  /** Removes a document and its file, when the caller may change the record's documents. */
  async remove(id: any, params: DocumentParams = {}): Promise<any> {
    this.authorizeCall(params, 'change')
    const db = this.conn(params)
    const document = await this.lockForWrite(id, params)
    if (this.documents.changeOwner) await this.ownerToChange(String(document[this.documents.ownerColumn]), params)
    const removed = await this.answered(db, document.id)
    await dropDocuments(this.app, db, this.documents.table, [document], params)
    return removed
  }
}

/**
 * `GET <documents>/:id/content`: a document's file, as an attachment (with `sendFileContent` as
 * the route's koa `after`), for whoever reads its record.
 */
export class RecordDocumentContentService {
  constructor(
    protected app: Application,
    protected documents: Pick<RecordDocuments<any>, 'table' | 'ownerColumn' | 'authorize' | 'readOwner'>
  ) {}

  async find(params: DocumentParams = {}) {
    if (params.provider) this.documents.authorize?.(params, 'read')
    const db = this.app.get('knex')
    return recordFileContent(this.app, {
      id: params.route?.id,
      readRecord: async (id: number) => {
        const document = await db(this.documents.table).where({ id }).first()
        if (!document || (params.region && document.region !== params.region)) throw appError(404, 'NOT_FOUND')
        // The record's own read decides; the document row names its file.
        await this.documents.readOwner(this.app, String(document[this.documents.ownerColumn]), params)
        return document
      },
      fileIdOf: (document) => document.fileId
    })
  }
}

/**
 * Live events of a document: the connections that read its record, as the record's own service
 * publishes it (`readers`, the ability filter of channels.ts by default), each sent the document.
 * A record that publishes views (a vendor's) should filter the document likewise in its own function.
 */
export async function recordDocumentReaders(
  app: Application,
  document: any,
  context: HookContext,
  owner: { table: string; path: string; column: string; readers?: (app: Application, record: any, context: HookContext) => Channel[] | Promise<Channel[]> }
): Promise<Channel[]> {
  const ownerId = document?.[owner.column]
  if (ownerId == null) return []
  const record = await app.get('knex')(owner.table).where({ id: ownerId }).first()
  if (!record) return []
  // Asked as the record's event: the ability filter reads the context's path as the subject.
  const asRecord = { ...context, path: owner.path, service: (app as any).service(owner.path) } as HookContext
  const channels = await (owner.readers ?? readersOf)(app, record, asRecord)
  return [new Channel([...new Set(channels.flatMap((channel) => channel.connections))], document)]
}
