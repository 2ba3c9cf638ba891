import { FeathersError } from '@feathersjs/errors'
import type { Params } from '@feathersjs/feathers'
import type { Application, HookContext } from '../declarations.js'
import { appError } from '../errors.js'

type ReferenceId = string | number

/** How one field of a request names records of another service. */
export interface ReferenceRule {
  /** The service whose read rules decide (its `get`/`find` run with the caller's params); or picked from the data. */
  service: string | ((data: any) => string | null | undefined)
  /** A list service without `get` or with a list of its own (`tender-approvers?role=manager`): read through `find` with this query. */
  query?: Record<string, unknown>
  /** Ids the record already holds under this field: they stay without a new read (they are read through the record itself). */
  held?: (context: HookContext) => Promise<ReferenceId[]>
  /** The refusal's code when the domain has its own (default REFERENCE_INVALID). */
  code?: string
}

export type ReferenceMap = Record<string, string | ReferenceRule>

/** Integer ids the database can hold; anything else names no record and never reaches SQL. */
const MAX_INTEGER_ID = 2_147_483_647
const PAGE = 100

const sameId = (a: ReferenceId, b: ReferenceId) => String(a) === String(b)

/**
 * The caller's params for a read of another service: same user, session, provider and region
 * (path prefix or header), so that service's own hooks decide exactly as they would for the
 * caller's own request. The request's transaction comes along (its reads see what the write has
 * done so far, and a write never waits for a second connection of the pool); what belongs to the
 * request itself stays behind.
 */
export function callerParams(params: Params): Params {
  const { query: _query, route: _route, casl: _casl, files: _files, afterCommit: _afterCommit, action: _action, paginate: _paginate, ...caller } = params as any
  return caller
}

/**
 * The ids among `ids` that the caller may read through `service`, with the caller's params: one
 * id through the service's `get`, several through one `find` per 100 ids (or the list the rule
 * names). A refusal of the read (no read rule at all, not found, not visible) reads nothing.
 */
export async function readableIds(app: Application, params: Params, service: string, ids: readonly ReferenceId[], listQuery?: Record<string, unknown>): Promise<ReferenceId[]> {
  const wanted = [...new Set(ids.map(String))].map((id) => (/^\d+$/.test(id) ? Number(id) : id))
  if (!wanted.length) return []
  const target = (app as any).service(service)
  const caller = callerParams(params)
  const refused = (error: unknown) => error instanceof FeathersError && error.code >= 400 && error.code < 500
  if (wanted.length === 1 && !listQuery && typeof target.get === 'function') {
    try {
      const row = await target.get(wanted[0], { ...caller, query: {} })
      return row ? [wanted[0]] : []
    } catch (error) {
      if (refused(error)) return []
      throw error
    }
  }
  const found: ReferenceId[] = []
  for (let start = 0; start < wanted.length; start += PAGE) {
    const chunk = wanted.slice(start, start + PAGE)
    let result: any
    try {
      result = await target.find({ ...caller, query: { ...listQuery, id: { $in: chunk }, $limit: chunk.length } })
    } catch (error) {
      if (refused(error)) return found
      throw error
    }
    const rows: any[] = Array.isArray(result) ? result : (result?.data ?? [])
    for (const row of rows) if (row && row.id != null && chunk.some((id) => sameId(id, row.id))) found.push(row.id)
  }
  return found
}

/** A value that could be an id of a row: a positive integer in range, or a non-empty text key. */
function plausible(id: unknown): id is ReferenceId {
  if (typeof id === 'number') return Number.isSafeInteger(id) && id > 0 && id <= MAX_INTEGER_ID
  return typeof id === 'string' && id.length > 0 && id.length <= 100
}

/**
 * Refuses (400 REFERENCE_INVALID naming the field) unless every id the data names under each
 * field is a record the caller may read through that record's own service: same region (the
 * service is scoped to the request's region), the caller's read rules. Single ids and arrays;
 * null and absent fields pass (they name nothing). One `find` per field, whatever the array's
 * length (up to 100 ids a read). Internal calls pass.
 */
export async function assertReferences(app: Application, context: Pick<HookContext, 'params' | 'data'> & Partial<HookContext>, references: ReferenceMap) {
  const { params } = context
  const data = context.data
  if (!params.provider || !data || typeof data !== 'object' || Array.isArray(data)) return
  for (const [field, given] of Object.entries(references)) {
    const value = (data as any)[field]
    if (value === undefined || value === null) continue
    const rule: ReferenceRule = typeof given === 'string' ? { service: given } : given
    const refuse = (ids: unknown[]) => appError(400, (rule.code ?? 'REFERENCE_INVALID') as any, { field, ids: ids.map(String).slice(0, 20) })
    const service = typeof rule.service === 'function' ? rule.service(data) : rule.service
    const ids: unknown[] = Array.isArray(value) ? value : [value]
    if (!service || !(app as any).services?.[service]) throw refuse(ids)
    const bad = ids.filter((id) => !plausible(id))
    if (bad.length) throw refuse(bad)
    const held = rule.held && ids.length ? await rule.held(context as HookContext) : []
    const toRead = (ids as ReferenceId[]).filter((id) => !held.some((kept) => sameId(kept, id)))
    if (!toRead.length) continue
    const readable = await readableIds(app, params, service, toRead, rule.query)
    const missing = toRead.filter((id) => !readable.some((found) => sameId(found, id)))
    if (missing.length) throw refuse(missing)
  }
}

/**
 * The before hook of a service (create, patch or a custom method): every id of another record
 * in the request is resolved through that record's own read rules, or the request is refused
 * with 400 REFERENCE_INVALID `{field, ids}` before anything is written. 400 rather than 404: the
 * request's own record may well exist; it is a field of the request that names nothing the
 * caller may use. The answer is the same for a record that does not exist and one the caller may
 * not read, so it tells nothing about records of others.
 *
 * Authorization comes first: where the service checks the caller's right inside the method (the
 * tender actions), `requires` names the CASL action and subject the method needs, and a caller
 * holding it on no record at all is refused (403) before any id is looked at. Services whose
 * `authorize` hook runs before this one need nothing more.
 */
export const resolveReferences =
  (references: ReferenceMap, options: { requires?: [action: string, subject: string] } = {}) =>
  async (context: HookContext) => {
    const { params } = context
    if (options.requires && params.provider && !params.ability?.can(...options.requires)) throw appError(403, 'FORBIDDEN')
    await assertReferences(context.app, context, references)
    return context
  }
