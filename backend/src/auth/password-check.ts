import bcrypt from 'bcrypt'
import type { Application } from '../declarations.js'
import { appError } from '../errors.js'
import { readSetting } from '../settings-values.js'
import type { Params } from '@feathersjs/feathers'
import { invalidationOf, mailUnlockLink } from './account-mail.js'
import { recordSecurityEvent } from './security-events.js'
import { isStrongPassword } from './passwords.js'
import { inTransaction } from '../db/transaction.js'

// Compared against when the username is unknown, so both failures take the same time.
const DUMMY_HASH = bcrypt.hashSync('not-a-real-password', 10)

/**
 * Username and password, as every password door checks them (the login, the change of an expired
 * password). Answers the account row; else 401 INVALID_LOGIN, 423 ACCOUNT_LOCKED, 403
 * ACCOUNT_DISABLED.
 *
 * - An unknown user costs what a wrong password costs: the same statements (the counting UPDATE
 *   runs for it too and matches no row), the same bcrypt, the same setting read.
 * - Failures are counted and the lock set in one UPDATE, so concurrent guesses cannot all read
 *   the same count: exactly one of them locks the account (and mails the unlock link).
 * - The right password passes only through an UPDATE conditional on the account being unlocked,
 *   so a right guess inside a burst is refused once the burst has locked the account.
 */
export async function checkPassword(app: Application, username: unknown, password: unknown, params?: Params) {
  const db = app.get('knex')
  const name = String(username ?? '').trim()
  const row = await db('users').whereRaw('lower(username) = lower(?)', [name]).first()
  const account = row?.password ? row : undefined
  const matches = await bcrypt.compare(String(password ?? ''), account?.password ?? DUMMY_HASH)
  // Read afresh, not kept: a kept value for one region and not another would make a known user's
  // wrong password cost a query less or more than an unknown user's.
  const maxFailures = Number(await readSetting(db, account?.defaultRegion ?? 'GLOBAL', 'auth.maxFailedLogins'))

  if (!account || !matches) {
    const [counted] = await inTransaction(db, async (trx): Promise<Array<{ id: number; failedLogins: number; lockedAt: string | null }>> => {
      // Committed without waiting for the disk: a counted row and a row matched by no one then cost
      // the same time (a crash may forget the last count, never half-write it).
      await trx.raw('SET LOCAL synchronous_commit TO OFF')
      return trx('users')
        .where({ id: account?.id ?? 0 })
        .whereNull('lockedAt')
        .update(
          {
            failedLogins: trx.raw('failed_logins + 1'),
            lockedAt: trx.raw('CASE WHEN failed_logins + 1 >= ? THEN now() END', [maxFailures])
          },
          ['id', 'failedLogins', 'lockedAt']
        )
    })
    if (counted?.lockedAt) {
      await invalidationOf(app).publish({ kind: 'user', id: account.id })
      await recordSecurityEvent(app, 'locked', account, params, { reason: 'failed-logins', failedLogins: counted.failedLogins })
      // The lock message points to the unlock link: send it now.
      await mailUnlockLink(app, account, params).catch(() => false)
      throw appError(423, 'ACCOUNT_LOCKED')
    }
    // No row counted for a known account: it is locked (maybe by a guess of the same burst).
    if (account && !counted) throw appError(423, 'ACCOUNT_LOCKED')
    throw appError(401, 'INVALID_LOGIN')
  }
  const [open] = await db('users').where({ id: account.id }).whereNull('lockedAt').update({ failedLogins: 0 }, ['id'])
  if (!open) throw appError(423, 'ACCOUNT_LOCKED')
  if (!account.enabled) throw appError(403, 'ACCOUNT_DISABLED')
  return account
}

/** The rules of a new password, checked before a single-use link is spent on it: 422, then 409. */
export async function checkNewPassword(newPassword: unknown, currentHash?: string | null) {
  if (!isStrongPassword(newPassword)) throw appError(422, 'PASSWORD_PATTERN')
  if (currentHash && (await bcrypt.compare(String(newPassword), currentHash))) throw appError(409, 'PASSWORD_REUSED')
}
