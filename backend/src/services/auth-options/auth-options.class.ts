import type { Params } from '@feathersjs/feathers'
import type { Application } from '../../declarations.js'
import { getSetting } from '../../settings-values.js'
import { adMockEnabled, adMockUsers } from '../../auth/ad-mock.js'
import type { AuthOptions } from './auth-options.shared.js'

/** The sign-in methods of the request's region (path prefix or X-Region, else GLOBAL). */
export class AuthOptionsService {
  constructor(private app: Application) {}

  async find(params: Params = {}): Promise<AuthOptions> {
    const db = this.app.get('knex')
    const region = params.region ?? 'GLOBAL'
    const [adMock, forceTwoFactor, codeExpirySeconds, codeResendSeconds] = await Promise.all([
      adMockEnabled(db, region),
      getSetting(db, region, 'auth.forceTwoFactor'),
      getSetting(db, region, 'auth.codeExpirySeconds'),
      getSetting(db, region, 'auth.codeResendSeconds')
    ])
    return {
      adMock,
      oidc: Boolean(this.app.get('oidc')?.enabled),
      forceTwoFactor: Boolean(forceTwoFactor),
      codeExpirySeconds: Number(codeExpirySeconds),
      codeResendSeconds: Number(codeResendSeconds),
      ...(adMock ? { adUsers: await adMockUsers(db, region) } : {})
    }
  }
}
