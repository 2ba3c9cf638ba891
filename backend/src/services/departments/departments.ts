import { hooks as schemaHooks } from '@feathersjs/schema'
import type { Application } from '../../declarations.js'
import { authorize } from '../../hooks/authorize.js'
import { knexOperators } from '../query.js'
import { DepartmentService } from './departments.class.js'
import { departmentDataValidator, departmentPatchValidator, departmentQueryValidator, departmentSchema } from './departments.schema.js'
import { departmentsMethods, departmentsPath } from './departments.shared.js'

declare module '../../declarations.js' {
  interface ServiceTypes { [departmentsPath]: DepartmentService }
}

export const departments = (app: Application) => {
  app.use(departmentsPath, new DepartmentService({
    Model: app.get('knex'), name: 'departments', paginate: app.get('paginate'), operators: knexOperators
  }, app), { methods: [...departmentsMethods], regional: true, concurrency: true } as any)

  app.service(departmentsPath).hooks({
    before: {
      find: [schemaHooks.validateQuery(departmentQueryValidator), authorize(departmentSchema)],
      get: [schemaHooks.validateQuery(departmentQueryValidator), authorize(departmentSchema)],
      create: [schemaHooks.validateData(departmentDataValidator), authorize(departmentSchema)],
      patch: [schemaHooks.validateData(departmentPatchValidator), authorize(departmentSchema)],
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
