import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { caslAllows } from '../../../../kit/access.js'
import { RecordDocumentContentService, RecordDocumentService, type DocumentParams, type RecordDocuments } from '../../../../services/files/record-documents.js'
import { projectOf } from '../project-parts/project-parts.js'
import { projectToControl } from '../tenant-project-inspections/project-to-control.js'
import { readsAsStaff } from './post-fitout.access.js'
import { postFitoutSubmissionsPath, type PostFitoutFileKind } from './post-fitout.shared.js'
import { postFitoutWorkflow } from './post-fitout.workflow.js'

/**
 * Whether the caller may file or remove a file of this kind on the round: a letter, staff holding
 * `update` on the round; a document, the tenant's side that may update the project (spec §6
 * "update equals read": its master account, TenantProject accounts, its listed users).
 */
const mayChange = (round: any, kind: PostFitoutFileKind, params: DocumentParams) =>
  !params.provider ||
  (kind === 'LETTER'
    ? readsAsStaff(params) && caslAllows(params, 'update', postFitoutSubmissionsPath, round)
    : !readsAsStaff(params) && caslAllows(params, 'update', 'tenant-projects', projectOf(round)))

/**
 * A post-fit-out round's files (spec §3 "Post-fitout submission ... letters"), as documents of the
 * round (services/files/record-documents.ts: the region's upload settings decide count, size and
 * types): LETTER, staff's letters; DOCUMENT, the tenant's uploads for the review. Read by whoever
 * reads the round; filed and removed, each kind by its side, while the round is under review and
 * the project open.
 */
export const postFitoutFilesOf: RecordDocuments<any> = {
  table: 'tenant_project_post_fitout_files',
  ownerColumn: 'submissionId',
  ownerResource: postFitoutSubmissionsPath,
  fields: ['kind', 'description'],
  filters: ['kind'],
  readOwner: (app, id, params) => app.service(postFitoutSubmissionsPath).get(Number(id) || 0, { ...params, query: {} } as any),
  changeOwner: async (app, id, params) => {
    const db = params.transaction?.trx ?? app.get('knex')
    const round = await app.service(postFitoutSubmissionsPath).get(Number(id) || 0, { ...params, query: {} } as any)
    await db('tenant_project_post_fitout_submissions').where({ id: round.id }).forShare().first('id')
    if (!postFitoutWorkflow.isIn('current', round.status)) throw appError(409, 'POST_FITOUT_COMPLETED')
    await projectToControl(db, round.projectId, params, 'tenant-projects', 'read')
    return round
  }
}

export class PostFitoutFileService extends RecordDocumentService {
  constructor(options: any, app: Application) {
    super(options, app, postFitoutFilesOf)
  }

  async create(input: any, params: DocumentParams = {}): Promise<any> {
    const round = await this.ownerToChange(String(input.submissionId), params)
    const kind: PostFitoutFileKind = input.kind ?? (readsAsStaff(params) ? 'LETTER' : 'DOCUMENT')
    if (!mayChange(round, kind, params)) throw appError(403, 'FORBIDDEN')
    const description = String(input.description ?? '').trim()
    return this.store(round, { projectId: round.projectId, tenancyId: round.tenancyId, kind, description }, params, description || null)
  }

  async remove(id: any, params: DocumentParams = {}): Promise<any> {
    const document = await this.lockForWrite(id, params)
    const round = await this.ownerToChange(String(document.submissionId), params)
    if (!mayChange(round, document.kind, params)) throw appError(403, 'FORBIDDEN')
    return super.remove(id, params)
  }
}

export class PostFitoutFileContentService extends RecordDocumentContentService {
  constructor(app: Application) {
    super(app, postFitoutFilesOf)
  }
}
