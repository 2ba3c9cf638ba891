import { MethodNotAllowed } from '@feathersjs/errors'
import type { Id, NullableId, Params } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { withTransaction } from '../../../../db/transaction.js'
import { caslAllows } from '../../../../kit/access.js'
import { WorkflowKnexService, type WorkflowParams } from '../../../../kit/workflow-runner.js'
import { RecordDocumentContentService, RecordDocumentService, type DocumentParams, type RecordDocuments } from '../../../../services/files/record-documents.js'
import { mailEach, projectLink, projectNames } from '../tenant-project-inspections/control-mail.js'
import { projectOf } from '../project-parts/project-parts.js'
import { folderActionTypes, folderTakesUploads, greenFitoutWorkflow, greenFolderWorkflow, type GreenFolderFacts, type GreenFolderState } from './green-fitout.workflow.js'
import { recordGreenHistory, reviewersOf } from './green-fitouts.class.js'

const UNIQUE_VIOLATION = '23505'
const CHECK_VIOLATION = '23514'

/** Spec §4 "approved/reviewed folders are locked": the database's trigger refuses a change of a decided folder's points; answered as 409. */
const lockedFolder = (error: any): never => {
  if (error?.code === CHECK_VIOLATION && error?.constraint === 'green_fitout_folders_locked') throw appError(409, 'GREEN_FOLDER_LOCKED')
  if (error?.code === UNIQUE_VIOLATION) throw appError(409, 'GREEN_FOLDER_EXISTS')
  throw error
}

/** The writer the points record names (migration 20261207001100: the database records every change of awarded points). */
const nameActor = (db: Knex, params: Params) => db.raw("select set_config('green_fitout.actor', ?, true)", [String(params.user?.id ?? '')])

const fitoutOf = (db: Knex, id: number) => db('green_fitouts').where({ id }).forShare().first()

/** A folder as its table's guards read it: with its scheme's state and hold, and its project for the tenant's side. */
const factsOf = (folder: any, fitout: any): GreenFolderFacts => ({ ...folder, fitoutStatus: fitout.status, fitoutOnHold: fitout.onHold, project: projectOf(folder) })

type FolderAction = 'submit' | 'approve' | 'reject' | 'updatePoints'

/**
 * A green fit-out's folders (spec §3 "folders with points; folder actions REJECT, APPROVE,
 * UPDATE_POINTS"; §4; issue 30 item 9): added by staff who may start the scheme (history
 * ADD_FORDER), each of a BEAM Plus Interiors category; the tenant uploads into them and hands them
 * in; reviewers set the points and approve or reject them (green-fitout.workflow.ts). Every change
 * of the awarded points is recorded by the database (who, old → new, when); a decided folder's
 * points stay (409 GREEN_FOLDER_LOCKED).
 */
export class GreenFitoutFolderService extends WorkflowKnexService<any> {
  readonly lockChecksAccess = true

  constructor(options: any, app: Application) {
    super(options, app, { resource: 'green-fitout-folders' })
  }

  async find(params: WorkflowParams = {}): Promise<any> {
    return super._find({ ...params, query: { $sort: { id: 1 }, ...(params.query ?? {}) } } as any)
  }

  async get(id: Id, params: WorkflowParams = {}): Promise<any> {
    return super._get(id, params as any)
  }

  async create(data: any, params: WorkflowParams = {}): Promise<any> {
    if (Array.isArray(data)) throw new MethodNotAllowed('Can not create multiple entries')
    return withTransaction(this.app.get('knex'), params, async (inner) => {
      const db = this.conn(inner)
      const fitout = await this.app.service('green-fitouts').get(data.greenFitoutId, { ...inner, query: {} } as any)
      if (!caslAllows(inner, 'start', 'green-fitouts', fitout)) throw appError(403, 'FORBIDDEN')
      const locked = await fitoutOf(db, fitout.id)
      if (!greenFitoutWorkflow.isIn('open', locked.status)) throw appError(409, 'GREEN_FITOUT_CLOSED', { status: locked.status })
      const [stored] = await db('green_fitout_folders')
        .insert(
          {
            region: locked.region,
            projectId: locked.projectId,
            greenFitoutId: locked.id,
            category: data.category,
            title: String(data.title).trim(),
            pointsClaimed: data.pointsClaimed ?? 0,
            createdBy: inner.user?.id ?? null
          },
          '*'
        )
        .catch(lockedFolder)
      await recordGreenHistory(db, locked, 'ADD_FORDER', inner, { folderId: stored.id, comment: stored.title })
      ;(inner as any).written = { service: this, record: stored }
      return stored
    })
  }

