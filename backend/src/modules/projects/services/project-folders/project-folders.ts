import { schemaHooks } from '../../../../validators.js'
import type { Application } from '../../../../declarations.js'
import { resolveReferences } from '../../../../hooks/resolve-references.js'
import { knexOperators } from '../../../../kit/query.js'
import { ProjectFolderService } from './project-folders.class.js'
import { mayDecide, mayFile, mayReadFolders, projectFoldersAccess } from './project-folders.access.js'
import { hideProjectReaders } from '../projects/projects.access.js'
import { projectFolderActionValidators, projectFolderDataValidator, projectFolderQueryValidator } from './project-folders.schema.js'
import { projectFoldersMethods, projectFoldersPath } from './project-folders.shared.js'

declare module '../../../../declarations.js' {
  interface ServiceTypes {
    [projectFoldersPath]: ProjectFolderService
  }
}

/** A project's document folders (project-folders.access.ts says who); events reach the project's readers. */
export const projectFolders = (app: Application) => {
  app.use(projectFoldersPath, new ProjectFolderService({ Model: app.get('knex'), name: 'project_folders', paginate: app.get('paginate'), operators: knexOperators }, app), {
    methods: [...projectFoldersMethods],
    regional: true,
    feature: 'HONGKONG_LAND_PROJECTS',
    concurrency: true,
    // The copy of the project's readers is the contract's, not the API's: neither audit rows nor events carry it.
    secretFields: ['projectReaders'],
    access: projectFoldersAccess
  } as any)
  app.service(projectFoldersPath).hooks({
    before: {
      find: [schemaHooks.validateQuery(projectFolderQueryValidator), mayReadFolders],
      get: [schemaHooks.validateQuery(projectFolderQueryValidator), mayReadFolders],
      // The project is read through its own rules (400 REFERENCE_INVALID for one the caller does not read).
      create: [mayFile, schemaHooks.validateData(projectFolderDataValidator), resolveReferences({ projectId: 'projects' })],
      approve: [mayDecide, schemaHooks.validateData(projectFolderActionValidators.approve)],
      reject: [mayDecide, schemaHooks.validateData(projectFolderActionValidators.reject)]
    },
    after: { all: [hideProjectReaders] }
  } as any)
}
