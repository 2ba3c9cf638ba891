import type { NullableId, Paginated, Params } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import type { Application } from '../../declarations.js'
import { appError } from '../../errors.js'
import { callerParams, readableIds } from '../../hooks/resolve-references.js'
import { LOCK_TTL_SECONDS } from './edit-locks.guard.js'
import type { EditLock, EditLockData, EditLockQuery } from './edit-locks.schema.js'
import { editLockId } from './edit-locks.shared.js'
import { accessOf, joinedRecords, type AccessContract } from '../../kit/access.js'

const present = (row: any): EditLock => ({
  id: editLockId(row.resource, row.recordId),
  resource: row.resource,
  recordId: row.recordId,
  userId: row.userId,
  username: row.username,
  expiresAt: row.expiresAt
})

const integerId = /^[1-9][0-9]{0,8}$/

interface LockRule {
  id: RegExp
  access: AccessContract
}

/** The answer to releasing a lock nobody holds any more. */
type Released = { id: string; resource: string; recordId: string; userId: null; username: null; expiresAt: null }

function parseId(id: NullableId) {
  const text = String(id ?? '')
  const at = text.indexOf(':')
  if (at <= 0 || at === text.length - 1) throw appError(400, 'VALIDATION_FAILED', { details: 'id: <resource>:<recordId>' })
  return { resource: text.slice(0, at), recordId: text.slice(at + 1) }
}

/**
 * Edit locks: whoever may update a record and opens its edit form takes its lock, renews it every 30 s and
 * releases it on leaving. A lock not renewed for 60 s is free again. Another user's save is not
 * refused here but by the record's service (`assertNotLockedByOther`).
 */
export class EditLockService {
  constructor(private app: Application) {}

  private get knex(): Knex {
    return this.app.get('knex')
  }

  /**
   * Unexpired locks of a resource. A caller sees only the locks of records they may read (read
   * through the records' own service): who edits what is not news for anyone else.
   */
  async find(params: Params = {}): Promise<Paginated<EditLock>> {
    const { resource, recordId, userId, $limit, $skip = 0 } = (params.query ?? {}) as EditLockQuery
    const limit = Math.min($limit ?? this.app.get('paginate')?.default ?? 25, 100)
    const query = this.knex('edit_locks').where({ resource }).where('expiresAt', '>', this.knex.fn.now())
    if (recordId !== undefined) query.where({ recordId: String(recordId) })
    if (userId !== undefined) query.where({ userId })
    if (!params.provider) {
      const [{ total }] = await query.clone().count({ total: '*' })
      const rows = limit === 0 ? [] : await query.orderBy('recordId').limit(limit).offset($skip)
      return { total: Number(total), limit, skip: $skip, data: rows.map(present) }
    }
    // Locks live a minute and few records are open at once: the readable ones are picked in full.
    const rule = this.ruleOf(resource)
    const rows: any[] = rule ? await query.orderBy('recordId').limit(1000) : []
    const candidates = rows.filter((row) => rule!.id.test(row.recordId)).map((row) => row.recordId)
    const readable = new Set((await readableIds(this.app, params, resource, candidates)).map(String))
    const visible = rows.filter((row) => readable.has(String(row.recordId)))
    return { total: visible.length, limit, skip: $skip, data: visible.slice($skip, $skip + limit).map(present) }
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
    if (holder) {
      // Who holds it is told only to those who read the record.
      if (params.provider) await this.read(resource, recordId, params)
      throw appError(423, 'EDIT_LOCKED', { username: holder.username })
    }
    return { id: editLockId(resource, recordId), resource, recordId, userId: null, username: null, expiresAt: null }
  }

  /**
   * How a resource's records are locked: a record of a service with an access contract
   * (kit/access.ts), its ids `idPattern` (else positive integers), by whom its `act(record,
   * 'update')` lets; undefined for what cannot be locked.
   */
  private ruleOf(resource: string): LockRule | undefined {
    const service = Object.hasOwn((this.app as any).services ?? {}, resource) ? (this.app as any).services[resource] : undefined
    const access = service ? accessOf(service) : undefined
    return access ? { id: access.idPattern ?? integerId, access } : undefined
  }

  /** The record as the caller reads it through its own service: 404 for an unknown resource or id, the service's 403/404 otherwise. */
  private async read(resource: string, recordId: string, params: Params) {
    const rule = this.ruleOf(resource)
    if (!rule || !rule.id.test(recordId)) throw appError(404, 'NOT_FOUND')
    const caller = callerParams(params)
    const record = await (this.app.service(resource as any) as any).get(rule.id === integerId ? Number(recordId) : recordId, { ...caller, query: {} })
    return { rule, caller, record }
  }

  /** Only who may update a record locks it: read through its service (404 unreadable), then its contract's `act` on it (403). */
  private async assertMayEdit(resource: string, recordId: string, params: Params) {
    const { rule, record } = await this.read(resource, recordId, params)
    // A rule that needs more than the row (a query's tender) is given the record as `joined` completes it.
    const [joined] = await joinedRecords(rule.access, [record], this.knex)
    if (!rule.access.act(joined, 'update', params)) throw appError(403, 'FORBIDDEN')
  }

  private async take(resource: string, recordId: string, params: Params): Promise<EditLock> {
    const user = this.userOf(params)
    if (params.provider) await this.assertMayEdit(resource, recordId, params)
    const expiresAt = this.knex.raw(`now() + interval '${LOCK_TTL_SECONDS} seconds'`)
    // One statement: the lock is taken only when it is free, lapsed or the caller's own.
    const result = await this.knex.raw(
      `
      INSERT INTO edit_locks (resource, record_id, user_id, username, expires_at)
      VALUES (?, ?, ?, ?, ?)
      ON CONFLICT (resource, record_id) DO UPDATE
        SET user_id = excluded.user_id, username = excluded.username, expires_at = excluded.expires_at
        WHERE edit_locks.user_id = excluded.user_id OR edit_locks.expires_at <= now()
      RETURNING resource, record_id, user_id, username, expires_at`,
      [resource, recordId, user.id, user.username, expiresAt]
    )
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
