import { rulesToQuery } from '@casl/ability/extra'
import type { Params } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import { subject } from '@casl/ability'
import type { Channel } from '@feathersjs/transport-commons'
import type { Application, HookContext } from '../../../../declarations.js'
import { extraReaders } from '../../../../kit/channels.js'
import { appError } from '../../../../errors.js'
import { defineAccess } from '../../../../kit/access.js'
import { sameInstant } from '../../../../hooks/audited-write.js'
import { hotbWorkflow } from './hotb.workflow.js'
import { hotbSubjectOf, readsHotb, updatesHotb } from './hotb.access.js'

/*
 * A record's lines (its condition schedule items, its key lines) are read by whoever reads the
 * record (staff with `hotb` read in the region; its tenancy's readers once it is scheduled) and
 * written by whoever may edit it (its PIC with `update`, or `updateOthers`), while it is editable.
 * Each line keeps a copy of what of its record those rules ask (region, tenancy, PIC, status: kept
 * by triggers, migration 20261208000100), so the record's own CASL rules decide on the line alone:
 * in JavaScript (`readsHotb`) and in SQL (`narrowToHotbReaders`).
 */

export interface HotbLine {
  id: number
  hotbId: number
  region: string
  tenancyId: number
  managedBy: number | null
  status: string
  [field: string]: unknown
}

/** One rule's conditions on a line table's copies: equality, `$in`, `$nin`. */
function applyConditions(builder: Knex.QueryBuilder, table: string, conditions: Record<string, any>) {
  const columns: Record<string, string> = { tenancyId: 'tenancy_id', managedBy: 'managed_by', region: 'region', status: 'status', id: 'hotb_id' }
  for (const [field, value] of Object.entries(conditions)) {
    const column = columns[field]
    // A condition on a column the line does not copy reads nothing rather than everything.
    if (!column) {
      builder.whereRaw('false')
      continue
    }
    if (value && typeof value === 'object' && '$in' in value) builder.whereIn(`${table}.${column}`, value.$in)
    else if (value && typeof value === 'object' && '$nin' in value) builder.whereNotIn(`${table}.${column}`, value.$nin)
    else if (value === null) builder.whereNull(`${table}.${column}`)
    else if (value && typeof value === 'object') builder.whereRaw('false')
    else builder.where(`${table}.${column}`, value)
  }
}

/** The `narrow` of a line's access contract: the rows whose record the caller reads, by the `hotb` read rules. */
export function narrowToHotbReaders(table: string) {
  return (query: Knex.QueryBuilder, caller: Params): Knex.QueryBuilder => {
    if (!caller.provider) return query
    const ability = (caller as any).ability
    const found = ability ? rulesToQuery(ability, 'read', 'hotb' as never, (rule: any) => (rule.inverted ? { $not: rule.conditions } : rule.conditions)) : null
    if (found === null) return query.whereRaw('false')
    const { $or, $and } = found as { $or?: Record<string, any>[]; $and?: Array<{ $not: Record<string, any> }> }
    return query.where((readable) => {
      if ($or) readable.where((any) => $or.forEach((conditions) => any.orWhere((one) => applyConditions(one, table, conditions))))
      for (const { $not } of $and ?? []) readable.whereNot((one) => applyConditions(one, table, $not))
    })
  }
}

/** The live connections that hear of a change to a line: those of its region whose ability reads its record. */
export function hotbLineReaders(app: Application, line: HotbLine): Channel[] {
  if (!line?.region) return []
  return [extraReaders(app, line.region, [], line, (_user, ability) => Boolean(ability?.can('read', subject('hotb', hotbSubjectOf(line)))))]
}

/** A line's access contract: read with its record, written by whoever may edit the record. */
export const hotbLineAccess = (subjectName: string, table: string) =>
  defineAccess<HotbLine>({
    subject: subjectName,
    narrow: narrowToHotbReaders(table),
    read: (line, caller) => readsHotb(line, caller),
    readers: (app, line) => hotbLineReaders(app, line),
    act: (line, _action, caller) => readsHotb(line, caller) && updatesHotb(line, caller)
  })

/** Before every call of a line's service: a caller with no `hotb` read rule at all is refused first (403). */
export const mayReadHotb = async (context: HookContext) => {
  const { params } = context
  if (params.provider && !params.ability?.can('read', 'hotb')) throw appError(403, 'FORBIDDEN')
  return context
}

/**
 * The record a line is written to, locked until the commit, resolved through the record's own
 * read rules (404 for a record the caller does not read, before anything else is said of it);
 * then the caller must be allowed to edit it (403), and it must be editable (409 HOTB_NOT_EDITABLE).
 */
export async function hotbForWrite(db: Knex, hotbId: number, params: Params, phase: 'editable' | 'settlable' = 'editable') {
  const record = await hotbToEdit(db, hotbId, params)
  if (!hotbWorkflow.isIn(phase, record.status)) throw appError(409, 'HOTB_NOT_EDITABLE', { status: record.status })
  return record
}

/**
 * The record a write acts on, in the caller's region, locked until the commit (`share` while its
 * lines or documents change, `update` where the record itself must wait, e.g. a completion reading
 * them): 404 for one the caller does not read, 403 for one it may not edit, then, where a version
 * is asked, 428 without it and 410 when the record moved on since it was read.
 */
export async function hotbToEdit(db: Knex, hotbId: number, params: Params, options: { lock?: 'share' | 'update'; version?: { read: unknown } } = {}) {
  const record = await db('hotb')
    .where({ id: hotbId })
    .modify((q) => {
      if (params.region) q.where({ region: params.region })
      if (options.lock === 'update') q.forUpdate()
      else q.forShare()
    })
    .first('id', 'region', 'tenancyId', 'managedBy', 'status', 'type', 'updatedAt')
  if (!record || !readsHotb(record, params)) throw appError(404, 'NOT_FOUND')
  if (!updatesHotb(record, params)) throw appError(403, 'FORBIDDEN')
  if (options.version) {
    if (options.version.read == null || options.version.read === '') throw appError(428, 'UPDATED_AT_REQUIRED')
    if (!sameInstant(options.version.read, record.updatedAt)) throw appError(410, 'STALE_WRITE')
  }
  return record as { id: number; region: string; tenancyId: number; managedBy: number | null; status: string; type: string; updatedAt: Date }
}
