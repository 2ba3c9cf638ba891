import type { Params } from '@feathersjs/feathers'
import type { Application } from '../../declarations.js'
import { appError } from '../../errors.js'
import { logger } from '../../logger.js'
import { mailResetLink } from '../../auth/account-mail.js'
import { recordSecurityEvent } from '../../auth/security-events.js'
import { checkNewPassword } from '../../auth/password-check.js'
import { consumeToken, findToken, type TokenPurpose } from '../../auth/tokens.js'
import { setPassword } from '../profile/profile.js'
import type { PasswordResetData, PasswordResetPatch } from './password-resets.schema.js'

// An invitation link sets the first password through the same form.
const LINK_PURPOSES: TokenPurpose[] = ['reset', 'invite']
const MAX_ACCOUNTS_PER_EMAIL = 10

/**
 * Forgotten passwords: `create` answers the same `{}` at once, whether or not any account is
 * named, and mails a reset link to the enabled account(s) named after answering; `patch` (id =
 * the link's token) sets the password. A reset keeps a lock: unlocking has its own link.
 */
export class PasswordResetService {
  /**
   * The links asked for and not yet mailed, one after another: a second request for the same
   * account sees the first one's link and sends none ("one link a minute"). A clean stop waits.
   */
  private mailing: Promise<void> = Promise.resolve()

  constructor(private app: Application) {}

  /**
   * Nothing about the accounts named is read before the answer (issue 27 item 9): looking them
   * up, issuing a token and queueing the mail made a known account's answer some 3 ms slower
   * than an unknown one's. That work starts once the answer is on its way.
   */
  async create(data: PasswordResetData, params?: Params) {
    const username = data.username?.trim()
    const email = data.email?.trim()
    if (!username && !email) throw appError(400, 'VALIDATION_FAILED', { details: 'username or email' })
    this.mailing = this.mailing
      .then(() => new Promise((resolve) => setImmediate(resolve)))
      .then(() => this.mailLinks(username, email, params))
      .catch((error) => logger.error('password reset mail:', error))
    return {}
  }

  /** Resolves once every reset asked for so far has been mailed (or its failure logged). */
  async settled() {
    let last
    while (last !== this.mailing) {
      last = this.mailing
      await last
    }
  }

  async teardown() {
    await this.settled()
  }

  private async mailLinks(username: string | undefined, email: string | undefined, params?: Params) {
    const query = this.app.get('knex')('users').where({ enabled: true }).orderBy('id').limit(MAX_ACCOUNTS_PER_EMAIL).select('id', 'username', 'email', 'displayName', 'defaultRegion', 'regions')
    if (username) query.whereRaw('lower(username) = lower(?)', [username])
    else query.whereRaw('lower(email) = lower(?)', [email ?? ''])
    for (const user of await query) {
      // One account's failed mail must not keep the others' links.
      await mailResetLink(this.app, user, params).catch((error) => logger.error(`password reset mail for ${user.username}:`, error))
    }
  }

  async patch(token: string | null, data: PasswordResetPatch, params: Params = {}) {
    const db = this.app.get('knex')
    const link = await findToken(db, String(token ?? ''), LINK_PURPOSES)
    const user = await db('users').where({ id: link.userId }).first()
    if (!user) throw appError(400, 'LINK_EXPIRED')
    if (!user.enabled) throw appError(403, 'ACCOUNT_DISABLED')
    // The rules first: a mistyped password must not spend the link.
    await checkNewPassword(data.password, user.password)
    const { purpose } = await consumeToken(db, String(token ?? ''), LINK_PURPOSES)
    await setPassword(this.app, user.id, data.password, user.password)
    // Other links of the account are worth nothing now.
    await db('auth_tokens').where({ userId: user.id }).whereIn('purpose', LINK_PURPOSES).whereNull('usedAt').update({ usedAt: new Date() })
    await recordSecurityEvent(this.app, purpose === 'invite' ? 'inviteAccepted' : 'passwordReset', user, params, { passwordChanged: true })
    return { username: user.username as string }
  }
}
