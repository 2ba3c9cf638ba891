import { hooks as schemaHooks } from '@feathersjs/schema'
import type { Application, HookContext } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { knexOperators } from '../../../../kit/query.js'
import { sendFileContent } from '../../../../services/files/files.js'
import { recordDocumentReaders } from '../../../../services/files/record-documents.js'
import { mayReadTenantProjects } from '../project-parts/project-parts.js'
import { postFitoutSubmissionsAccess } from './post-fitout.access.js'
import { PostFitoutFileContentService, PostFitoutFileService } from './post-fitout-files.class.js'
import { PostFitoutSubmissionService } from './post-fitout-submissions.class.js'
import {
  postFitoutFileDataValidator,
  postFitoutFileQueryValidator,
  postFitoutSubmissionActionValidator,
  postFitoutSubmissionDataValidator,
  postFitoutSubmissionPatchValidator,
  postFitoutSubmissionQueryValidator
} from './post-fitout.schema.js'
import { postFitoutFilesPath, postFitoutSubmissionsMethods, postFitoutSubmissionsPath } from './post-fitout.shared.js'

/** Before anything is said of a new round's data: 403 to a caller who may start none (the tenant's side, staff without `start`). */
const mayStart = async (context: HookContext) => {
  if (context.params.provider && !context.params.ability?.can('start', postFitoutSubmissionsPath)) throw appError(403, 'FORBIDDEN')
  return context
}

declare module '../../../../declarations.js' {
  interface ServiceTypes {
    [postFitoutSubmissionsPath]: PostFitoutSubmissionService
    [postFitoutFilesPath]: PostFitoutFileService
    'tenant-project-post-fitout-files/:id/content': PostFitoutFileContentService
  }
}

/** A tenant project's post-fit-out rounds and their files (spec §3, §4, §5, §7 "Post-fitout"; issue 30 item 8). */
export const tenantProjectPostFitouts = (app: Application) => {
  const common = { regional: true, feature: 'TENANT_PROJECTS' }
  app.use(
    postFitoutSubmissionsPath,
    new PostFitoutSubmissionService({ Model: app.get('knex'), name: 'tenant_project_post_fitout_submissions', paginate: app.get('paginate'), operators: knexOperators }, app),
    {
      methods: [...postFitoutSubmissionsMethods],
      ...common,
      concurrency: true,
      permissionOf: { patch: 'update', remove: 'delete' },
      access: postFitoutSubmissionsAccess
    } as any
  )
  app.service(postFitoutSubmissionsPath).hooks({
    before: {
      all: [mayReadTenantProjects],
      find: [schemaHooks.validateQuery(postFitoutSubmissionQueryValidator)],
      get: [schemaHooks.validateQuery(postFitoutSubmissionQueryValidator)],
      create: [mayStart, schemaHooks.validateData(postFitoutSubmissionDataValidator)],
      patch: [schemaHooks.validateData(postFitoutSubmissionPatchValidator)],
      complete: [schemaHooks.validateData(postFitoutSubmissionActionValidator)]
    }
  } as any)

  app.use(postFitoutFilesPath, new PostFitoutFileService({ Model: app.get('knex'), name: 'tenant_project_post_fitout_files', paginate: app.get('paginate') }, app), {
    methods: ['find', 'create', 'remove'],
    ...common,
    concurrency: true,
    uploads: true
  } as any)
  app.service(postFitoutFilesPath).hooks({
    before: {
      all: [mayReadTenantProjects],
      find: [schemaHooks.validateQuery(postFitoutFileQueryValidator)],
      create: [schemaHooks.validateData(postFitoutFileDataValidator)]
    }
  } as any)
  app.service(postFitoutFilesPath).publish(
    (data: any, context: any) =>
      recordDocumentReaders(app, data, context, {
        table: 'tenant_project_post_fitout_submissions',
        path: postFitoutSubmissionsPath,
        column: 'submissionId',
        readers: postFitoutSubmissionsAccess.readers
      }) as any
  )
  app.use('tenant-project-post-fitout-files/:id/content', new PostFitoutFileContentService(app), { methods: ['find'], ...common, koa: { after: [sendFileContent] } } as any)
}
