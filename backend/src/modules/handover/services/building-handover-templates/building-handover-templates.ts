import { schemaHooks } from '../../../../validators.js'
import type { Application } from '../../../../declarations.js'
import { knexOperators } from '../../../../kit/query.js'
import { buildingHandoverTemplatesAccess } from './building-handover-templates.access.js'
import { BuildingHandoverTemplateService } from './building-handover-templates.class.js'
import { buildingHandoverTemplateDataValidator, buildingHandoverTemplateQueryValidator } from './building-handover-templates.schema.js'
import { buildingHandoverTemplatesMethods, buildingHandoverTemplatesPath } from './building-handover-templates.shared.js'

declare module '../../../../declarations.js' {
  interface ServiceTypes {
    [buildingHandoverTemplatesPath]: BuildingHandoverTemplateService
  }
}

/** The buildings' versioned handover templates (issue 31 item 3); who: building-handover-templates.access.ts, applied by the kit. */
export const buildingHandoverTemplates = (app: Application) => {
  app.use(
    buildingHandoverTemplatesPath,
    new BuildingHandoverTemplateService({ Model: app.get('knex'), name: 'building_handover_templates', paginate: app.get('paginate'), operators: knexOperators, jsonColumns: ['items', 'keys'] }, app),
    {
      methods: [...buildingHandoverTemplatesMethods],
      regional: true,
      feature: 'TENANT_PROJECTS',
      access: buildingHandoverTemplatesAccess
    } as any
  )
  app.service(buildingHandoverTemplatesPath).hooks({
    before: {
      find: [schemaHooks.validateQuery(buildingHandoverTemplateQueryValidator)],
      get: [schemaHooks.validateQuery(buildingHandoverTemplateQueryValidator)],
      create: [schemaHooks.validateData(buildingHandoverTemplateDataValidator)]
    }
  } as any)
}
