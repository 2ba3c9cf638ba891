import type { Params } from '@feathersjs/feathers'
import type { Application } from '../../declarations.js'
import { appError } from '../../errors.js'
import { logger } from '../../logger.js'
import { invalidationOf, mailUnlockLink } from '../../auth/account-mail.js'
import { recordSecurityEvent } from '../../auth/security-events.js'
import { consumeToken } from '../../auth/tokens.js'
import type { UnlockRequestData } from './unlock-requests.schema.js'

/**
 * Self-service unlock: `create` mails an unlock link to a locked, enabled account and answers
 * `{}` whatever the username; `patch` (id = the link's token) lifts the lock. A disabled
 * account stays out: that is the administrator's decision, not a lock.
 */
export class UnlockRequestService {
  constructor(private app: Application) {}

  async create(data: UnlockRequestData, params?: Params) {
    const user = await this.app
      .get('knex')('users')
      .whereRaw('lower(username) = lower(?)', [data.username.trim()])
      .where({ enabled: true })
      .whereNotNull('lockedAt')
      .first('id', 'username', 'email', 'displayName', 'defaultRegion', 'regions')
    if (user) await mailUnlockLink(this.app, user, params).catch((error) => logger.error(`unlock mail for ${user.username}:`, error))
    return {}
  }

  async patch(token: string | null, _data: unknown, params: Params = {}) {
    const db = this.app.get('knex')
    const { userId } = await consumeToken(db, String(token ?? ''), 'unlock')
    const [user] = await db('users').where({ id: userId }).update({ lockedAt: null, failedLogins: 0, updatedAt: new Date() }, ['id', 'username', 'defaultRegion'])
    if (!user) throw appError(400, 'LINK_EXPIRED')
    await invalidationOf(this.app).publish({ kind: 'user', id: userId })
    await recordSecurityEvent(this.app, 'unlocked', user, params, { lockedAt: null, failedLogins: 0 })
    return { username: user.username as string }
  }
}
