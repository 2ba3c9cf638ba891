import type { Knex } from 'knex'
import type { Application } from '../declarations.js'
import { logger } from '../logger.js'
import type { InvalidationBus } from './invalidation.js'
import { issueToken, recentlyIssued } from './tokens.js'

export const RESET_LINK_TTL_MS = 3_600_000
export const UNLOCK_LINK_TTL_MS = 3_600_000
// One link a minute per account and purpose, however often the form is sent: no mailbox flooding.
const LINK_GAP_MS = 60_000

export interface AccountRow {
  id: number
  username: string
  email: string
  displayName: string
  defaultRegion: string | null
}

/**
 * The link a mail carries. Built on the configured public URL, never on the request's Host
 * header: a forged Host would otherwise send a victim a working token on someone else's site.
 */
export function publicLink(app: Application, path: string, token: string) {
  return `${app.get('publicUrl') || ''}${path}?token=${encodeURIComponent(token)}`
}

/** Mails a password-reset link (valid 1 h), unless one went out in the last minute. */
export async function mailResetLink(app: Application, user: AccountRow) {
  const db: Knex = app.get('knex')
  if (await recentlyIssued(db, user.id, 'reset', new Date(Date.now() - LINK_GAP_MS))) return false
  const token = await issueToken(db, user.id, 'reset', RESET_LINK_TTL_MS)
  await send(app, user, 'password.reset', publicLink(app, '/pub/resetpwd', token))
  return true
}

/** Mails the link that unlocks a locked account (valid 1 h), unless one went out in the last minute. */
export async function mailUnlockLink(app: Application, user: AccountRow) {
  const db: Knex = app.get('knex')
  if (await recentlyIssued(db, user.id, 'unlock', new Date(Date.now() - LINK_GAP_MS))) return false
  const token = await issueToken(db, user.id, 'unlock', UNLOCK_LINK_TTL_MS)
  await send(app, user, 'account.unlock', publicLink(app, '/pub/confirm-unlock', token))
  return true
}

async function send(app: Application, user: AccountRow, template: 'password.reset' | 'account.unlock', link: string) {
  const mailer = app.get('mailer')
  if (!mailer) {
    logger.warn(`${template} for ${user.username}: no mailer configured, the link is not sent`)
    return
  }
  await mailer.enqueue({ template, to: [user.email], region: user.defaultRegion, data: { displayName: user.displayName, link } })
}

/** The bus that drops caches of accounts and sessions in every process. */
export const invalidationOf = (app: Application) => app.get('invalidation' as any) as InvalidationBus

/**
 * Ends every open session of a user (but `keep`, the caller's own) here and, through NOTIFY, in
 * the other processes.
 */
export async function endSessionsOf(app: Application, userId: number, keep?: string) {
  const db: Knex = app.get('knex')
  const query = db('sessions').where({ userId }).whereNull('endedAt')
  if (keep) query.whereNot({ id: keep })
  const ended: Array<{ id: string }> = await query.update({ endedAt: new Date() }, ['id'])
  for (const { id } of ended) await invalidationOf(app).publish({ kind: 'session', id })
}
