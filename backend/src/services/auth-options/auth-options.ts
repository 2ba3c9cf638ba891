import type { Application } from '../../declarations.js'
import { AuthOptionsService } from './auth-options.class.js'
import { authOptionsMethods, authOptionsPath } from './auth-options.shared.js'

declare module '../../declarations.js' {
  interface ServiceTypes {
    [authOptionsPath]: AuthOptionsService
  }
}

/** `GET /v1/auth-options` (no token): `{adMock, oidc, forceTwoFactor, codeExpirySeconds, codeResendSeconds, adUsers?}`. */
export const authOptions = (app: Application) => {
  app.use(authOptionsPath, new AuthOptionsService(app), {
    methods: [...authOptionsMethods],
    events: [],
    publicMethods: [...authOptionsMethods],
    audit: false
  } as any)
}
