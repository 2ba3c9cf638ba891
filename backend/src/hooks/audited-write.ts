import { serviceOptions as getServiceOptions } from '../service-options.js'
import { accessOf } from '../kit/access.js'
import { assertNotLockedByOther } from '../services/edit-locks/edit-locks.guard.js'
import type { Application, HookContext, NextFunction } from '../declarations.js'
import { appError } from '../errors.js'
import { permissionCatalogue } from '../abilities/permission-catalogue.shared.js'
import { announceAuditEntries } from '../services/audit-log/audit-log.announce.js'
import { inTransaction } from '../db/transaction.js'

export interface WriteServiceOptions {
  /** Writes are recorded in the audit log (default true). */
  audit?: boolean
  /** patch and update must carry the `updatedAt` they read; a stale one answers 410. */
  concurrency?: boolean
  /** Fields that never leave the server: not in the audit log, not in real-time events. */
  secretFields?: string[]
  /**
   * The permission action a write method needs where it is not the method's own (a filed
   * document's dates are changed by whoever files: `{ patch: 'create' }`); the service still
   * checks the record's own rules.
   */
  permissionOf?: Partial<Record<'patch' | 'update' | 'remove', string>>
}

const readMethods = new Set(['find', 'get'])

function strip(record: any, omit: string[]) {
  if (!record || typeof record !== 'object' || omit.length === 0) return record
  const copy = { ...record }
  for (const field of omit) delete copy[field]
  return copy
}

/**
 * Records of another service that a write changed in its own transaction (bids re-invited by an
 * addendum, a query's bid back from QUERY), announced as their service announces its own
 * changes: after the commit (`params.afterCommit`, or at once outside a request), the stored
 * record without its secret fields.
 */
export function announceChanged(app: Application, path: string, ids: Array<string | number>, params?: { afterCommit?: Array<() => unknown> }) {
  const service = app.service(path as any) as any
  const omit = (getServiceOptions(service) as WriteServiceOptions | undefined)?.secretFields ?? []
  const announce = async () => {
    for (const id of ids) {
      const stored = await service._get(id).catch(() => null)
      if (stored) service.emit('patched', strip(stored, omit))
    }
  }
  if (params?.afterCommit) params.afterCommit.push(announce)
  else return announce()
}

/** Whether the `updatedAt` a writer read is the stored one: the same instant, however each is written (text or Date). */
export const sameInstant = (a: unknown, b: unknown) => a != null && b != null && new Date(a as any).getTime() === new Date(b as any).getTime()

/**
 * Authorization comes before any answer about the record's existence or version (issue 8
 * finding 14): the caller must be able to read the record through the service's own `get` with
 * the caller's params (CASL conditions, region, a vendor's invitations, a representative's
 * tenders), or the write answers 404 NOT_FOUND, the same body as for an id that does not exist;
 * for patch, update and remove of a permission resource the caller's ability must also allow
 * the method at all (403). A custom method's own permission is its service's to check, after
 * this: the record is readable by then, so nothing it answers is news to the caller.
 */
async function assertMayWrite(context: HookContext, recordId: unknown) {
  const { params, method, path } = context
  const service = context.self as any
  const methods: string[] = (getServiceOptions(service) as any)?.methods ?? []
  // A service whose lock reads the record as the caller may (`lockChecksAccess`, workflow-runner.ts)
  // answers 404 from that lock, still before any version answer: no read of its own first.
  if (methods.includes('get') && !service.lockChecksAccess) {
    const { query: _query, casl: _casl, route: _route, ...caller } = params as any
    try {
      await service.get(recordId, { ...caller, query: {} })
    } catch (error: any) {
      if (error?.code === 404 || error?.data?.code === 'FORBIDDEN') throw appError(404, 'NOT_FOUND')
      throw error
    }
  }
  const action = (getServiceOptions(service) as WriteServiceOptions | undefined)?.permissionOf?.[method as 'patch' | 'update' | 'remove'] ?? method
  if (['patch', 'update', 'remove'].includes(method) && permissionCatalogue()[path] && params.ability && !params.ability.can(action, path)) {
    throw appError(403, 'FORBIDDEN')
  }
}

/**
 * A write called inside another write's transaction (a record's file removed with it, a job's
 * rows): Feathers would send its event as the call returns, before that transaction's COMMIT,
 * and for a write the COMMIT then loses. It goes out with the transaction's other work, once the
 * COMMIT is confirmed (db/transaction.ts).
 */
async function eventAfterCommit(context: HookContext, next: NextFunction, afterCommit: Array<() => unknown>) {
  let eventName: string | null = context.event ?? null
  Object.defineProperty(context, 'event', {
    configurable: true,
    get: () => null,
    set: (value) => {
      eventName = value
    }
  })
  await next()
  // A service that sends an event itself names it in its `events` option (as Feathers' event hook checks).
  const own: string[] = (getServiceOptions(context.self) as any)?.events ?? []
  if (typeof eventName !== 'string' || own.includes(eventName)) return
  const name = eventName
  const results = Array.isArray(context.result) ? context.result : [context.result]
  afterCommit.push(() => {
    for (const result of results) context.self.emit(name, result, context)
  })
}

/**
 * Every external write runs in one transaction with its audit row (action name, user, region,
 * resource, id, before, after); a stale `updatedAt` answers 410; the real-time event goes out
 * only after the commit, so a client that refetches on it reads the committed record.
 */
