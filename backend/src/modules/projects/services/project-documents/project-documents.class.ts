import type { Knex } from 'knex'
import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { portalOf } from '../../../../abilities/permissions.shared.js'
import { announceChanged } from '../../../../hooks/audited-write.js'
import { isoDay, calendarDay } from '../../../../format/format.shared.js'
import {
  checkDocumentDescription,
  checkedPeriod,
  describedDocumentChanges,
  dropDocuments,
  RecordDocumentContentService,
  RecordDocumentService,
  type DocumentParams,
  type RecordDocuments
} from '../../../../services/files/record-documents.js'
import { assertMayOnFolders, filedIn, readProjectAs } from '../project-folders/project-folders.access.js'
import { folderWorkflow } from '../project-folders/project-folder.workflow.js'
import { projectFoldersPath } from '../project-folders/project-folders.shared.js'
import { effectiveStateOn, projectDocumentDescriptionMax } from './project-documents.shared.js'
import type { ProjectDocument, ProjectDocumentData, ProjectDocumentPatch } from './project-documents.schema.js'

/** A DATE column as the calendar day it is (YYYY-MM-DD), or null. */
const asDay = (value: unknown) => (value == null ? null : isoDay(value))

const asDocument = (row: any): ProjectDocument => ({ ...row, effectiveDate: asDay(row.effectiveDate), effectiveUntil: asDay(row.effectiveUntil) })

/**
 * The documents of a project, filed in its folders, as documents of a record
 * (services/files/record-documents.ts: the region's upload settings decide count, size and types).
 * Who reads the project reads them; who files on it (project-folders.access.ts) uploads into a
 * folder awaiting a decision or sent back, and removes what they filed there.
 */
export const projectDocumentsOf: RecordDocuments<any, ProjectDocument> = {
  table: 'project_documents',
  ownerColumn: 'projectId',
  ownerResource: 'projects',
  filters: ['folderId'],
  authorize(params, action) {
    const allowed = action === 'read' ? params.ability?.can('read', 'projects') : params.ability?.can('create', 'project-documents')
    if (!allowed) throw appError(403, 'FORBIDDEN')
  },
  readOwner: (app, id, params) => readProjectAs(app, id, params),
  async changeOwner(app, id, params) {
    const project = await readProjectAs(app, id, params)
    assertMayOnFolders(params, 'create', project)
    if (!filedIn(project.status)) throw appError(409, 'INVALID_TRANSITION', { status: project.status, action: 'documents' })
    return project
  },
  asDocument
}

export class ProjectDocumentService extends RecordDocumentService<ProjectDocument> {
  constructor(options: any, app: Application) {
    super(options, app, projectDocumentsOf)
  }

  /** The project's documents (of one folder); with `effectiveOnly` those in effect today on the region's calendar (the end day counts whole). */
  async find(params: DocumentParams = {}): Promise<any> {
    this.authorizeCall(params, 'read')
    const { projectId, folderId, effectiveOnly } = (params.query ?? {}) as { projectId: string; folderId?: number; effectiveOnly?: boolean }
    const project = await this.ownerAsRead(projectId, params)
    let data = await this.documentsOf(this.conn(params), project.id, { folderId })
    if (effectiveOnly) {
      const today = calendarDay(new Date(), (await this.app.get('regionCache').get(project.region))?.timeZone ?? 'UTC')
      data = data.filter((document) => effectiveStateOn(document, today) === 'EFFECTIVE')
    }
    return { total: data.length, limit: data.length, skip: 0, data }
  }

