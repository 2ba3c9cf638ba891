import { schemaHooks } from '../../validators.js'
import type { Application } from '../../declarations.js'
import { rateLimited } from '../../auth/rate-limits.js'
import { TwoFactorCodeService } from './two-factor-codes.class.js'
import { twoFactorCodeDataValidator } from './two-factor-codes.schema.js'
import { twoFactorCodesMethods, twoFactorCodesPath } from './two-factor-codes.shared.js'

declare module '../../declarations.js' {
  interface ServiceTypes {
    [twoFactorCodesPath]: TwoFactorCodeService
  }
}

/** `POST /v1/two-factor-codes {challengeId}` → 201 `{challengeId, email, expiresInSeconds, resendInSeconds}`. */
export const twoFactorCodes = (app: Application) => {
  app.use(twoFactorCodesPath, new TwoFactorCodeService(app), {
    methods: [...twoFactorCodesMethods],
    events: [],
    publicMethods: [...twoFactorCodesMethods],
    audit: false
  } as any)
  const service: any = app.service(twoFactorCodesPath)
  service.hooks({
    around: {
      create: [rateLimited((context) => context.data?.challengeId)]
    },
    before: { create: [schemaHooks.validateData(twoFactorCodeDataValidator)] }
  })
  if (typeof service.publish === 'function') service.publish(() => null)
}
