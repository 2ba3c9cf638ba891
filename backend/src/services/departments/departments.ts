import { schemaHooks } from '../../validators.js'
import type { Application } from '../../declarations.js'
import { authorize } from '../../hooks/authorize.js'
import { caslAccess } from '../../kit/access.js'
import { resolveReferences } from '../../hooks/resolve-references.js'
import { knexOperators } from '../../kit/query.js'
import { DepartmentService } from './departments.class.js'
import { departmentDataValidator, departmentPatchValidator, departmentQueryValidator, departmentSchema } from './departments.schema.js'
import { departmentsMethods, departmentsPath } from './departments.shared.js'

declare module '../../declarations.js' {
  interface ServiceTypes {
    [departmentsPath]: DepartmentService
  }
}

/** The sites, buildings and users a department looks after, each read through its own service's rules. */
const references = resolveReferences({ siteIds: 'sites', buildingIds: 'buildings', userIds: 'users' })

export const departments = (app: Application) => {
  app.use(
    departmentsPath,
    new DepartmentService(
      {
        Model: app.get('knex'),
        name: 'departments',
        paginate: app.get('paginate'),
        operators: knexOperators
      },
      app
    ),
    { methods: [...departmentsMethods], regional: true, concurrency: true, access: caslAccess(departmentsPath) } as any
  )

  app.service(departmentsPath).hooks({
    before: {
      find: [schemaHooks.validateQuery(departmentQueryValidator), authorize(departmentSchema)],
      get: [schemaHooks.validateQuery(departmentQueryValidator), authorize(departmentSchema)],
      create: [schemaHooks.validateData(departmentDataValidator), authorize(departmentSchema), references],
      patch: [schemaHooks.validateData(departmentPatchValidator), authorize(departmentSchema), references],
      remove: [authorize(departmentSchema)]
    },
    after: {
      find: [authorize(departmentSchema)],
      get: [authorize(departmentSchema)],
      create: [authorize(departmentSchema)],
      patch: [authorize(departmentSchema)]
    }
  })
}