  /**
   * Uploads (multipart) files into a folder with a description and an effective period. The folder
   * must await a decision; a rejected one goes back to DRAFT for another look (announced).
   */
  async create(input: any, params: DocumentParams = {}): Promise<any> {
    this.authorizeCall(params, 'change')
    const data = input as ProjectDocumentData
    const project = await this.ownerToChange(data.projectId, params)
    checkDocumentDescription(data.description, projectDocumentDescriptionMax)
    const period = checkedPeriod(data)
    const db = this.conn(params)
    const folder = await db('project_folders')
      .where({ id: Number(data.folderId), projectId: project.id })
      .forUpdate()
      .first()
    if (!folder) throw appError(400, 'REFERENCE_INVALID', { field: 'folderId' })
    if (!folderWorkflow.isIn('filing', folder.status)) throw appError(409, 'FOLDER_DECIDED', { name: folder.name })
    const description = data.description?.trim() || null
    const created = await this.store(project, { folderId: folder.id, description, ...period }, params, description)
    await this.resubmitIfRejected(folder, params)
    return created
  }

  /**
   * Changes a filed document's description or effective period (the period as it will be: 400
   * when it ends before it starts), by whoever files on the project (project-folders.access.ts):
   * while its folder awaits a decision or was sent back, a vendor only what it uploaded. Like an upload, a change in a rejected
   * folder sends it back to DRAFT for another look (announced).
   */
  async patch(id: any, data: ProjectDocumentPatch, params: DocumentParams = {}): Promise<any> {
    this.authorizeCall(params, 'change')
    const db = this.conn(params)
    const document = await this.lockForWrite(id, params)
    await this.ownerToChange(String(document.projectId), params)
    this.assertUploaderOrStaff(document, params)
    const folder = await this.folderForFiling(db, document.folderId)
    const changes = describedDocumentChanges(asDocument(document), data, projectDocumentDescriptionMax)
    await db('project_documents').where({ id: document.id }).update(changes)
    await this.resubmitIfRejected(folder, params)
    return this.answered(db, document.id)
  }

  /** Removes a document from a folder awaiting a decision; a vendor removes only what it uploaded. */
  async remove(id: any, params: DocumentParams = {}): Promise<any> {
    this.authorizeCall(params, 'change')
    const db = this.conn(params)
    const document = await this.lockForWrite(id, params)
    const project = await this.ownerToChange(String(document.projectId), params)
    assertMayOnFolders(params, 'delete', project)
    this.assertUploaderOrStaff(document, params)
    await this.folderForFiling(db, document.folderId)
    const removed = await this.answered(db, document.id)
    await dropDocuments(this.app, db, 'project_documents', [document], params)
    return removed
  }

  /** A vendor changes only what it uploaded (not another user's of its company); staff in charge change any. */
  private assertUploaderOrStaff(document: { uploadedBy: number | null }, params: DocumentParams) {
    if (params.provider && portalOf(params.user?.userType ?? 0) !== 'staff' && document.uploadedBy !== params.user?.id) throw appError(403, 'FORBIDDEN')
  }

  /** The document's folder, locked, while documents are filed in it (409 FOLDER_DECIDED once approved). */
  private async folderForFiling(db: Knex, folderId: number) {
    const folder = await db('project_folders').where({ id: folderId }).forUpdate().first()
    if (!folderWorkflow.isIn('filing', folder?.status)) throw appError(409, 'FOLDER_DECIDED', { name: folder?.name })
    return folder
  }

  /** A rejected folder goes back to DRAFT with the next filing in it (project-folder.workflow.ts `resubmit`), announced. */
  private async resubmitIfRejected(folder: { id: number; status: string }, params: DocumentParams) {
    if (folder.status !== 'REJECTED') return
    await this.conn(params)('project_folders')
      .where({ id: folder.id })
      .update({ status: folderWorkflow.next(folder.status as any, 'resubmit'), updatedAt: new Date() })
    announceChanged(this.app, projectFoldersPath, [folder.id], params)
  }
}

/** `GET project-documents/:id/content`: the file, as an attachment, for whoever reads the project. */
export class ProjectDocumentContentService extends RecordDocumentContentService {
  constructor(app: Application) {
    super(app, projectDocumentsOf)
  }
}
