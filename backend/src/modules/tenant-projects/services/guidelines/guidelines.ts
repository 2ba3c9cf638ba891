import { schemaHooks } from '../../../../validators.js'
import type { Application } from '../../../../declarations.js'
import { authorize } from '../../../../hooks/authorize.js'
import { knexOperators } from '../../../../kit/query.js'
import { guidelinesAccess } from './guidelines.access.js'
import { GuidelineService } from './guidelines.class.js'
import { guidelinePatchValidator, guidelinePublishValidator, guidelineQueryValidator, guidelineSaveValidator, guidelineSchema } from './guidelines.schema.js'
import { guidelinesMethods, guidelinesPath } from './guidelines.shared.js'

declare module '../../../../declarations.js' {
  interface ServiceTypes {
    [guidelinesPath]: GuidelineService
  }
}

/** The region's fit-out guidelines (spec tenant projects §3, §7 Guidelines, feature TENANT_PROJECTS); who: guidelines.access.ts, applied by the kit. */
export const guidelines = (app: Application) => {
  app.use(
    guidelinesPath,
    new GuidelineService({ Model: app.get('knex'), name: 'tenant_project_guidelines', paginate: app.get('paginate'), operators: knexOperators, jsonColumns: ['sectionContent'] }, app),
    {
      methods: [...guidelinesMethods],
      regional: true,
      feature: 'TENANT_PROJECTS',
      concurrency: true,
      access: guidelinesAccess
    } as any
  )
  // The CASL conditions on every list and read (the kit's contract adds: drafts only to their editors).
  const guard = authorize(guidelineSchema)
  app.service(guidelinesPath).hooks({
    before: {
      find: [schemaHooks.validateQuery(guidelineQueryValidator), guard],
      get: [schemaHooks.validateQuery(guidelineQueryValidator), guard],
      patch: [schemaHooks.validateData(guidelinePatchValidator)],
      save: [schemaHooks.validateData(guidelineSaveValidator)],
      publishDrafts: [schemaHooks.validateData(guidelinePublishValidator)]
    },
    after: { find: [guard], get: [guard] }
  } as any)
}