export const auditedWrite = async (context: HookContext, next: NextFunction) => {
  const { params, method } = context
  if (!params.provider && !readMethods.has(method) && params.transaction?.trx && params.afterCommit) return eventAfterCommit(context, next, params.afterCommit)
  if (!params.provider || readMethods.has(method) || context.path === 'authentication') return next()
  const options = getServiceOptions(context.self) as WriteServiceOptions
  if (options.audit === false) return next()
  const db = context.app.get('knex')
  const service = context.self as any
  const omit = options.secretFields ?? []
  const isCustom = !['create', 'update', 'patch', 'remove'].includes(method)
  // Custom methods (lock, submit...) name their record in the body.
  const recordId = context.id ?? (isCustom ? context.data?.id : undefined)
  // Versioned records answer 428/410 about themselves: only to a caller who may read them.
  if (options.concurrency && recordId != null && method !== 'create') await assertMayWrite(context, recordId)
  const afterCommit: Array<() => unknown> = []
  params.afterCommit = afterCommit
  params.action = String(params.headers?.['x-cms-action'] ?? `${context.path}.${method}`).slice(0, 120)

  // The service's own event hook may run inside or around this one; either way it must not send
  // the event itself: it would go out before the commit, or with the caller's filtered result.
  // This hook sends it once the transaction has committed.
  let eventName: string | null = context.event ?? null
  Object.defineProperty(context, 'event', {
    configurable: true,
    get: () => null,
    set: (value) => {
      eventName = value
    }
  })

  let before: any = null
  const auditRows: unknown[] = []
  try {
    // Answered only once PostgreSQL confirmed the COMMIT (db/transaction.ts): a COMMIT lost with
    // the connection answers 503, and nothing below (events, audit announcements, mails) runs.
    await inTransaction(db, async (trx) => {
      params.transaction = { trx }
      if (recordId != null && method !== 'create' && typeof service.lockForWrite === 'function') {
        // A workflow service (workflow-runner.ts) locks its record as the caller reads it (404
        // otherwise) and takes this row as it is: one lock per write.
        before = await service.lockForWrite(recordId, params)
        ;(params as any).lockedRecord = { service, record: before }
      } else if (recordId != null && method !== 'create' && typeof service.getOptions === 'function') {
        // Locked until the commit, so two saves of the same version cannot both pass the check.
        before = (await trx(service.getOptions({}).name).where(service.id, recordId).forUpdate().first()) ?? null
        if (before?.region && params.region && before.region !== params.region) before = null
      } else if (recordId != null && method !== 'create' && typeof service.get === 'function') {
        // A service without a table of its own (settings by key) shows its record through get.
        before = await service.get(recordId, { region: params.region, user: params.user, transaction: { trx } }).catch(() => null)
      }
      // A record of a resource with an access contract may be held by another user's edit lock (423).
      if (before && accessOf(service) && ['patch', 'update', 'remove'].includes(method)) await assertNotLockedByOther(trx, context.path, recordId, params.user?.id)
      // Every change of an existing record carries the version it read, custom methods too
      // (ARCHITECTURE.md Concurrency): without it two saves of one bid would both win in turn.
      const read = context.data?.updatedAt
      const checkVersion = () => {
        delete (params as any).checkVersion
        if (read == null) throw appError(428, 'UPDATED_AT_REQUIRED')
        if (!sameInstant(read, before.updatedAt)) throw appError(410, 'STALE_WRITE')
      }
      if (before && options.concurrency && method !== 'remove') {
        // A transition's own authorisation (the action's grant, or the rule the service gives:
        // a tender's person in charge reopens its bids) answers before the version, so a reader
        // who may not act learns 403, not whether its copy is current. The runner checks the
        // version right after it (workflow-runner.ts); a custom method that runs no transition
        // is checked once it returns, before the commit, so nothing it wrote survives a 410.
        if (isCustom && typeof service.lockForWrite === 'function') (params as any).checkVersion = checkVersion
        else checkVersion()
      }
      if (options.concurrency && context.data && (method === 'patch' || method === 'update')) {
        context.data = { ...context.data, updatedAt: new Date() }
      }
      await next()
      ;(params as any).checkVersion?.()
      const results = Array.isArray(context.result) ? context.result : [context.result]
      for (const result of results) {
        const after = method === 'remove' ? null : result
        const [row] = await trx('audit_log').insert(
          {
            userId: params.user?.id ?? null,
            username: params.user?.username ?? null,
            region: params.region ?? null,
            action: params.action,
            resource: context.path,
            recordId: String(result?.id ?? recordId ?? ''),
            before: before === null ? null : JSON.stringify(strip(before, omit)),
            after: after === null || after === undefined ? null : JSON.stringify(strip(after, omit))
          },
          '*'
        )
        auditRows.push(row)
      }
    })
  } finally {
    delete params.transaction
    delete params.afterCommit
    delete (params as any).lockedRecord
    delete (params as any).checkVersion
  }
  for (const callback of afterCommit) await callback()
  announceAuditEntries(context.app, auditRows)
  // Custom methods (submit, lock...) change a record: clients hear them as `patched`. The event
  // carries the stored record; channels strip what each connection may not read.
  const name: string | null = eventName ?? (isCustom ? 'patched' : null)
  // Services without a table of their own (profile) have nothing to announce.
  if (!name || typeof service._get !== 'function') return
  const results = Array.isArray(context.result) ? context.result : [context.result]
  for (const result of results) {
    if (!result || typeof result !== 'object') continue
    // The row a workflow write returned (workflow-runner.ts) is the stored record: not read again.
    const written = (params as any).written
    const stored =
      name === 'removed' ? (before ?? result) : written?.service === service && String(written.record.id) === String(result.id) ? written.record : await service._get(result.id).catch(() => result)
    service.emit(name, strip(stored, omit), context)
  }
}
