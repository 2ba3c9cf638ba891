import { schemaHooks } from '../../../../validators.js'
import type { Application } from '../../../../declarations.js'
import { resolveReferences } from '../../../../hooks/resolve-references.js'
import { knexOperators } from '../../../../kit/query.js'
import { ProjectContractorService } from './project-contractors.class.js'
import { mayReadContractors, projectContractorsAccess, vendorOnly } from './project-contractors.access.js'
import { hideProjectReaders } from '../projects/projects.access.js'
import { projectContractorDataValidator, projectContractorInviteValidator, projectContractorPatchValidator, projectContractorQueryValidator } from './project-contractors.schema.js'
import { projectContractorsMethods, projectContractorsPath } from './project-contractors.shared.js'

declare module '../../../../declarations.js' {
  interface ServiceTypes {
    [projectContractorsPath]: ProjectContractorService
  }
}

export const projectContractors = (app: Application) => {
  app.use(projectContractorsPath, new ProjectContractorService({ Model: app.get('knex'), name: 'project_contractors', paginate: app.get('paginate'), operators: knexOperators }, app), {
    methods: [...projectContractorsMethods],
    regional: true,
    feature: 'HONGKONG_LAND_PROJECTS',
    concurrency: true,
    // The copy of the project's readers is the contract's, not the API's: neither audit rows nor events carry it.
    secretFields: ['projectReaders'],
    access: projectContractorsAccess
  } as any)
  app.service(projectContractorsPath).hooks({
    before: {
      find: [schemaHooks.validateQuery(projectContractorQueryValidator), mayReadContractors],
      get: [schemaHooks.validateQuery(projectContractorQueryValidator), mayReadContractors],
      // The project is read through its own rules (400 REFERENCE_INVALID for one the vendor does not read).
      create: [vendorOnly, schemaHooks.validateData(projectContractorDataValidator), resolveReferences({ projectId: 'projects' })],
      patch: [vendorOnly, schemaHooks.validateData(projectContractorPatchValidator)],
      remove: [vendorOnly],
      invite: [vendorOnly, schemaHooks.validateData(projectContractorInviteValidator)]
    },
    after: { all: [hideProjectReaders] }
  } as any)
}
