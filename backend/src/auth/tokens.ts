import { createHash, randomBytes } from 'node:crypto'
import type { Knex } from 'knex'
import { appError } from '../errors.js'

export type TokenPurpose = 'invite' | 'reset' | 'unlock' | 'two-factor'

const hash = (value: string) => createHash('sha256').update(value).digest('hex')

/**
 * Single-use links (invite, reset, unlock): the mail carries a random token, the database only
 * its hash, so a leaked table opens no account.
 */
export async function issueToken(db: Knex, userId: number, purpose: TokenPurpose, ttlMs: number): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  await db('auth_tokens').insert({ id: hash(token), userId, purpose, expiresAt: new Date(Date.now() + ttlMs) })
  return token
}

/** Uses up a token: 400 LINK_EXPIRED when unknown, used, expired or for another purpose. */
export async function consumeToken(db: Knex, token: string, purpose: TokenPurpose): Promise<{ userId: number }> {
  const row = await db('auth_tokens').where({ id: hash(String(token ?? '')), purpose }).first()
  if (!row || row.usedAt || new Date(row.expiresAt) < new Date()) throw appError(400, 'LINK_EXPIRED')
  await db('auth_tokens').where({ id: row.id }).update({ usedAt: new Date() })
  return { userId: row.userId }
}

export const hashToken = hash
