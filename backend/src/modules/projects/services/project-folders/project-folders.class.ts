import { MethodNotAllowed } from '@feathersjs/errors'
import type { Id } from '@feathersjs/feathers'
import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { WorkflowKnexService, type WorkflowParams } from '../../../../kit/workflow-runner.js'
import { assertMayOnFolders, filedIn } from './project-folders.access.js'
import { folderWorkflow, type FolderAction } from './project-folder.workflow.js'
import { mailFolderDecision } from './project-folders.mail.js'
import type { ProjectFolderData } from './project-folders.schema.js'

const UNIQUE_VIOLATION = '23505'

/**
 * A project's document folders (spec §4 folders): the vendor names them and files documents in
 * them (project-documents), the staff in charge approve or reject each (folder workflow). Every
 * external write runs inside the audited write (lock as the caller reads, 428/410, audit row,
 * event after the commit).
 */
export class ProjectFolderService extends WorkflowKnexService<any> {
  readonly lockChecksAccess = true

  constructor(options: any, app: Application) {
    super(options, app, { resource: 'project-documents' })
  }

  createQuery(params: WorkflowParams = {}) {
    const query = super.createQuery(params)
    if (!(params.query as any)?.$sort) query.orderBy('project_folders.id')
    return query
  }

  /** The audited write locks before the method runs: a caller who may decide on no folder hears 403 first (the only writes of a folder are decisions). */
  async lockForWrite(id: string | number, params: WorkflowParams): Promise<any> {
    if (params.provider && !params.ability?.can('approve', 'project-documents')) throw appError(403, 'FORBIDDEN')
    return super.lockForWrite(id, params)
  }

  async find(params: WorkflowParams = {}) {
    return super._find(params as any)
  }

  async get(id: Id, params: WorkflowParams = {}) {
    return super._get(id, params as any)
  }

  /** A folder on a project the caller files on (its project read first: resolveReferences), while the project runs. */
  async create(input: any, params: WorkflowParams = {}): Promise<any> {
    const data = input as ProjectFolderData
    if (Array.isArray(input)) throw new MethodNotAllowed('Can not create multiple entries')
    const db = this.conn(params)
    const project = await db('projects').where({ id: data.projectId }).forShare().first()
    if (!project || (params.region && project.region !== params.region)) throw appError(400, 'REFERENCE_INVALID', { field: 'projectId' })
    assertMayOnFolders(params, 'create', project)
    if (!filedIn(project.status)) throw appError(409, 'INVALID_TRANSITION', { status: project.status, action: 'documents' })
    try {
      const [created] = await db('project_folders').insert({ region: project.region, projectId: project.id, name: data.name.trim(), status: 'DRAFT', createdBy: params.user?.id ?? null }, '*')
      return created
    } catch (error: any) {
      if (error?.code === UNIQUE_VIOLATION) throw appError(409, 'FOLDER_NAME_IN_USE', { name: data.name.trim() })
      throw error
    }
  }

  approve(data: { id: number }, params: WorkflowParams = {}) {
    return this.decide(data.id, 'approve', null, params)
  }

  reject(data: { id: number; reason: string }, params: WorkflowParams = {}) {
    return this.decide(data.id, 'reject', data.reason.trim(), params)
  }

  /** The staff in charge decide on a folder of a running project (`project-documents:approve` on it). */
  private decide(id: number, action: FolderAction, reason: string | null, params: WorkflowParams) {
    return this.runTransition({
      id,
      action,
      params,
      workflow: folderWorkflow,
      related: (db, folder: any) => db('projects').where({ id: folder.projectId }).first(),
      authorize: (_folder, project: any) => assertMayOnFolders(params, 'approve', project),
      precheck: (_folder, project: any) => {
        if (!filedIn(project.status)) throw appError(409, 'INVALID_TRANSITION', { status: project.status, action: 'documents' })
      },
      facts: (folder: any, project: any) => ({ ...folder, managedBy: project.managedBy, companyId: project.companyId }),
      // The vendor's accounts hear of the decision once it is committed.
      apply: async (db, folder: any, project: any, to) => {
        await mailFolderDecision(this.app, params, db, project, folder, to as 'APPR' | 'REJECTED', reason)
        return {}
      },
      write: (to) => ({ status: to, reason, decidedBy: params.user?.id ?? null, decidedAt: new Date() })
    })
  }
}
