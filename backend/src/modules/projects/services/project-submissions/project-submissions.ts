import { schemaHooks } from '../../../../validators.js'
import type { Application } from '../../../../declarations.js'
import { resolveReferences } from '../../../../hooks/resolve-references.js'
import { knexOperators } from '../../../../kit/query.js'
import { ProjectSubmissionService } from './project-submissions.class.js'
import { mayReadSubmissions, mayWriteSubmissions, projectSubmissionsAccess } from './project-submissions.access.js'
import {
  projectSubmissionActionValidator,
  projectSubmissionDataValidator,
  projectSubmissionInspectorValidator,
  projectSubmissionPatchValidator,
  projectSubmissionQueryValidator
} from './project-submissions.schema.js'
import { projectSubmissionsMethods, projectSubmissionsPath } from './project-submissions.shared.js'

declare module '../../../../declarations.js' {
  interface ServiceTypes {
    [projectSubmissionsPath]: ProjectSubmissionService
  }
}

export const projectSubmissions = (app: Application) => {
  app.use(projectSubmissionsPath, new ProjectSubmissionService({ Model: app.get('knex'), name: 'project_submissions', paginate: app.get('paginate'), operators: knexOperators }, app), {
    methods: [...projectSubmissionsMethods],
    regional: true,
    feature: 'HONGKONG_LAND_PROJECTS',
    concurrency: true,
    access: projectSubmissionsAccess
  } as any)
  const action = [mayWriteSubmissions, schemaHooks.validateData(projectSubmissionActionValidator)]
  app.service(projectSubmissionsPath).hooks({
    before: {
      find: [schemaHooks.validateQuery(projectSubmissionQueryValidator), mayReadSubmissions],
      get: [schemaHooks.validateQuery(projectSubmissionQueryValidator), mayReadSubmissions],
      // The project is read through its own rules (400 REFERENCE_INVALID for one the caller does not read).
      create: [mayWriteSubmissions, schemaHooks.validateData(projectSubmissionDataValidator), resolveReferences({ projectId: 'projects' })],
      patch: [mayWriteSubmissions, schemaHooks.validateData(projectSubmissionPatchValidator)],
      remove: [mayWriteSubmissions],
      submit: action,
      resubmit: action,
      accept: action,
      reject: action,
      assignInspector: [mayWriteSubmissions, schemaHooks.validateData(projectSubmissionInspectorValidator)]
    }
  } as any)
}