  /** A folder's title, category and claimed points while it is undecided: staff who may start the scheme; the tenant its claim. */
  async patch(id: NullableId, data: any, params: WorkflowParams = {}): Promise<any> {
    if (id === null) throw new MethodNotAllowed('Can not change multiple entries')
    return withTransaction(this.app.get('knex'), params, async (inner) => {
      const db = this.conn(inner)
      const folder = await this.lockForWrite(id, inner)
      const fitout = await fitoutOf(db, folder.greenFitoutId)
      const staff = caslAllows(inner, 'start', 'green-fitouts', folder)
      const tenantSide = caslAllows(inner, 'update', 'tenant-projects', projectOf(folder)) && Object.keys(data).every((field) => ['pointsClaimed', 'updatedAt', 'region'].includes(field))
      if (!staff && !tenantSide) throw appError(403, 'FORBIDDEN')
      if (greenFolderWorkflow.isIn('locked', folder.status)) throw appError(409, 'GREEN_FOLDER_LOCKED')
      if (!greenFitoutWorkflow.isIn('open', fitout.status)) throw appError(409, 'GREEN_FITOUT_CLOSED', { status: fitout.status })
      const { updatedAt: _version, region: _region, ...changes } = data
      if (typeof changes.title === 'string') changes.title = changes.title.trim()
      const [stored] = await db('green_fitout_folders')
        .where({ id: folder.id })
        .update({ ...changes, updatedAt: new Date() }, '*')
        .catch(lockedFolder)
      await recordGreenHistory(db, fitout, 'UPDATE', inner, { folderId: folder.id })
      ;(inner as any).written = { service: this, record: stored }
      return stored
    })
  }

  private act(action: FolderAction, data: { id: number; points?: number; reason?: string }, params: WorkflowParams) {
    return withTransaction(this.app.get('knex'), params, async (inner) => {
      const db = this.conn(inner)
      await nameActor(db, inner)
      const stored = await this.runTransition<any, GreenFolderState, GreenFolderFacts, any, any>({
        id: data.id,
        action,
        params: inner,
        workflow: greenFolderWorkflow,
        related: (conn, folder) => fitoutOf(conn, folder.greenFitoutId),
        authorize: (folder) => {
          const allowed = action === 'submit' ? caslAllows(inner, 'update', 'tenant-projects', projectOf(folder)) : caslAllows(inner, greenFolderWorkflow.permissionOf(action), 'green-fitouts', folder)
          if (!allowed) throw appError(403, 'FORBIDDEN')
        },
        precheck: (folder) => {
          if (action === 'updatePoints' && greenFolderWorkflow.isIn('locked', folder.status)) throw appError(409, 'GREEN_FOLDER_LOCKED')
        },
        facts: (folder, fitout) => factsOf(folder, fitout),
        write: (to, folder) => ({
          status: to,
          ...(action === 'updatePoints' || (action === 'approve' && data.points !== undefined) ? { pointsAwarded: data.points } : {}),
          ...(action === 'approve' && data.points === undefined && folder.pointsAwarded == null ? { pointsAwarded: folder.pointsClaimed } : {}),
          ...(action === 'reject' ? { reason: data.reason?.trim() ?? '' } : {}),
          ...(action === 'approve' || action === 'reject' ? { decidedBy: inner.user?.id ?? null, decidedAt: new Date() } : {}),
          ...(action === 'submit' ? { reason: '' } : {})
        })
      }).catch(lockedFolder)
      const fitout = await db('green_fitouts').where({ id: stored.greenFitoutId }).first()
      await recordGreenHistory(db, fitout, folderActionTypes[action], inner, {
        folderId: stored.id,
        comment: action === 'reject' ? stored.reason : action === 'updatePoints' ? String(stored.pointsAwarded) : ''
      })
      if (action === 'submit') await this.mailSubmitted(stored, inner)
      return stored
    })
  }

