import type { Params } from '@feathersjs/feathers'
import type { Application } from '../../declarations.js'
import { recordSecurityEvent } from '../../auth/security-events.js'
import { checkPassword } from '../../auth/password-check.js'
import { setPassword } from '../profile/profile.js'
import type { PasswordChangeData } from './password-changes.schema.js'

/**
 * An expired password is changed here, without a session (the login answers 403
 * PASSWORD_EXPIRED): the current password is checked like a login attempt (401, counted towards
 * the lock, 423), then the new one must follow the rules (422) and differ (409).
 */
export class PasswordChangeService {
  constructor(private app: Application) {}

  async create(data: PasswordChangeData, params: Params = {}) {
    const user = await checkPassword(this.app, data.username, data.currentPassword, params)
    await setPassword(this.app, user.id, data.newPassword, user.password)
    await recordSecurityEvent(this.app, 'expiredPasswordChanged', user, params, { passwordChanged: true })
    return { username: user.username as string }
  }
}
