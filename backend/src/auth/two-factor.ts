import { AuthenticationBaseStrategy } from '@feathersjs/authentication'
import type { Params } from '@feathersjs/feathers'
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import type { Knex } from 'knex'
import type { Application } from '../declarations.js'
import { appError } from '../errors.js'
import { getSetting } from '../settings-values.js'
import { logger } from '../logger.js'
import { accountMailRegions, invalidationOf } from './account-mail.js'
import { passwordAge } from './passwords.js'
import { toPrincipalUser } from './principals.js'
import { recordSecurityEvent } from './security-events.js'
import { hashToken } from './tokens.js'

/** What the password login asks of two-factor (see PortalLocalStrategy). */
export interface TwoFactor {
  requiredFor(row: any): Promise<boolean>
  /** Sends a code and throws 401 TWO_FACTOR_REQUIRED with the challenge to answer. */
  challenge(row: any, params: Params): Promise<never>
}

declare module '../declarations.js' {
  interface Configuration {
    twoFactor: TwoFactor
  }
}

// A challenge may have its code resent for this long after the password was given; then the
// user logs in again, so a stolen challenge id is not good for ever.
const CHALLENGE_LIFETIME_MS = 30 * 60_000
// Locked-out challenges within this window that lock the account itself (auth.maxFailedLogins).
const LOCKOUT_WINDOW_MS = 24 * 3_600_000
const PURPOSE = 'two-factor'

/**
 * The code is stored keyed by the challenge id, which the table holds only as a hash: a leaked
 * table gives neither the id nor a way to try the million codes offline.
 */
const codeHash = (challengeId: string, code: string) => createHmac('sha256', challengeId).update(code).digest('hex')
const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0')

function sameHash(a: string | null, b: string) {
  if (!a || a.length !== b.length) return false
  return timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'))
}

/** a***@example.com: enough for the user to know which mailbox to open. */
export function maskEmail(email: string) {
  const [name, domain] = String(email ?? '').split('@')
  if (!domain) return ''
  return `${name.slice(0, 1)}***@${domain}`
}

async function codeSettings(db: Knex, region: string | null) {
  const [expirySeconds, resendSeconds, maxTries] = await Promise.all([
    getSetting(db, region ?? 'GLOBAL', 'auth.codeExpirySeconds'),
    getSetting(db, region ?? 'GLOBAL', 'auth.codeResendSeconds'),
    getSetting(db, region ?? 'GLOBAL', 'auth.codeMaxTries')
  ])
  return { expirySeconds: Number(expirySeconds), resendSeconds: Number(resendSeconds), maxTries: Number(maxTries) }
}

export interface ChallengeInfo {
  challengeId: string
  /** Masked address the code went to. */
  email: string
  expiresInSeconds: number
  resendInSeconds: number
}

/**
 * E-mailed authentication codes for external users when `auth.forceTwoFactor` is on in their
 * default region: the password login opens a challenge and mails a 6-digit code; the
 * `two-factor` strategy answers it; `two-factor-codes` resends it.
 */
export class TwoFactorCodes implements TwoFactor {
  constructor(private app: Application) {}

  private get db(): Knex {
    return this.app.get('knex')
  }

  async requiredFor(row: any) {
    if (row.source !== 'EXT') return false
    return Boolean(await getSetting(this.db, row.defaultRegion ?? 'GLOBAL', 'auth.forceTwoFactor'))
  }

  async challenge(row: any, _params: Params): Promise<never> {
    const settings = await codeSettings(this.db, row.defaultRegion)
    const challengeId = randomBytes(24).toString('base64url')
    const code = newCode()
    const now = Date.now()
    // One open challenge per account: a new login retires the ones before it.
    await this.db('auth_tokens')
      .where({ userId: row.id, purpose: PURPOSE })
      .whereNull('usedAt')
      .update({ usedAt: new Date(now) })
    await this.db('auth_tokens').insert({
      id: hashToken(challengeId),
      userId: row.id,
      purpose: PURPOSE,
      codeHash: codeHash(challengeId, code),
      tries: 0,
      createdAt: new Date(now),
      expiresAt: new Date(now + settings.expirySeconds * 1000)
    })
    await this.mailCode(row, code, settings.expirySeconds)
    throw appError(401, 'TWO_FACTOR_REQUIRED', this.info(challengeId, row, settings) as any)
  }

  /** Checks a code: 400 CODE_WRONG, 423 CODE_LOCKED at the last allowed try, 410 CODE_EXPIRED. */
  async verify(challengeId: unknown, code: unknown, params?: Params) {
    const id = String(challengeId ?? '')
    const row = id
      ? await this.db('auth_tokens')
          .where({ id: hashToken(id), purpose: PURPOSE })
          .first()
      : undefined
    if (!row) throw appError(410, 'CODE_EXPIRED')
    const user = await this.db('users').where({ id: row.userId }).first()
    const settings = await codeSettings(this.db, user?.defaultRegion ?? null)
    if (row.tries >= settings.maxTries) throw appError(423, 'CODE_LOCKED')
    if (row.usedAt || new Date(row.expiresAt) <= new Date() || !user) throw appError(410, 'CODE_EXPIRED')

    if (!sameHash(row.codeHash, codeHash(id, String(code ?? '')))) {
      const [counted] = await this.db('auth_tokens').where({ id: row.id }).whereNull('usedAt').where('tries', '<', settings.maxTries).increment('tries', 1).returning(['tries'])
      if (!counted) throw appError(423, 'CODE_LOCKED')
      if (counted.tries >= settings.maxTries) {
        await this.db('auth_tokens').where({ id: row.id }).update({ usedAt: new Date() })
        await recordSecurityEvent(this.app, 'twoFactorLocked', user, params, { tries: counted.tries })
        await this.lockAccountAfterRepeatedLockouts(user, settings.maxTries, params)
        throw appError(423, 'CODE_LOCKED')
      }
      await recordSecurityEvent(this.app, 'twoFactorFailed', user, params, { tries: counted.tries, triesLeft: settings.maxTries - counted.tries })
      throw appError(400, 'CODE_WRONG', { triesLeft: settings.maxTries - counted.tries })
    }

    const [spent] = await this.db('auth_tokens').where({ id: row.id }).whereNull('usedAt').where('tries', '<', settings.maxTries).update({ usedAt: new Date() }, ['id'])
    if (!spent) throw appError(410, 'CODE_EXPIRED')
    // The account may have changed while the code was on its way.
    const current = await this.db('users').where({ id: row.userId }).first()
    if (current.lockedAt) throw appError(423, 'ACCOUNT_LOCKED')
    if (!current.enabled) throw appError(403, 'ACCOUNT_DISABLED')
    const age = passwordAge(current.passwordChangedAt)
    if (age.state === 'expired') throw appError(403, 'PASSWORD_EXPIRED', { username: current.username })
    return { row: current, passwordWarningDays: age.state === 'grace' ? age.daysLeft : undefined }
  }

