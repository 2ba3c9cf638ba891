import { schemaHooks } from '../../validators.js'
import type { Application } from '../../declarations.js'
import { authorize } from '../../hooks/authorize.js'
import { caslAccess } from '../../kit/access.js'
import { knexOperators } from '../../kit/query.js'
import { SecurityGroupService } from './security-groups.class.js'
import { securityGroupDataValidator, securityGroupPatchValidator, securityGroupQueryValidator, securityGroupSchema } from './security-groups.schema.js'
import { securityGroupsMethods, securityGroupsPath } from './security-groups.shared.js'

declare module '../../declarations.js' {
  interface ServiceTypes {
    [securityGroupsPath]: SecurityGroupService
  }
}

export const securityGroups = (app: Application) => {
  app.use(
    securityGroupsPath,
    new SecurityGroupService(
      {
        Model: app.get('knex'),
        name: 'security_groups',
        paginate: app.get('paginate'),
        operators: knexOperators
      },
      app
    ),
    { methods: [...securityGroupsMethods], concurrency: true, access: caslAccess(securityGroupsPath) } as any
  )

  app.service(securityGroupsPath).hooks({
    before: {
      find: [schemaHooks.validateQuery(securityGroupQueryValidator), authorize(securityGroupSchema)],
      get: [authorize(securityGroupSchema)],
      create: [schemaHooks.validateData(securityGroupDataValidator), authorize(securityGroupSchema)],
      patch: [schemaHooks.validateData(securityGroupPatchValidator), authorize(securityGroupSchema)],
      remove: [authorize(securityGroupSchema)]
    },
    after: { all: [authorize(securityGroupSchema)] }
  })
}
