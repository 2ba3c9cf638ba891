import { Type, getValidator } from '@feathersjs/typebox'
import { schemaHooks } from '../../../../validators.js'
import { queryValidator } from '../../../../validators.js'
import type { Application } from '../../../../declarations.js'
import { TenderStatsService } from './tender-stats.class.js'
import { tenderStatsPath } from './tender-stats.shared.js'

declare module '../../../../declarations.js' {
  interface ServiceTypes {
    [tenderStatsPath]: TenderStatsService
  }
}

/** The charts take no filter: the region (set by the region scope) is the only query. */
const tenderStatsQueryValidator = getValidator(Type.Object({ region: Type.Optional(Type.String()) }, { $id: 'TenderStatsQuery', additionalProperties: false }), queryValidator)

/** The tender charts' figures (tender-stats.class.ts); reads only, so nothing is audited and no events are sent. */
export const tenderStats = (app: Application) => {
  app.use(tenderStatsPath, new TenderStatsService(app), { methods: ['find'], events: [], regional: true, feature: 'TENDERS', audit: false } as any)
  app.service(tenderStatsPath).hooks({ before: { find: [schemaHooks.validateQuery(tenderStatsQueryValidator)] } })
}
