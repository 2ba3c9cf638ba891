import type { KnexAdapterParams } from '@feathersjs/knex'
import type { Params } from '@feathersjs/feathers'
import { subject } from '@casl/ability'
import type { Knex } from 'knex'
import type { Application } from '../declarations.js'
import { appError } from '../errors.js'
import { portalOf, type UserPortal } from '../abilities/permissions.shared.js'
import { PortalKnexService } from './knex-service.js'
import { withTransaction } from '../db/transaction.js'
import { accessOf } from './access.js'

export type WorkflowParams = KnexAdapterParams & Params

/**
 * The caller as the workflow guards read them: who they are (id, portal, company) and their CASL
 * ability in the request's region, the same ability every hook asks. No user is the system (the
 * jobs): it holds no ability and takes only the system moves.
 */
export interface WorkflowCaller {
  id: number
  portal: UserPortal | 'system'
  companyId: number | null
  ability: { can(action: string, subject: any, field?: string): boolean }
}

const noAbility = Object.freeze({ can: () => false })

export function callerOf(params: Params): WorkflowCaller {
  const user = params.user
  if (!user) return { id: 0, portal: 'system', companyId: null, ability: noAbility }
  return { id: user.id, portal: portalOf(user.userType), companyId: user.companyId ?? null, ability: params.ability ?? noAbility }
}

/** The part of a workflow definition the runner needs (see workflow.ts `defineWorkflow`). */
export interface RunnableWorkflow<S extends string, F, A> {
  next(state: S, action: string, facts?: F, actor?: A): S
  permissionOf(action: string): string
}

export interface TransitionRun<R, S extends string, F, A, W> {
  id: string | number
  action: string
  params: WorkflowParams
  workflow: RunnableWorkflow<S, F, A>
  /** The rows the check needs besides the record (a bid's tender), read once inside the transaction. */
  related?: (db: Knex, record: R) => Promise<W>
  /** The ability check on this record; default: the action's permission on the service's own resource. */
  authorize?: (record: R, related: W) => void
  /** Checks the table does not answer (the tender open for bids: 409 TENDER_CLOSED), before the table. */
  precheck?: (record: R, related: W, now: Date) => void
  /** The state the table moves (default `status`). */
  state?: (record: R) => S
  /** The record as the table's guards read it. */
  facts: (record: R, related: W, now: Date) => F
  /** The caller as the guards read them; default `callerOf` (their CASL ability). */
  actor?: (params: WorkflowParams) => A
  /** The action's own work and the fields it changes (mails, rows of other tables). */
  apply?: (db: Knex, record: R, related: W, to: S, now: Date) => Promise<Record<string, unknown> | void>
  /** The columns the move writes (default `status`). */
  write?: (to: S, record: R) => Record<string, unknown>
  /**
   * The write's own wrapping, for a resource whose table answers some writes itself: a savepoint
   * whose constraint violations become the resource's 400/409 (a unique index the move can hit)
   * instead of a 500 that aborts the transaction. Default: the update as it is.
   */
  guardWrite?: <T>(db: Knex, write: (db: Knex) => Promise<T>) => Promise<T>
  /**
   * The action's work that needs the stored row, in the same transaction after the write: rows of
   * other tables made from it (a frozen copy of the record as written, a decision beside it),
   * mails that show it, work for `params.afterCommit`. `apply` runs before the write and only
   * sees the record as it was.
   */
  after?: (db: Knex, stored: R, record: R, related: W, to: S, now: Date) => Promise<void>
}

/**
 * The knex service of a stateful resource: one lock, one check, one write per transition.
 * External writes run inside the audited write's transaction (hooks/audited-write.ts: the audit
 * row, the 428/410 version rules, the event after the commit); that hook locks the record
 * through `lockForWrite` and hands it over as `params.lockedRecord`, so a transition never reads
 * or locks its record a second time. Internal calls open their own transaction.
 */
export class WorkflowKnexService<Result = any> extends PortalKnexService<Result> {
  /** The CASL subject of the service's records. */
  protected readonly resource: string

  constructor(
    options: any,
    protected app: Application,
    { resource }: { resource?: string } = {}
  ) {
    super(options)
    this.resource = resource ?? options.name
  }

  /** The request's transaction, or the pool outside one. */
  conn(params: WorkflowParams): Knex {
    return params.transaction?.trx ?? this.app.get('knex')
  }

  /**
   * The record as the caller may read it (the service's query narrowing and, with an access
   * contract, its `read`), in the request's region, locked until the commit; 404 NOT_FOUND otherwise. The row the audited write locked
   * for this request is taken as it is.
   */
  async lockForWrite(id: string | number, params: WorkflowParams): Promise<any> {
    const locked = (params as any).lockedRecord
    if (locked?.service === this && String(locked.record.id) === String(id)) return locked.record
    const table = this.getOptions({} as any).name
    const record = await this.createQuery({ ...params, query: { region: params.region } } as any)
      .where(`${table}.${this.id}`, String(id))
      .forUpdate()
      .first()
    if (!record || (params.region && record.region && record.region !== params.region)) throw appError(404, 'NOT_FOUND')
    // A resource with an access contract (kit/access.ts) whose `read` is a predicate on the row: a
    // record the caller does not read is not found, before any version answer. A contract whose
    // rule needs other tables (`joined`) says the same in SQL, its `narrow`, already on this query:
    // no second read of them on a write path counted in statements.
    const access = params.provider ? accessOf(this) : undefined
    if (access && !access.joined && !access.read(record, params)) throw appError(404, 'NOT_FOUND')
    return record
  }

  /** 403 unless the external caller's ability allows the action on this record. */
  assertCan(params: WorkflowParams, action: string, record: any, resource = this.resource) {
    if (params.provider && !params.ability?.can(action, subject(resource, { ...record }))) throw appError(403, 'FORBIDDEN')
  }

  /** Lock, authorize, check the table, apply, write, the work after the write, and answer the stored record. */
  protected async runTransition<R = any, S extends string = string, F = unknown, A = unknown, W = undefined>(run: TransitionRun<R, S, F, A, W>): Promise<any> {
    const { params } = run
    if (!params.transaction) {
      return withTransaction(this.app.get('knex'), params, (inner) => this.runTransition({ ...run, params: inner }))
    }
    const db = this.conn(params)
    const record: R = await this.lockForWrite(run.id, params)
    const related = (run.related ? await run.related(db, record) : undefined) as W
    if (run.authorize) run.authorize(record, related)
    else this.assertCan(params, run.workflow.permissionOf(run.action), record)
    // The version the caller read, once it is known the caller may act (hooks/audited-write.ts).
    ;(params as any).checkVersion?.()
    const now = new Date()
    run.precheck?.(record, related, now)
    const state = run.state ? run.state(record) : ((record as any).status as S)
    const to = run.workflow.next(state, run.action, run.facts(record, related, now), run.actor ? run.actor(params) : (callerOf(params) as A))
    const changes = (run.apply ? await run.apply(db, record, related, to, now) : undefined) ?? {}
    const written = run.write ? run.write(to, record) : { status: to }
    const table = this.getOptions({} as any).name
    const update = (conn: Knex) =>
      conn(table)
        .where(this.id, (record as any)[this.id])
        .update({ ...changes, ...written, updatedAt: now }, '*')
    const [stored] = run.guardWrite ? await run.guardWrite(db, update) : await update(db)
    if (run.after) await run.after(db, stored, record, related, to, now)
    // The audited write announces this row after the commit instead of reading it again.
    ;(params as any).written = { service: this, record: stored }
    return stored
  }
}
