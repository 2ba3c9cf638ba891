import type { Knex } from 'knex'
import type { Application, HookContext } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { portalOf } from '../../../../abilities/permissions.shared.js'
import { sendFileContent } from '../../../../services/files/files.js'
import { uploadsOf } from '../../../../services/files/files.class.js'
import { recordFileContent } from '../../../../services/files/record-file-content.js'
import { readProjectAs } from '../project-folders/project-folders.access.js'
import { projectPoAttachmentContentMethods, projectPoAttachmentContentPath, projectPoAttachmentsMethods, projectPoAttachmentsPath } from './project-po-attachments.shared.js'

/*
 * The attachment of the purchase order or contract a project is raised from (spec §8 POST
 * projects {..., poAttachmentId}). Whoever may create projects uploads it here, before the
 * create, and no wider grant on files is needed: the file is stored through the files service
 * (the region's upload settings) as a project's file not yet claimed (`ownerResource` projects,
 * no `ownerId`), and only its uploader may name it as `poAttachmentId` (`pendingAttachmentIds`);
 * the create claims it. Whoever reads the project downloads it, by the project's id.
 */

/** The unclaimed project attachments this caller uploaded: the ids `poAttachmentId` may name without a files read rule. */
export async function pendingAttachmentIds(context: HookContext): Promise<number[]> {
  const user = context.params.user
  if (!user) return []
  return context.app
    .get('knex')('files')
    .where({ uploadedBy: user.id, ownerResource: 'projects' })
    .whereNull('ownerId')
    .modify((query: Knex.QueryBuilder) => {
      if (context.params.region) query.where({ region: context.params.region })
    })
    .pluck('id')
}

/** Marks the attachment as the project's (in the create's transaction); one already another project's is refused (400). */
export async function claimAttachment(db: Knex, fileId: number | null | undefined, projectId: string) {
  if (!fileId) return
  const file = await db('files').where({ id: fileId }).forUpdate().first('ownerResource', 'ownerId')
  if (file?.ownerResource !== 'projects') return
  if (file.ownerId != null && file.ownerId !== projectId) throw appError(400, 'REFERENCE_INVALID', { field: 'poAttachmentId', ids: [fileId] })
  await db('files').where({ id: fileId }).update({ ownerId: projectId })
}

class ProjectPoAttachmentService {
  constructor(private app: Application) {}

  /** One file, by staff who may create projects (403 first for anyone else). */
  async create(_data: unknown, params: any = {}) {
    if (params.provider && (!params.user || portalOf(params.user.userType) !== 'staff' || !params.ability?.can('create', 'projects'))) throw appError(403, 'FORBIDDEN')
    if (uploadsOf(params.files).length > 1) throw appError(400, 'FILE_COUNT', { max: 1 })
    const [file] = await this.app.service('files').create(
      { region: params.region, ownerResource: 'projects', description: 'PO attachment', uploadedBy: params.user?.id ?? null } as any,
      {
        files: params.files,
        transaction: params.transaction,
        afterCommit: params.afterCommit
      } as any
    )
    const { storageKey: _key, ...answered } = file as any
    return answered
  }
}

class ProjectPoAttachmentContentService {
  constructor(private app: Application) {}

  /** The project's attachment as a download, for whoever reads the project (404 otherwise, or when it has none). */
  async find(params: any = {}) {
    if (params.provider && !params.ability?.can('read', 'projects')) throw appError(403, 'FORBIDDEN')
    return recordFileContent(this.app, {
      id: params.route?.id,
      parseId: (raw) => {
        const projectId = String(raw ?? '')
        if (!/^[a-z0-9]{24}$/.test(projectId)) throw appError(404, 'NOT_FOUND')
        return projectId
      },
      readRecord: (projectId) => readProjectAs(this.app, projectId, params),
      fileIdOf: (project) => project.poAttachmentId
    })
  }
}

declare module '../../../../declarations.js' {
  interface ServiceTypes {
    [projectPoAttachmentsPath]: ProjectPoAttachmentService
    [projectPoAttachmentContentPath]: ProjectPoAttachmentContentService
  }
}

export const projectPoAttachments = (app: Application) => {
  app.use(projectPoAttachmentsPath, new ProjectPoAttachmentService(app), {
    methods: [...projectPoAttachmentsMethods],
    regional: true,
    feature: 'HONGKONG_LAND_PROJECTS',
    uploads: true
  } as any)
  app.service(projectPoAttachmentsPath).publish(() => [] as any)
  app.use(projectPoAttachmentContentPath, new ProjectPoAttachmentContentService(app), {
    methods: [...projectPoAttachmentContentMethods],
    feature: 'HONGKONG_LAND_PROJECTS',
    koa: { after: [sendFileContent] }
  } as any)
}
