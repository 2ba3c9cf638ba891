import { schemaHooks } from '../../../../validators.js'
import type { Application, HookContext } from '../../../../declarations.js'
import { resolveReferences } from '../../../../hooks/resolve-references.js'
import { authorize } from '../../../../hooks/authorize.js'
import { appError } from '../../../../errors.js'
import { knexOperators } from '../../../../kit/query.js'
import { ProjectService } from './projects.class.js'
import { mayReadProjects, projectsAccess, staffOnly } from './projects.access.js'
import { projectActionValidators, projectDataValidator, projectPatchValidator, projectQueryValidator, projectSchema } from './projects.schema.js'
import { projectsMethods, projectsPath } from './projects.shared.js'
import { pendingAttachmentIds } from '../project-po-attachments/project-po-attachments.js'
import { takeProjectSearch } from './project-search.js'

declare module '../../../../declarations.js' {
  interface ServiceTypes {
    [projectsPath]: ProjectService
  }
}

/** The person in charge changes only with `projects:changeManager` at all: 403 before the new person is looked up. */
const mayChangeManager = async (context: HookContext) => {
  if (context.params.provider && !context.params.ability?.can('changeManager', 'projects')) throw appError(403, 'FORBIDDEN')
  return context
}

/** Before the ability check of a create: the creator is in charge unless they name another (own = managedBy). */
const managedByCreator = async (context: HookContext) => {
  const data = context.data as any
  if (context.params.provider && data && !Array.isArray(data) && data.managedBy === undefined) context.data = { ...data, managedBy: context.params.user?.id }
  return context
}

export const projects = (app: Application) => {
  app.use(projectsPath, new ProjectService({ Model: app.get('knex'), name: 'projects', paginate: app.get('paginate'), operators: knexOperators }, app), {
    methods: [...projectsMethods],
    regional: true,
    feature: 'HONGKONG_LAND_PROJECTS',
    concurrency: true,
    access: projectsAccess
  } as any)

  const guard = authorize(projectSchema)
  app.service(projectsPath).hooks({
    before: {
      find: [schemaHooks.validateQuery(projectQueryValidator), mayReadProjects, takeProjectSearch],
      get: [schemaHooks.validateQuery(projectQueryValidator), mayReadProjects],
      // The purchase order or contract, its attachment and the person in charge, each read through its own service's rules.
      create: [
        staffOnly,
        schemaHooks.validateData(projectDataValidator),
        managedByCreator,
        guard,
        resolveReferences({
          purchaseOrderId: 'purchase-orders',
          contractId: 'contracts',
          // Its uploader names an attachment it has just uploaded for the create (project-po-attachments), others read through files' rules.
          poAttachmentId: { service: 'files', held: pendingAttachmentIds },
          // The creator in charge of their own project needs no read of the users list; another person does.
          managedBy: { service: 'users', held: async (context) => (context.params.user ? [context.params.user.id] : []) },
          buildingIds: 'buildings'
        })
      ],
      patch: [staffOnly, schemaHooks.validateData(projectPatchValidator), resolveReferences({ buildingIds: 'buildings' })],
      activate: [staffOnly, schemaHooks.validateData(projectActionValidators.activate)],
      complete: [staffOnly, schemaHooks.validateData(projectActionValidators.complete)],
      cancel: [staffOnly, schemaHooks.validateData(projectActionValidators.cancel)],
      changeManager: [staffOnly, mayChangeManager, schemaHooks.validateData(projectActionValidators.changeManager), resolveReferences({ managedBy: 'users' })]
    },
    after: { find: [guard], get: [guard] }
  } as any)
}
