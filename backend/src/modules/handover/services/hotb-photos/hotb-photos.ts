import { schemaHooks } from '../../../../validators.js'
import type { Application } from '../../../../declarations.js'
import { knexOperators } from '../../../../kit/query.js'
import { sendFileContent } from '../../../../services/files/files.js'
import { mayReadHotb } from '../hotb/hotb-lines.js'
import { hotbPhotosAccess } from './hotb-photos.access.js'
import { HotbPhotoService } from './hotb-photos.class.js'
import { HotbPhotoContentService } from './hotb-photo-content.class.js'
import { hotbPhotoDataValidator, hotbPhotoPatchValidator, hotbPhotoQueryValidator } from './hotb-photos.schema.js'
import { hotbPhotoContentPath, hotbPhotosMethods, hotbPhotosPath } from './hotb-photos.shared.js'

declare module '../../../../declarations.js' {
  interface ServiceTypes {
    [hotbPhotosPath]: HotbPhotoService
    [hotbPhotoContentPath]: HotbPhotoContentService
  }
}

/** The photos of a record's schedule items and their pictures (spec hotb §3, issue 31 §4); who: hotb-photos.access.ts, applied by the kit. */
export const hotbPhotos = (app: Application) => {
  const common = { regional: true, feature: 'TENANT_PROJECTS' }
  app.use(hotbPhotosPath, new HotbPhotoService({ Model: app.get('knex'), name: 'hotb_photos', paginate: app.get('paginate'), operators: knexOperators }, app), {
    methods: [...hotbPhotosMethods],
    ...common,
    concurrency: true,
    access: hotbPhotosAccess
  } as any)
  app.service(hotbPhotosPath).hooks({
    before: {
      all: [mayReadHotb],
      find: [schemaHooks.validateQuery(hotbPhotoQueryValidator)],
      get: [schemaHooks.validateQuery(hotbPhotoQueryValidator)],
      create: [schemaHooks.validateData(hotbPhotoDataValidator)],
      patch: [schemaHooks.validateData(hotbPhotoPatchValidator)]
    }
  } as any)
  app.use(hotbPhotoContentPath, new HotbPhotoContentService(app), { methods: ['find'], ...common, koa: { after: [sendFileContent] } } as any)
}
