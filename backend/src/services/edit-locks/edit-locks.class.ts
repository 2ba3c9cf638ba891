import type { NullableId, Paginated, Params } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import type { Application } from '../../declarations.js'
import { appError } from '../../errors.js'
import { LOCK_TTL_SECONDS } from './edit-locks.guard.js'
import type { EditLock, EditLockData, EditLockQuery } from './edit-locks.schema.js'
import { editLockId } from './edit-locks.shared.js'

const present = (row: any): EditLock => ({
  id: editLockId(row.resource, row.recordId),
  resource: row.resource,
  recordId: row.recordId,
  userId: row.userId,
  username: row.username,
  expiresAt: row.expiresAt
})

/** The answer to releasing a lock nobody holds any more. */
type Released = { id: string; resource: string; recordId: string; userId: null; username: null; expiresAt: null }

function parseId(id: NullableId) {
  const text = String(id ?? '')
  const at = text.indexOf(':')
  if (at <= 0 || at === text.length - 1) throw appError(400, 'VALIDATION_FAILED', { details: 'id: <resource>:<recordId>' })
  return { resource: text.slice(0, at), recordId: text.slice(at + 1) }
}

/**
 * Edit locks: whoever opens a record's edit form takes its lock, renews it every 30 s and
 * releases it on leaving. A lock not renewed for 60 s is free again. Another user's save is not
 * refused here but by the record's service (`assertNotLockedByOther`).
 */
export class EditLockService {
  constructor(private app: Application) {}

  private get knex(): Knex {
    return this.app.get('knex')
  }

  async find(params: Params = {}): Promise<Paginated<EditLock>> {
    const { resource, recordId, userId, $limit, $skip = 0 } = (params.query ?? {}) as EditLockQuery
    const limit = Math.min($limit ?? this.app.get('paginate')?.default ?? 25, 100)
    const query = this.knex('edit_locks').where({ resource }).where('expiresAt', '>', this.knex.fn.now())
    if (recordId !== undefined) query.where({ recordId: String(recordId) })
    if (userId !== undefined) query.where({ userId })
    const [{ total }] = await query.clone().count({ total: '*' })
    const rows = limit === 0 ? [] : await query.orderBy('recordId').limit(limit).offset($skip)
    return { total: Number(total), limit, skip: $skip, data: rows.map(present) }
  }

  /** Takes the lock, or renews it when the caller holds it already; 423 while another user does. */
  async create(data: EditLockData, params: Params = {}): Promise<EditLock> {
    return this.take(data.resource, String(data.recordId), params)
  }

  /** Keep-alive: renews the caller's lock (taking it again if it had lapsed and nobody took it). */
  async patch(id: NullableId, _data: unknown, params: Params = {}): Promise<EditLock> {
    const { resource, recordId } = parseId(id)
    return this.take(resource, recordId, params)
  }

  /** Releases the caller's lock. Releasing a lock that has gone already is not an error. */
  async remove(id: NullableId, params: Params = {}): Promise<EditLock | Released> {
    const { resource, recordId } = parseId(id)
    const user = this.userOf(params)
    const [released] = await this.knex('edit_locks').where({ resource, recordId, userId: user.id }).delete().returning('*')
    if (released) return present(released)
    const holder = await this.holder(resource, recordId)
    if (holder) throw appError(423, 'EDIT_LOCKED', { username: holder.username })
    return { id: editLockId(resource, recordId), resource, recordId, userId: null, username: null, expiresAt: null }
  }

  private async take(resource: string, recordId: string, params: Params): Promise<EditLock> {
    const user = this.userOf(params)
    const expiresAt = this.knex.raw(`now() + interval '${LOCK_TTL_SECONDS} seconds'`)
    // One statement: the lock is taken only when it is free, lapsed or the caller's own.
    const result = await this.knex.raw(`
      INSERT INTO edit_locks (resource, record_id, user_id, username, expires_at)
      VALUES (?, ?, ?, ?, ?)
      ON CONFLICT (resource, record_id) DO UPDATE
        SET user_id = excluded.user_id, username = excluded.username, expires_at = excluded.expires_at
        WHERE edit_locks.user_id = excluded.user_id OR edit_locks.expires_at <= now()
      RETURNING resource, record_id, user_id, username, expires_at`,
    [resource, recordId, user.id, user.username, expiresAt])
    const row = result.rows[0]
    if (row) return present({ resource: row.resource, recordId: row.record_id, userId: row.user_id, username: row.username, expiresAt: row.expires_at })
    const holder = await this.holder(resource, recordId)
    throw appError(423, 'EDIT_LOCKED', { username: holder?.username ?? '' })
  }

  private holder(resource: string, recordId: string) {
    return this.knex('edit_locks').where({ resource, recordId }).where('expiresAt', '>', this.knex.fn.now()).first('userId', 'username', 'expiresAt')
  }

  private userOf(params: Params) {
    if (!params.user) throw appError(401, 'NOT_AUTHENTICATED')
    return params.user
  }
}
