import type { Params } from '@feathersjs/feathers'
import type { Application } from '../../declarations.js'
import { connectionUser } from '../../kit/channels.js'
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
    const place = params.query?.place
    return uploadLimits(this.app.get('knex'), params.region, typeof place === 'string' ? place : undefined)
  }
}

export const uploadLimitsService = (app: Application) => {
  app.use(uploadLimitsPath, new UploadLimitsService(app), { methods: [...uploadLimitsMethods], events: [], audit: false } as any)
  // A changed rule reaches every signed-in connection of the region (all regions for GLOBAL's),
  // so upload screens open there refuse by the new rule at once; the event names only the region.
  app.service(uploadLimitsPath).publish((data: any) => {
    const names = app.channels.filter((name) => name.startsWith('region/') && (data?.region === 'GLOBAL' || name === `region/${data?.region}`))
    if (!names.length) return []
    return app.channel(names).filter((connection) => connectionUser(app, connection) !== undefined)
  })
}

/** Tells the region's signed-in connections that its file rules changed (after the settings save commits). */
export function announceUploadRules(app: Application, region: string) {
  ;(app.service(uploadLimitsPath) as any).emit('patched', { id: region, region })
}
