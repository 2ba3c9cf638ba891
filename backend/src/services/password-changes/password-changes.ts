import { schemaHooks } from '../../validators.js'
import type { Application } from '../../declarations.js'
import { rateLimited } from '../../auth/rate-limits.js'
import { PasswordChangeService } from './password-changes.class.js'
import { passwordChangeDataValidator } from './password-changes.schema.js'
import { passwordChangesMethods, passwordChangesPath } from './password-changes.shared.js'

declare module '../../declarations.js' {
  interface ServiceTypes {
    [passwordChangesPath]: PasswordChangeService
  }
}

/** `POST /v1/password-changes {username, currentPassword, newPassword}` → 201 `{username}`. */
export const passwordChanges = (app: Application) => {
  app.use(passwordChangesPath, new PasswordChangeService(app), {
    methods: [...passwordChangesMethods],
    events: [],
    publicMethods: [...passwordChangesMethods],
    audit: false
  } as any)
  const service: any = app.service(passwordChangesPath)
  service.hooks({
    around: {
      create: [rateLimited((context) => context.data?.username)]
    },
    before: { create: [schemaHooks.validateData(passwordChangeDataValidator)] }
  })
  if (typeof service.publish === 'function') service.publish(() => null)
}
