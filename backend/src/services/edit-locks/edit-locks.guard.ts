import type { Knex } from 'knex'
import { appError } from '../../errors.js'

/** A lock lives this long past its last keep-alive; the client renews it every 30 s (spec, section 9). */
export const LOCK_TTL_SECONDS = 60

/**
 * For a service about to write a record: 423 EDIT_LOCKED when another user holds an unexpired
 * edit lock on it. A caller without a user (internal work, jobs) is never stopped.
 */
export async function assertNotLockedByOther(db: Knex, resource: string, recordId: string | number, userId: number | undefined | null) {
  if (userId == null) return
  const holder = await db('edit_locks')
    .where({ resource, recordId: String(recordId) })
    .whereNot({ userId })
    .where('expiresAt', '>', db.fn.now())
    .first('username')
  if (holder) throw appError(423, 'EDIT_LOCKED', { username: holder.username })
}
