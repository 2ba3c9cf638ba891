import { schemaHooks } from '../../validators.js'
import type { Application } from '../../declarations.js'
import { rateLimited } from '../../auth/rate-limits.js'
import { PasswordResetService } from './password-resets.class.js'
import { passwordResetDataValidator, passwordResetPatchValidator } from './password-resets.schema.js'
import { passwordResetsMethods, passwordResetsPath } from './password-resets.shared.js'

declare module '../../declarations.js' {
  interface ServiceTypes {
    [passwordResetsPath]: PasswordResetService
  }
}

/** `POST /v1/password-resets {username | email}` → 201 `{}`; `PATCH /v1/password-resets/<token> {password}` → 200 `{username}`. */
export const passwordResets = (app: Application) => {
  app.use(passwordResetsPath, new PasswordResetService(app), {
    methods: [...passwordResetsMethods],
    events: [],
    publicMethods: [...passwordResetsMethods],
    audit: false
  } as any)
  const service: any = app.service(passwordResetsPath)
  service.hooks({
    around: {
      create: [rateLimited((context) => context.data?.username || context.data?.email)],
      // A link token names no account: the address alone is counted.
      patch: [rateLimited()]
    },
    before: {
      create: [schemaHooks.validateData(passwordResetDataValidator)],
      patch: [schemaHooks.validateData(passwordResetPatchValidator)]
    }
  })
  if (typeof service.publish === 'function') service.publish(() => null)
}
