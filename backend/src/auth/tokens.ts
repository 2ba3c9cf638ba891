import { createHash, randomBytes } from 'node:crypto'
import type { Knex } from 'knex'
import { appError } from '../errors.js'

export type TokenPurpose = 'invite' | 'reset' | 'unlock' | 'two-factor'

const hash = (value: string) => createHash('sha256').update(value).digest('hex')

const purposeList = (purpose: TokenPurpose | readonly TokenPurpose[]) => (Array.isArray(purpose) ? [...purpose] : [purpose as TokenPurpose])

/**
 * Single-use links (invite, reset, unlock): the mail carries a random token, the database only
 * its hash, so a leaked table opens no account.
 */
export async function issueToken(db: Knex, userId: number, purpose: TokenPurpose, ttlMs: number): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  await db('auth_tokens').insert({ id: hash(token), userId, purpose, expiresAt: new Date(Date.now() + ttlMs) })
  return token
}

export interface TokenRow {
  id: string
  userId: number
  purpose: TokenPurpose
  expiresAt: string
  usedAt: string | null
}

/**
 * Reads a token without using it up (to check the form before the link is spent):
 * 400 LINK_EXPIRED when unknown, used, expired or for another purpose.
 */
export async function findToken(db: Knex, token: string, purpose: TokenPurpose | readonly TokenPurpose[]): Promise<TokenRow> {
  const row = await db('auth_tokens')
    .where({ id: hash(String(token ?? '')) })
    .whereIn('purpose', purposeList(purpose))
    .first()
  if (!row || row.usedAt || new Date(row.expiresAt) <= new Date()) throw appError(400, 'LINK_EXPIRED')
  return row
}

/**
 * Uses up a token: 400 LINK_EXPIRED when unknown, used, expired or for another purpose. One
 * conditional update, so two requests racing with the same link cannot both pass.
 */
export async function consumeToken(db: Knex, token: string, purpose: TokenPurpose | readonly TokenPurpose[]): Promise<{ userId: number; purpose: TokenPurpose }> {
  const [row] = await db('auth_tokens')
    .where({ id: hash(String(token ?? '')) })
    .whereIn('purpose', purposeList(purpose))
    .whereNull('usedAt')
    .where('expiresAt', '>', new Date())
    .update({ usedAt: new Date() }, ['userId', 'purpose'])
  if (!row) throw appError(400, 'LINK_EXPIRED')
  return { userId: row.userId, purpose: row.purpose }
}

/** Whether the user was sent a link of this purpose that is still unused since `since`. */
export async function recentlyIssued(db: Knex, userId: number, purpose: TokenPurpose, since: Date): Promise<boolean> {
  const row = await db('auth_tokens').where({ userId, purpose }).whereNull('usedAt').where('createdAt', '>', since).first('id')
  return Boolean(row)
}

export const hashToken = hash
