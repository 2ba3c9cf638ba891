import { hooks as schemaHooks } from '@feathersjs/schema'
import type { Application } from '../../../../declarations.js'
import { knexOperators } from '../../../../kit/query.js'
import { WorkflowKnexService } from '../../../../kit/workflow-runner.js'
import { sendFileContent } from '../../../../services/files/files.js'
import { recordDocumentReaders } from '../../../../services/files/record-documents.js'
import { mayReadTenantProjects, projectPartReaders } from '../project-parts/project-parts.js'
import { tenantSubmissionActionsAccess, tenantSubmissionCommentsAccess, tenantSubmissionsAccess } from './tenant-submissions.access.js'
import { TenantSubmissionService } from './tenant-submissions.class.js'
import { TenantSubmissionCommentService } from './tenant-submission-comments.class.js'
import { TenantSubmissionFileContentService, TenantSubmissionFileService } from './tenant-submission-files.class.js'
import {
  tenantSubmissionActionQueryValidator,
  tenantSubmissionActionValidators,
  tenantSubmissionCommentActionValidators,
  tenantSubmissionCommentDataValidator,
  tenantSubmissionCommentPatchValidator,
  tenantSubmissionCommentQueryValidator,
  tenantSubmissionDataValidator,
  tenantSubmissionFileDataValidator,
  tenantSubmissionFilePatchValidator,
  tenantSubmissionFileQueryValidator,
  tenantSubmissionQueryValidator
} from './tenant-submissions.schema.js'
import {
  tenantSubmissionActionsPath,
  tenantSubmissionCommentsMethods,
  tenantSubmissionCommentsPath,
  tenantSubmissionFilesPath,
  tenantSubmissionsMethods,
  tenantSubmissionsPath
} from './tenant-submissions.shared.js'
import { scheduleOverdueReminders } from './overdue-reminders.js'
import { displayNames } from './submission-history.js'
import { tenantSubmissionReviewers } from './tenant-submission-reviewers.js'

/** The review history: read only, written by the acts it records. */
class TenantSubmissionActionService extends WorkflowKnexService<any> {
  async find(params: any = {}) {
    const page: any = await super._find({ ...params, query: { $sort: { id: 1 }, ...(params.query ?? {}) } })
    const names = await displayNames(
      this.app.get('knex'),
      page.data.map((entry: any) => entry.userId)
    )
    return { ...page, data: page.data.map((entry: any) => ({ ...entry, userName: entry.userId ? (names.get(entry.userId) ?? '') : '' })) }
  }
}

declare module '../../../../declarations.js' {
  interface ServiceTypes {
    [tenantSubmissionsPath]: TenantSubmissionService
    [tenantSubmissionCommentsPath]: TenantSubmissionCommentService
    [tenantSubmissionActionsPath]: TenantSubmissionActionService
    [tenantSubmissionFilesPath]: TenantSubmissionFileService
    'tenant-submission-files/:id/content': TenantSubmissionFileContentService
  }
}

const options = (app: Application, name: string) => ({ Model: app.get('knex'), name, paginate: app.get('paginate'), operators: knexOperators })
const withActions = (validators: Record<string, any>) => Object.fromEntries(Object.entries(validators).map(([action, validator]) => [action, [schemaHooks.validateData(validator)]]))

/**
 * The review of a tenant project's submissions (spec §3, §4, §5, §7 tenant_submissions; issue 29
 * items 4 to 8): its batches, their files, the comment register and the review history; who reads:
 * tenant-submissions.access.ts, applied by the kit; who acts: the batch workflow and the services.
 */
export const tenantSubmissions = (app: Application) => {
  const common = { regional: true, feature: 'TENANT_PROJECTS' }
  app.use(tenantSubmissionsPath, new TenantSubmissionService(options(app, 'tenant_submissions'), app), {
    methods: [...tenantSubmissionsMethods],
    ...common,
    concurrency: true,
    access: tenantSubmissionsAccess
  } as any)
  app.service(tenantSubmissionsPath).hooks({
    before: {
      all: [mayReadTenantProjects],
      find: [schemaHooks.validateQuery(tenantSubmissionQueryValidator)],
      get: [schemaHooks.validateQuery(tenantSubmissionQueryValidator)],
      create: [schemaHooks.validateData(tenantSubmissionDataValidator)],
      ...withActions(tenantSubmissionActionValidators)
    }
  } as any)

  app.use(tenantSubmissionCommentsPath, new TenantSubmissionCommentService(options(app, 'tenant_submission_comments'), app), {
    methods: [...tenantSubmissionCommentsMethods],
    ...common,
    concurrency: true,
    access: tenantSubmissionCommentsAccess
  } as any)
  app.service(tenantSubmissionCommentsPath).hooks({
    before: {
      all: [mayReadTenantProjects],
      find: [schemaHooks.validateQuery(tenantSubmissionCommentQueryValidator)],
      get: [schemaHooks.validateQuery(tenantSubmissionCommentQueryValidator)],
      create: [schemaHooks.validateData(tenantSubmissionCommentDataValidator)],
      patch: [schemaHooks.validateData(tenantSubmissionCommentPatchValidator)],
      ...withActions(tenantSubmissionCommentActionValidators)
    }
  } as any)

  app.use(tenantSubmissionActionsPath, new TenantSubmissionActionService(options(app, 'tenant_submission_actions'), app, { resource: 'tenant-submission-actions' }), {
    methods: ['find'],
    ...common,
    access: tenantSubmissionActionsAccess
  } as any)
  app.service(tenantSubmissionActionsPath).hooks({ before: { all: [mayReadTenantProjects], find: [schemaHooks.validateQuery(tenantSubmissionActionQueryValidator)] } } as any)

  app.use(tenantSubmissionFilesPath, new TenantSubmissionFileService({ Model: app.get('knex'), name: 'tenant_submission_files', paginate: app.get('paginate') }, app), {
    methods: ['find', 'create', 'patch', 'remove'],
    ...common,
    concurrency: true,
    uploads: true
  } as any)
  app.service(tenantSubmissionFilesPath).hooks({
    before: {
      all: [mayReadTenantProjects],
      find: [schemaHooks.validateQuery(tenantSubmissionFileQueryValidator)],
      create: [schemaHooks.validateData(tenantSubmissionFileDataValidator)],
      patch: [schemaHooks.validateData(tenantSubmissionFilePatchValidator)]
    }
  } as any)
  app.service(tenantSubmissionFilesPath).publish(
    (data: any, context: any) =>
      recordDocumentReaders(app, data, context, {
        table: 'tenant_submissions',
        path: tenantSubmissionsPath,
        column: 'submissionId',
        readers: (inner, batch) => projectPartReaders(inner, batch)
      }) as any
  )
  app.use('tenant-submission-files/:id/content', new TenantSubmissionFileContentService(app), { methods: ['find'], ...common, koa: { after: [sendFileContent] } } as any)

  tenantSubmissionReviewers(app)
  scheduleOverdueReminders(app)
}
