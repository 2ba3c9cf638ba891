import { schemaHooks } from '../../validators.js'
import type { Application } from '../../declarations.js'
import { rateLimited } from '../../auth/rate-limits.js'
import { UnlockRequestService } from './unlock-requests.class.js'
import { unlockRequestDataValidator, unlockRequestPatchValidator } from './unlock-requests.schema.js'
import { unlockRequestsMethods, unlockRequestsPath } from './unlock-requests.shared.js'

declare module '../../declarations.js' {
  interface ServiceTypes {
    [unlockRequestsPath]: UnlockRequestService
  }
}

/** `POST /v1/unlock-requests {username}` → 201 `{}`; `PATCH /v1/unlock-requests/<token> {}` → 200 `{username}`. */
export const unlockRequests = (app: Application) => {
  app.use(unlockRequestsPath, new UnlockRequestService(app), {
    methods: [...unlockRequestsMethods],
    events: [],
    publicMethods: [...unlockRequestsMethods],
    audit: false
  } as any)
  const service: any = app.service(unlockRequestsPath)
  service.hooks({
    around: {
      create: [rateLimited((context) => context.data?.username)],
      // A link token names no account: the address alone is counted.
      patch: [rateLimited()]
    },
    before: {
      create: [schemaHooks.validateData(unlockRequestDataValidator)],
      patch: [schemaHooks.validateData(unlockRequestPatchValidator)]
    }
  })
  if (typeof service.publish === 'function') service.publish(() => null)
}
