import { schemaHooks } from '../../../../validators.js'
import type { Application } from '../../../../declarations.js'
import { resolveReferences } from '../../../../hooks/resolve-references.js'
import { knexOperators } from '../../../../kit/query.js'
import { mayReadSubmissions, mayWriteSubmissions } from '../project-submissions/project-submissions.access.js'
import { hideProjectReaders } from '../projects/projects.access.js'
import { changeOrdersAccess } from './project-change-orders.access.js'
import { ProjectChangeOrderService } from './project-change-orders.class.js'
import { projectChangeOrderActionValidators, projectChangeOrderDataValidator, projectChangeOrderPatchValidator, projectChangeOrderQueryValidator } from './project-change-orders.schema.js'
import { projectChangeOrdersMethods, projectChangeOrdersPath } from './project-change-orders.shared.js'

declare module '../../../../declarations.js' {
  interface ServiceTypes {
    [projectChangeOrdersPath]: ProjectChangeOrderService
  }
}

/** A project's change orders (project-change-orders.access.ts says who); events reach the readers of the project's accounts. */
export const projectChangeOrders = (app: Application) => {
  app.use(projectChangeOrdersPath, new ProjectChangeOrderService({ Model: app.get('knex'), name: 'project_change_orders', paginate: app.get('paginate'), operators: knexOperators }, app), {
    methods: [...projectChangeOrdersMethods],
    regional: true,
    feature: 'HONGKONG_LAND_PROJECTS',
    concurrency: true,
    // The copy of the project's readers is the contract's, not the API's: neither audit rows nor events carry it.
    secretFields: ['projectReaders'],
    access: changeOrdersAccess
  } as any)
  app.service(projectChangeOrdersPath).hooks({
    before: {
      find: [schemaHooks.validateQuery(projectChangeOrderQueryValidator), mayReadSubmissions],
      get: [schemaHooks.validateQuery(projectChangeOrderQueryValidator), mayReadSubmissions],
      // The project is read through its own rules (400 REFERENCE_INVALID for one the caller does not read).
      create: [mayWriteSubmissions, schemaHooks.validateData(projectChangeOrderDataValidator), resolveReferences({ projectId: 'projects' })],
      patch: [mayWriteSubmissions, schemaHooks.validateData(projectChangeOrderPatchValidator)],
      remove: [mayWriteSubmissions],
      submit: [mayWriteSubmissions, schemaHooks.validateData(projectChangeOrderActionValidators.submit)],
      approve: [mayWriteSubmissions, schemaHooks.validateData(projectChangeOrderActionValidators.approve)],
      reject: [mayWriteSubmissions, schemaHooks.validateData(projectChangeOrderActionValidators.reject)]
    },
    after: { all: [hideProjectReaders] }
  } as any)
}
