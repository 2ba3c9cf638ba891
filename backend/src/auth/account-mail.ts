import type { Params } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import type { Application } from '../declarations.js'
import { logger } from '../logger.js'
import { mailLink } from '../mail/links.js'
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
  /** The regions whose administrators read its account mails in the outbox. */
  regions?: string[] | null
}

/**
 * Who reads a mail about an account in the outbox: the administrators of the account's regions
 * (an HK user's reset mail is HK's business, not SG's); an account without regions is GLOBAL's
 * only. GLOBAL's administrators read every mail (mail-messages).
 */
export function accountMailRegions(user: { regions?: string[] | null; defaultRegion?: string | null }): string[] {
  if (user.regions?.length) return [...user.regions]
  return [user.defaultRegion ?? 'GLOBAL']
}

/** Mails a password-reset link (valid 1 h), unless one went out in the last minute. */
export async function mailResetLink(app: Application, user: AccountRow, params?: Params) {
  const db: Knex = app.get('knex')
  if (await recentlyIssued(db, user.id, 'reset', new Date(Date.now() - LINK_GAP_MS))) return false
  const token = await issueToken(db, user.id, 'reset', RESET_LINK_TTL_MS)
  await send(app, user, 'password.reset', mailLink(app, params, '/pub/resetpwd', { token }))
  return true
}

/** Mails the link that unlocks a locked account (valid 1 h), unless one went out in the last minute. */
export async function mailUnlockLink(app: Application, user: AccountRow, params?: Params) {
  const db: Knex = app.get('knex')
  if (await recentlyIssued(db, user.id, 'unlock', new Date(Date.now() - LINK_GAP_MS))) return false
  const token = await issueToken(db, user.id, 'unlock', UNLOCK_LINK_TTL_MS)
  await send(app, user, 'account.unlock', mailLink(app, params, '/pub/confirm-unlock', { token }))
  return true
}

async function send(app: Application, user: AccountRow, template: 'password.reset' | 'account.unlock', link: string) {
  const mailer = app.get('mailer')
  if (!mailer) {
    logger.warn(`${template} for ${user.username}: no mailer configured, the link is not sent`)
    return
  }
  await mailer.enqueue({ template, to: [user.email], region: user.defaultRegion, regions: accountMailRegions(user), data: { displayName: user.displayName, link } })
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
