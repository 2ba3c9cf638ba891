import { schemaHooks } from '../../validators.js'
import type { Application, HookContext } from '../../declarations.js'
import { authorize } from '../../hooks/authorize.js'
import { SettingService } from './settings.class.js'
import { settingPatchValidator, settingQueryValidator, settingSchema } from './settings.schema.js'
import { settingsMethods, settingsPath } from './settings.shared.js'
import { announceUploadRules } from '../upload-limits/upload-limits.js'

declare module '../../declarations.js' {
  interface ServiceTypes {
    [settingsPath]: SettingService
  }
}

/**
 * The event after a save must show the setting as the saving region sees it; the audited write
 * would re-read it without the request's region, so the event is sent from here after the commit.
 */
const publishForRegion = (context: HookContext) => {
  if (!context.params.afterCommit) return context
  const { result, self } = context
  context.event = null
  context.params.afterCommit.push(() => (self as any).emit('patched', result, context))
  if (String(context.id).startsWith('upload.')) context.params.afterCommit.push(() => announceUploadRules(context.app, context.params.region ?? 'GLOBAL'))
  return context
}

export const settings = (app: Application) => {
  app.use(settingsPath, new SettingService(app), { methods: [...settingsMethods] } as any)

  app.service(settingsPath).hooks({
    before: {
      find: [schemaHooks.validateQuery(settingQueryValidator), authorize(settingSchema)],
      get: [authorize(settingSchema)],
      patch: [schemaHooks.validateData(settingPatchValidator), authorize(settingSchema)]
    },
    after: {
      find: [authorize(settingSchema)],
      get: [authorize(settingSchema)],
      patch: [authorize(settingSchema), publishForRegion]
    }
  })
}