  private async mailSubmitted(folder: any, params: WorkflowParams) {
    const project = await projectNames(this.app.get('knex'), folder.projectId)
    if (!project) return
    return mailEach(this.app, params, await reviewersOf(this.app, project.region), 'green-fitout.folder-submitted', project.region, (recipient) => ({
      projectName: project.projectName,
      companyName: project.companyName ?? '',
      link: projectLink(this.app, params, recipient, project.id, 'greenFitout'),
      folderTitle: folder.title
    }))
  }

  /** The tenant hands the folder in (COMPLETED): a DRAFT one while the scheme is open, a rejected one while it is on hold. */
  submit(data: { id: number }, params: WorkflowParams = {}) {
    return this.act('submit', data, params)
  }

  /** Spec APPROVE: ACCEPTED, locked; with `points` the awarded points are set in the same write (else the claimed ones, if none were awarded). */
  approve(data: { id: number; points?: number }, params: WorkflowParams = {}) {
    return this.act('approve', data, params)
  }

  /** Spec REJECT, with the reason the tenant reads. */
  reject(data: { id: number; reason: string }, params: WorkflowParams = {}) {
    return this.act('reject', data, params)
  }

  /** Spec UPDATE_POINTS: the awarded points of an undecided folder (409 GREEN_FOLDER_LOCKED on a decided one). */
  updatePoints(data: { id: number; points: number }, params: WorkflowParams = {}) {
    return this.act('updatePoints', data, params)
  }
}

/** The folder's uploads (the tenant's evidence): read with the folder; uploaded and removed while the folder takes them. */
export const greenFolderFilesOf: RecordDocuments<any> = {
  table: 'green_fitout_folder_files',
  ownerColumn: 'folderId',
  ownerResource: 'green-fitout-folders',
  fields: ['description'],
  readOwner: (app, id, params) => app.service('green-fitout-folders').get(Number(id) || 0, { ...params, query: {} } as any),
  changeOwner: async (app, id, params) => {
    const db: Knex = params.transaction?.trx ?? app.get('knex')
    const folder = await app.service('green-fitout-folders').get(Number(id) || 0, { ...params, query: {} } as any)
    const locked = await db('green_fitout_folders').where({ id: folder.id }).forUpdate().first()
    const fitout = await fitoutOf(db, locked.greenFitoutId)
    if (!caslAllows(params, 'update', 'tenant-projects', projectOf(locked)) && !caslAllows(params, 'start', 'green-fitouts', locked)) throw appError(403, 'FORBIDDEN')
    if (!folderTakesUploads({ status: locked.status, fitoutStatus: fitout.status, fitoutOnHold: fitout.onHold })) throw appError(409, 'GREEN_FOLDER_LOCKED')
    return locked
  }
}

export class GreenFitoutFolderFileService extends RecordDocumentService {
  constructor(options: any, app: Application) {
    super(options, app, greenFolderFilesOf)
  }

  async create(input: any, params: DocumentParams = {}): Promise<any> {
    const folder = await this.ownerToChange(String(input.folderId), params)
    const description = String(input.description ?? '').trim()
    const stored = await this.store(folder, { projectId: folder.projectId, description }, params, description || null)
    const fitout = await this.conn(params)('green_fitouts').where({ id: folder.greenFitoutId }).first()
    await recordGreenHistory(this.conn(params), fitout, 'UPDATE', params, { folderId: Number(folder.id), comment: stored.map((file: any) => file.name).join(', ') })
    return stored
  }
}

export class GreenFitoutFolderFileContentService extends RecordDocumentContentService {
  constructor(app: Application) {
    super(app, greenFolderFilesOf)
  }
}
