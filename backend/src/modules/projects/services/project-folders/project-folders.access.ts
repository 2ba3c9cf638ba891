import type { Params } from '@feathersjs/feathers'
import { subject } from '@casl/ability'
import type { Channel } from '@feathersjs/transport-commons'
import type { Knex } from 'knex'
import type { Application, HookContext } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { recordDocumentReaders } from '../../../../services/files/record-documents.js'
import { narrowProjects, projectEventReaders, readsProjectOfPart, type ProjectPart } from '../projects/projects.access.js'
import { defineAccess } from '../../../../kit/access.js'
import { projectFoldersPath } from './project-folders.shared.js'
import { projectWorkflow } from '../projects/project.workflow.js'

/*
 * Who reads and files a project's document folders and their documents, in one place. A folder
 * is the project's, read through the project (spec §6 "Project access"):
 * - read (folders, documents, a file's content): whoever reads the project (projects.access:
 *   staff by their rule and location, the project's vendor once activated, its main contractor's
 *   user); a project the caller does not read is 404, like the project itself; no `projects`
 *   read rule at all is 403 first;
 * - file (name a folder, upload, remove a document): `project-documents:create` on the project
 *   (own: the vendor of its company, the staff in charge), `delete` to remove; a vendor removes
 *   only what it uploaded;
 * - decide (approve, reject with a reason): `project-documents:approve` (own: the staff in charge);
 * - live events: the project's readers (projectEventReaders), nobody else.
 * Every answer about a folder or document id comes after these checks.
 */

/** A project's documents are kept while it runs and in its defects liability period: not on a draft or a cancelled one. */
export const filedIn = (status: string) => projectWorkflow.isIn('vendorVisible', status) && status !== 'CANCELLED'

/** The project's "own" columns as a `project-documents` subject. */
export const folderSubject = (project: { companyId?: number | null; managedBy?: number | null; id?: string }) =>
  subject('project-documents', { companyId: project.companyId ?? null, managedBy: project.managedBy ?? null, projectId: project.id })

/** Before reads: an external caller needs a `projects` read rule at all (403 before any record). */
export const mayReadFolders = async (context: HookContext) => {
  const { params } = context
  if (params.provider && !params.ability?.can('read', 'projects')) throw appError(403, 'FORBIDDEN')
  return context
}

/** Before filing: an external caller needs some `project-documents:create` rule (403 before any record). */
export const mayFile = async (context: HookContext) => {
  const { params } = context
  if (params.provider && !params.ability?.can('create', 'project-documents')) throw appError(403, 'FORBIDDEN')
  return context
}

/** Before a decision: some `project-documents:approve` rule (403 before any record). */
export const mayDecide = async (context: HookContext) => {
  const { params } = context
  if (params.provider && !params.ability?.can('approve', 'project-documents')) throw appError(403, 'FORBIDDEN')
  return context
}

/** The rows (folders or documents) of the projects the caller reads. */
export function narrowByProject(query: Knex.QueryBuilder, table: string, params: Params, db: Knex): Knex.QueryBuilder {
  if (!params.provider) return query
  return query.whereIn(`${table}.projectId`, narrowProjects(db('projects').select('projects.id'), params, db))
}

/** The project as the caller reads it, through the projects service (404 for one they do not read). */
export async function readProjectAs(app: Application, projectId: string, params: Params): Promise<any> {
  const { query: _q, route: _r, casl: _c, files: _f, transaction: _t, afterCommit: _a, lockedRecord: _l, ...caller } = params as any
  try {
    return await app.service('projects').get(projectId, { ...caller, query: {} })
  } catch (error: any) {
    if (error?.code === 403 || error?.code === 404) throw appError(404, 'NOT_FOUND')
    throw error
  }
}

/** 403 unless the external caller may take `action` (create, delete, approve) on this project's documents. */
export function assertMayOnFolders(params: Params, action: 'create' | 'delete' | 'approve', project: Record<string, any>) {
  if (params.provider && !(params as any).ability?.can(action, folderSubject(project))) throw appError(403, 'FORBIDDEN')
}

/** Live events of a folder or a document: the connections that read its project, each sent the row. */
export const folderEventReaders = (app: Application, data: any, context: HookContext): Promise<Channel[]> =>
  recordDocumentReaders(app, data, context, { table: 'projects', path: 'projects', column: 'projectId', readers: projectEventReaders })

/**
 * The folders' access contract (kit/access.ts): read by whoever reads their project (the row's
 * copy of its readers); decided (approve, reject) by `project-documents:approve` on the project.
 * A folder is never edited, only decided on, so no one locks one for an edit.
 */
export const projectFoldersAccess = defineAccess<ProjectPart & Record<string, unknown>>({
  subject: projectFoldersPath,
  narrow: (query, caller, db) => narrowByProject(query, 'project_folders', caller, db),
  read: (folder, caller) => readsProjectOfPart(folder, caller),
  act(folder, action, caller) {
    if (!caller.provider) return true
    if (action !== 'approve' && action !== 'reject') return false
    const readers = folder.projectReaders ?? {}
    return Boolean((caller as any).ability?.can('approve', folderSubject({ id: folder.projectId, companyId: readers.companyId, managedBy: readers.managedBy })))
  },
  readers: folderEventReaders
})
