import bcrypt from 'bcrypt'
import type { Application } from '../declarations.js'
import { appError } from '../errors.js'
import { getSetting } from '../settings-values.js'
import { invalidationOf } from './account-mail.js'
import { isStrongPassword } from './passwords.js'

// Compared against when the username is unknown, so both failures take the same time.
const DUMMY_HASH = bcrypt.hashSync('not-a-real-password', 10)

/**
 * Username and current password, checked as the login checks them: the same work for an unknown
 * user, 423 for a locked account, and every wrong password counted towards the lock, so this
 * door is no way around the login's limit. Answers the account row.
 */
export async function checkCurrentPassword(app: Application, username: unknown, password: unknown) {
  const db = app.get('knex')
  const name = String(username ?? '').trim()
  const row = name ? await db('users').whereRaw('lower(username) = lower(?)', [name]).first() : undefined
  const matches = await bcrypt.compare(String(password ?? ''), row?.password ?? DUMMY_HASH)
  if (!row || !row.password) throw appError(401, 'INVALID_LOGIN')
  if (row.lockedAt) throw appError(423, 'ACCOUNT_LOCKED')
  if (!matches) {
    const maxFailures = await getSetting(db, row.defaultRegion, 'auth.maxFailedLogins')
    const [{ failedLogins }] = await db('users').where({ id: row.id }).increment('failedLogins', 1).returning(['failedLogins'])
    if (failedLogins >= maxFailures) {
      await db('users').where({ id: row.id }).whereNull('lockedAt').update({ lockedAt: new Date() })
      await invalidationOf(app).publish({ kind: 'user', id: row.id })
      throw appError(423, 'ACCOUNT_LOCKED')
    }
    throw appError(401, 'INVALID_LOGIN')
  }
  if (!row.enabled) throw appError(403, 'ACCOUNT_DISABLED')
  return row
}

/** The rules of a new password, checked before a single-use link is spent on it: 422, then 409. */
export async function checkNewPassword(newPassword: unknown, currentHash?: string | null) {
  if (!isStrongPassword(newPassword)) throw appError(422, 'PASSWORD_PATTERN')
  if (currentHash && (await bcrypt.compare(String(newPassword), currentHash))) throw appError(409, 'PASSWORD_REUSED')
}
