import type { AuthenticationService } from '@feathersjs/authentication'
import type { Application } from '../declarations.js'
import { AdMockStrategy } from './ad-mock.js'
import { configureDirectorySignIn } from './directory-sign-in.js'
import { TwoFactorCodes, TwoFactorStrategy } from './two-factor.js'

/**
 * The sign-in methods beside the password: e-mailed codes for external users (`two-factor`,
 * and `app.get('twoFactor')` for the password login to call), the directory stand-in
 * (`ad-mock`), and directory sign-in through OpenID Connect (`ad`, when `oidc.enabled`).
 */
export function configureLoginMethods(app: Application, service: AuthenticationService) {
  const codes = new TwoFactorCodes(app)
  app.set('twoFactor', codes)
  service.register('two-factor', new TwoFactorStrategy(codes))
  service.register('ad-mock', new AdMockStrategy())
  configureDirectorySignIn(app, service)
}