  /**
   * A new code for the same challenge, once `auth.codeResendSeconds` have passed since the last
   * one (400 CODE_RESEND_TOO_SOON with the seconds left). Wrong tries keep counting.
   */
  async resend(challengeId: unknown): Promise<ChallengeInfo> {
    const id = String(challengeId ?? '')
    const row = id
      ? await this.db('auth_tokens')
          .where({ id: hashToken(id), purpose: PURPOSE })
          .first()
      : undefined
    if (!row) throw appError(410, 'CODE_EXPIRED')
    const user = await this.db('users').where({ id: row.userId }).first()
    const settings = await codeSettings(this.db, user?.defaultRegion ?? null)
    if (row.tries >= settings.maxTries) throw appError(423, 'CODE_LOCKED')
    if (row.usedAt || !user || Date.now() - new Date(row.createdAt).getTime() > CHALLENGE_LIFETIME_MS) throw appError(410, 'CODE_EXPIRED')
    if (user.lockedAt) throw appError(423, 'ACCOUNT_LOCKED')
    if (!user.enabled) throw appError(403, 'ACCOUNT_DISABLED')

    // When the last code went out, read back from its expiry: the table keeps no other time.
    const lastSentAt = new Date(row.expiresAt).getTime() - settings.expirySeconds * 1000
    const waitMs = lastSentAt + settings.resendSeconds * 1000 - Date.now()
    if (waitMs > 0) throw appError(400, 'CODE_RESEND_TOO_SOON', { seconds: Math.ceil(waitMs / 1000) })

    const code = newCode()
    // Conditional on the expiry read above, so two resends at once send one code.
    const [updated] = await this.db('auth_tokens')
      .where({ id: row.id, expiresAt: row.expiresAt })
      .whereNull('usedAt')
      .update({ codeHash: codeHash(id, code), expiresAt: new Date(Date.now() + settings.expirySeconds * 1000) }, ['id'])
    if (!updated) throw appError(400, 'CODE_RESEND_TOO_SOON', { seconds: settings.resendSeconds })
    await this.mailCode(user, code, settings.expirySeconds)
    return this.info(id, user, settings)
  }

  private info(challengeId: string, user: any, settings: { expirySeconds: number; resendSeconds: number }): ChallengeInfo {
    return { challengeId, email: maskEmail(user.email), expiresInSeconds: settings.expirySeconds, resendInSeconds: settings.resendSeconds }
  }

  private async mailCode(user: any, code: string, expirySeconds: number) {
    const mailer = this.app.get('mailer')
    if (!mailer) {
      logger.warn(`auth.code for ${user.username}: no mailer configured, the code is not sent`)
      return
    }
    await mailer.enqueue({
      template: 'auth.code',
      to: [user.email],
      region: user.defaultRegion,
      regions: accountMailRegions(user),
      data: { displayName: user.displayName, code, minutes: Math.ceil(expirySeconds / 60) }
    })
  }

  /**
   * Each challenge allows a few tries, but whoever has the password can open new challenges:
   * after `auth.maxFailedLogins` locked-out challenges within a day the account itself locks.
   */
  private async lockAccountAfterRepeatedLockouts(user: any, maxTries: number, params?: Params) {
    const maxLockouts = await getSetting(this.db, user.defaultRegion ?? 'GLOBAL', 'auth.maxFailedLogins')
    const [{ count }] = await this.db('auth_tokens')
      .where({ userId: user.id, purpose: PURPOSE })
      .where('tries', '>=', maxTries)
      .where('createdAt', '>', new Date(Date.now() - LOCKOUT_WINDOW_MS))
      .count({ count: '*' })
    if (Number(count) < maxLockouts) return
    const [locked] = await this.db('users').where({ id: user.id }).whereNull('lockedAt').update({ lockedAt: new Date() }, ['id'])
    await invalidationOf(this.app).publish({ kind: 'user', id: user.id })
    if (locked) await recordSecurityEvent(this.app, 'locked', user, params, { reason: 'two-factor', lockedChallenges: Number(count) })
  }
}

/** `{ strategy: 'two-factor', challengeId, code }`: the second step of an external user's login. */
export class TwoFactorStrategy extends AuthenticationBaseStrategy {
  constructor(private codes: TwoFactorCodes) {
    super()
  }

  async authenticate(data: any, params: Params) {
    const { row, passwordWarningDays } = await this.codes.verify(data.challengeId, data.code, params)
    return {
      authentication: { strategy: this.name! },
      user: toPrincipalUser(row),
      ...(passwordWarningDays ? { passwordWarningDays } : {})
    }
  }
}
