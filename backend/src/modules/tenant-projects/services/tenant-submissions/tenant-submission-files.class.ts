import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { callerOf } from '../../../../kit/workflow-runner.js'
import { RecordDocumentContentService, RecordDocumentService, dropDocuments, type DocumentParams, type RecordDocuments } from '../../../../services/files/record-documents.js'
import { worksOnProject, type SubmissionActor } from './tenant-submission.workflow.js'

const flag = (value: unknown) => value === true || value === 'true'

/** The batch, locked, when the caller may file on it: works on its project (403), and the batch awaits its files (409). */
async function batchToFile(app: Application, id: string, params: DocumentParams) {
  const db = params.transaction?.trx ?? app.get('knex')
  const batch = await db('tenant_submissions')
    .where({ id: Number(id) || 0 })
    .modify((q) => {
      if (params.region) q.where({ region: params.region })
    })
    .forUpdate()
    .first()
  if (!batch) throw appError(404, 'NOT_FOUND')
  // Read first (404 for a stranger), then whether the caller files on it.
  await app.service('tenant-submissions').get(batch.id, { ...params, query: {} } as any)
  if (params.provider && !worksOnProject(batch, callerOf(params) as SubmissionActor)) throw appError(403, 'FORBIDDEN')
  if (batch.status !== 'STARTED' && batch.status !== 'UPDATE_PENDING') throw appError(409, 'SUBMISSION_ALREADY_SENT', { status: batch.status })
  return batch
}

/**
 * A batch's files (spec §3 "batches (batchNum, filename, metaData with submitted, isNa, isDesign,
 * isTechnical, submittedDate)"; §5 "one file type must be chosen; document type and description
 * cannot be edited after submission"), as documents of the batch (services/files/record-documents.ts:
 * the region's upload settings decide count, size and types). Read by whoever reads the batch; filed
 * by the project's people while the batch awaits them; a sent file is frozen (409).
 */
export const submissionFilesOf: RecordDocuments<any> = {
  table: 'tenant_submission_files',
  ownerColumn: 'submissionId',
  ownerResource: 'tenant-submissions',
  readOwner: (app, id, params) => app.service('tenant-submissions').get(Number(id) || 0, { ...params, query: {} } as any),
  changeOwner: (app, id, params) => batchToFile(app, id, params)
}

export class TenantSubmissionFileService extends RecordDocumentService {
  constructor(options: any, app: Application) {
    super(options, app, submissionFilesOf)
  }

  async create(input: any, params: DocumentParams = {}): Promise<any> {
    const batch = await this.ownerToChange(String(input.submissionId), params)
    const types = { isDesign: flag(input.isDesign), isTechnical: flag(input.isTechnical) }
    if (!types.isDesign && !types.isTechnical) throw appError(400, 'SUBMISSION_FILE_TYPE_REQUIRED')
    const description = String(input.description ?? '').trim()
    return this.store(batch, { projectId: batch.projectId, tenancyId: batch.tenancyId, docType: input.docType, description, ...types, isNa: flag(input.isNa) }, params, description || null)
  }

  /** A file's type, description and flags, while it is not yet submitted. */
  async patch(id: any, data: any, params: DocumentParams = {}): Promise<any> {
    const db = this.conn(params)
    const file = await this.lockForWrite(id, params)
    await this.ownerToChange(String(file.submissionId), params)
    if (file.submitted) throw appError(409, 'SUBMISSION_FILE_SUBMITTED')
    const next = { isDesign: data.isDesign ?? file.isDesign, isTechnical: data.isTechnical ?? file.isTechnical }
    if (!next.isDesign && !next.isTechnical) throw appError(400, 'SUBMISSION_FILE_TYPE_REQUIRED')
    const changes: Record<string, unknown> = { ...next, updatedAt: new Date() }
    if (data.docType !== undefined) changes.docType = data.docType
    if (data.description !== undefined) changes.description = String(data.description).trim()
    if (data.isNa !== undefined) changes.isNa = data.isNa
    await db('tenant_submission_files').where({ id: file.id }).update(changes)
    return this.answered(db, file.id)
  }

  /** A file leaves its batch only before it is submitted. */
  async remove(id: any, params: DocumentParams = {}): Promise<any> {
    const db = this.conn(params)
    const file = await this.lockForWrite(id, params)
    await this.ownerToChange(String(file.submissionId), params)
    if (file.submitted) throw appError(409, 'SUBMISSION_FILE_SUBMITTED')
    const removed = await this.answered(db, file.id)
    await dropDocuments(this.app, db, 'tenant_submission_files', [file], params)
    return removed
  }
}

export class TenantSubmissionFileContentService extends RecordDocumentContentService {
  constructor(app: Application) {
    super(app, submissionFilesOf)
  }
}
