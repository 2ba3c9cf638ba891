import type { Params } from '@feathersjs/feathers'
import type { Application } from '../../declarations.js'
import { uploadLimits } from '../../storage/check-upload.js'
import { uploadLimitsMethods, uploadLimitsPath, type UploadLimits } from './upload-limits.shared.js'

declare module '../../declarations.js' {
  interface ServiceTypes {
    [uploadLimitsPath]: UploadLimitsService
  }
}

/**
 * `GET /{region}/v1/upload-limits`: the region's upload settings for any signed-in user, so the
 * browser refuses a file too large, too many or of a type not allowed before sending it, naming
 * the limit; the server checks the same again (storage/check-upload.ts).
 */
export class UploadLimitsService {
  constructor(private app: Application) {}

  async find(params: Params = {}): Promise<UploadLimits> {
    return uploadLimits(this.app.get('knex'), params.region)
  }
}

export const uploadLimitsService = (app: Application) => {
  app.use(uploadLimitsPath, new UploadLimitsService(app), { methods: [...uploadLimitsMethods], events: [], audit: false } as any)
}
