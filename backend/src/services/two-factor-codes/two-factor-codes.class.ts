import type { Params } from '@feathersjs/feathers'
import type { Application } from '../../declarations.js'
import type { TwoFactorCodes } from '../../auth/two-factor.js'
import type { TwoFactorCodeData } from './two-factor-codes.schema.js'

/**
 * Resends the authentication code of an open challenge (same challengeId), once
 * `auth.codeResendSeconds` have passed: else 400 CODE_RESEND_TOO_SOON `{seconds}`.
 */
export class TwoFactorCodeService {
  constructor(private app: Application) {}

  async create(data: TwoFactorCodeData, _params?: Params) {
    return (this.app.get('twoFactor') as TwoFactorCodes).resend(data.challengeId)
  }
}
