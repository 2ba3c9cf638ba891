import type { Params } from '@feathersjs/feathers'
import type { Channel } from '@feathersjs/transport-commons'
import { subject } from '@casl/ability'
import type { Knex } from 'knex'
import type { Application, HookContext } from '../declarations.js'
import { serviceOptions } from '../service-options.js'

/*
 * One access contract per resource (issue 28 item 1), declared once beside its service
 * (`<service>.access.ts`, `defineAccess`) and handed to `app.use` as the service option `access`.
 * The kit alone reads it:
 * - the knex service narrows every external query with `narrow` (no class overrides `createQuery`
 *   for access);
 * - the live events of the service go to `readers` (channels.ts's default publisher);
 * - edit locks: every resource with a contract can be locked, by those whom `act(record, 'update')`
 *   lets;
 * - the workflow runner's lock of every write (workflow-runner.ts `lockForWrite`) finds a record
 *   only for a caller `read` lets (404 before any version answer);
 * - the contract test (test/access-contract.test.ts) checks, for every demo role, that what `find`
 *   lists and what `get` answers agree with `read` on the same records.
 * A caller is the request's params (`provider`, `user`, `ability`, `region`); internal calls (no
 * provider) are never narrowed or refused.
 * Optional members serve resources whose records are not the platform's usual ones (added for
 * the tenders module): `idPattern`, the ids a lock may name when they are not positive integers
 * (a tender's 24-character id); `joined`, the rows as `read` and `act` take them when a rule needs
 * columns of another table (a tender's invited companies, a query's tender), which the kit's
 * readers of stored or served rows (edit locks, the contract test) pass their records through.
 * `readers` may answer a promise (it may read the record's audience from the database).
 * `listedWith`: the query a caller lists the records with when the plain list is not theirs (a
 * tender representative without a tenders rule lists `asRepresentative`), for the contract test;
 * `listedBy`, for a resource listed per parent only (a tenancy's moves).
 */
export interface AccessContract<R = any> {
  /** The CASL subject of the records. */
  subject: string
  /**
   * The records an external caller lists and locks, as SQL, beyond the CASL conditions the
   * authorize hook adds (a tenant's own tenancy, a vendor's own company's projects).
   */
  narrow?(query: Knex.QueryBuilder, caller: Params, db: Knex): Knex.QueryBuilder
  /** Whether the caller reads this record: for one record in hand, what `narrow` and the CASL conditions let through. */
  read(record: R, caller: Params): boolean
  /** Whether the caller may take `action` (update, remove, a workflow action) on this record it reads. */
  act(record: R, action: string, caller: Params): boolean
  /**
   * The field an external list must name, when the service lists the records of one parent only
   * (a tenancy's moves: 400 without `tenancyId`, the parent's 403/404 when the caller does not
   * read it); the contract test lists per value. Unset: the records are listed all at once.
   */
  listedBy?: string
  /** The live connections that hear of a change to the record, with what each may see (default: the CASL readers of its region). */
  readers?(app: Application, record: R, context: HookContext): Channel[] | Promise<Channel[]>
  /** The ids of the records, as a lock names them, when they are not positive integers. */
  idPattern?: RegExp
  /** The records as `read` and `act` take them, completed from other tables (same order), when the rules need more than the row. */
  joined?(records: any[], db: Knex): Promise<R[]>
  /** The query parameters of the list this caller reads the records through, when not the plain list (default: none). */
  listedWith?(caller: Params): Record<string, string | number | boolean>
}

/** The records as the contract's `read` and `act` take them (the records themselves without `joined`). */
export function joinedRecords<R>(access: AccessContract<R>, records: any[], db: Knex): Promise<R[]> {
  return access.joined && records.length ? access.joined(records, db) : Promise.resolve(records as R[])
}

/** A resource's contract, typed; the registration is `app.use(path, service, { access })`. */
export function defineAccess<R>(contract: AccessContract<R>): AccessContract<R> {
  return contract
}

/** The contract of a registered service (undefined for one without). */
export function accessOf(service: unknown): AccessContract | undefined {
  if (!service || typeof service !== 'object') return undefined
  return (serviceOptions(service) as { access?: AccessContract } | undefined)?.access
}

/** The services of the app with an access contract, by path. */
export function contractedServices(app: Application): Map<string, AccessContract> {
  const found = new Map<string, AccessContract>()
  for (const [path, service] of Object.entries((app as any).services ?? {})) {
    const access = accessOf(service)
    if (access) found.set(path, access)
  }
  return found
}

/**
 * The contract of a resource whose rules are CASL conditions on its own columns alone (the pattern
 * the module guide asks of new resources): the authorize hook puts the read rule's conditions on
 * every list and the regional service keeps the region, so the contract needs no `narrow`; `read`
 * is the read rule on the record, `act` the action's rule on a record the caller reads; live
 * events go to the connections whose read rule covers the record (the default). `more` adds what a
 * resource needs besides (a list narrowed by a column the rules do not name).
 */
export function caslAccess<R extends Record<string, unknown>>(subjectName: string, more: Partial<AccessContract<R>> = {}): AccessContract<R> {
  return {
    subject: subjectName,
    read: (record, caller) => caslAllows(caller, 'read', subjectName, record),
    act: (record, action, caller) => caslAllows(caller, 'read', subjectName, record) && caslAllows(caller, action, subjectName, record),
    ...more
  }
}

/** The caller's CASL ability allows `action` on this record of `subjectName` (internal calls may). */
export function caslAllows(caller: Params, action: string, subjectName: string, record: Record<string, unknown>): boolean {
  if (!caller.provider) return true
  return Boolean((caller as any).ability?.can(action, subject(subjectName, { ...record })))
}
