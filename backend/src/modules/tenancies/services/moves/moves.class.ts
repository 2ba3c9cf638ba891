import type { Knex } from 'knex'
import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { WorkflowKnexService, type WorkflowParams } from '../../../../kit/workflow-runner.js'
import { isoDay } from '../../../../format/format.shared.js'
import { withoutTenancyReaders } from '../tenancies/tenancies.access.js'
import { assertMayOnMove, assertStaffMay, readableTenancy } from './moves.access.js'
import type { Move, MoveData, MovePatch } from './moves.schema.js'
import { moveDuration, moveProblems, type MoveFields, type MoveKind, type MoveProblem } from './moves.shared.js'
import { initialMoveStatus, moveWorkflow } from './move.workflow.js'
import { withTransaction } from '../../../../db/transaction.js'

const CHECK_VIOLATION = '23514'
const UNIQUE_VIOLATION = '23505'

/** The record a move corresponds to (spec §5 "the corresponding handover/takeback"): a move in follows a handover, a move out a takeback. */
const handoverTypeOf: Partial<Record<MoveKind, string>> = { MOVE_IN: 'HANDOVER', MOVE_OUT: 'TAKEBACK' }

const errorOf: Record<MoveProblem, string> = {
  REMARKS_OR_HANDOVER: 'MOVE_REMARKS_REQUIRED',
  BUSINESS_DATE: 'MOVE_BUSINESS_DATE_INVALID',
  REOPEN_DATE: 'MOVE_REOPEN_DATE_INVALID'
}

/** 400 with the first rule the move breaks (moves.shared `moveProblems`, the browser's own check). */
function assertValid(move: MoveFields) {
  const [problem] = moveProblems(move)
  if (problem) throw appError(400, errorOf[problem])
}

/** Days as 'yyyy-mm-dd' and the duration worked out from them. */
export function asMove(row: any): Move {
  if (!row) return row
  const move = {
    ...withoutTenancyReaders(row),
    date: isoDay(row.date),
    businessDate: row.businessDate ? isoDay(row.businessDate) : null,
    reopenDate: row.reopenDate ? isoDay(row.reopenDate) : null
  }
  return { ...move, duration: moveDuration(move) }
}

/**
 * Move-in, move-out and temporary-close records of a tenancy (spec tenancies §3, §5, §7
 * `tenancies/{id}/move`): listed per tenancy, newest first; the floor one of the building's;
 * remarks or the corresponding handover required; a temporary close reopened through the
 * workflow (move.workflow.ts). Access: moves.access.ts.
 */
export class MoveService extends WorkflowKnexService<Move> {
  /** The lock reads the record as the caller may (its tenancy readable): the audited write asks nothing else first. */
  readonly lockChecksAccess = true

  constructor(options: any, app: Application) {
    super(options, app, { resource: 'moves' })
  }

  createQuery(params: WorkflowParams = {}) {
    const query = super.createQuery(params as any)
    if (!params.query?.$sort)
      query.clearOrder().orderBy([
        { column: 'tenancy_moves.date', order: 'desc' },
        { column: 'tenancy_moves.id', order: 'desc' }
      ])
    return query
  }

  /** A tenancy's moves: only with its `tenancyId`, once the caller reads that tenancy (404 otherwise). */
  async find(params: WorkflowParams = {}): Promise<any> {
    const tenancyId = Number(params.query?.tenancyId)
    if (params.provider) {
      if (!Number.isSafeInteger(tenancyId) || tenancyId <= 0) throw appError(400, 'VALIDATION_FAILED', { details: 'tenancyId' })
      await readableTenancy(this.app, tenancyId, params)
    }
    return super.find(params as any)
  }

  async get(id: any, params: WorkflowParams = {}): Promise<any> {
    const move = await super.get(id, params as any)
    if (params.provider) await readableTenancy(this.app, move.tenancyId, params)
    return move
  }

  async _find(params: WorkflowParams = {}): Promise<any> {
    const page = await super._find(params as any)
    return Array.isArray(page) ? page.map(asMove) : { ...page, data: page.data.map(asMove) }
  }

  async _get(id: any, params: WorkflowParams = {}): Promise<any> {
    return asMove(await super._get(id, params as any))
  }

  /** The move locked for a write, once the caller is staff with `moves` read and reads its tenancy (404 otherwise). */
  async lockForWrite(id: any, params: WorkflowParams): Promise<any> {
    const locked = (params as any).lockedRecord
    if (locked?.service === this && String(locked.record.id) === String(id)) return locked.record
    assertStaffMay(params, 'read')
    const record = await super.lockForWrite(id, params)
    if (params.provider) await readableTenancy(this.app, record.tenancyId, params)
    return record
  }

  /** The floors of the tenancy's building, in their order (spec §3 building floor list). */
  private async floorsOf(db: Knex, tenancyId: number): Promise<string[]> {
    const row = await db('tenancies').leftJoin('buildings', 'buildings.id', 'tenancies.buildingId').where('tenancies.id', tenancyId).first('buildings.floors')
    return row?.floors ?? []
  }

  private async check(db: Knex, move: MoveFields & { tenancyId: number }) {
    if (!(await this.floorsOf(db, move.tenancyId)).includes(String(move.floor))) throw appError(400, 'MOVE_FLOOR_INVALID', { floor: move.floor })
    assertValid(move)
  }

  /**
   * The handover or takeback a move names, read through that record's own rules (the handover
   * module's `hotb` service, with the caller's params: one the caller does not read is as unknown
   * as one that does not exist): of this tenancy, completed, and of the move's kind (400 naming
   * the field otherwise, also when the handover module is not installed). Once per record (409).
   */
  private async checkHandover(move: { kind: MoveKind; tenancyId: number; handoverId?: number | null }, params: WorkflowParams) {
    if (move.handoverId == null) return
    const hotb = (this.app as any).services?.hotb
    const wanted = handoverTypeOf[move.kind]
    const { query: _query, ...caller } = params as any
    const record = hotb && wanted ? await hotb.get(move.handoverId, { ...caller, query: {} }).catch(() => null) : null
    if (!record || record.tenancyId !== move.tenancyId || record.status !== 'COMPLETED' || record.type !== wanted) {
      throw appError(400, 'MOVE_HANDOVER_INVALID', { field: 'handoverId' })
    }
  }

  private async saving<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write()
    } catch (error: any) {
      if (error?.code === CHECK_VIOLATION && error?.constraint === 'tenancy_moves_remarks_or_handover') throw appError(400, 'MOVE_REMARKS_REQUIRED')
      if (error?.code === UNIQUE_VIOLATION && error?.constraint === 'tenancy_moves_handover_id_unique') throw appError(409, 'MOVE_HANDOVER_TAKEN', { field: 'handoverId' })
      throw error
    }
  }

  private async stored(db: Knex, id: number, params: WorkflowParams) {
    const record = asMove(await db('tenancy_moves').where({ id }).first())
    ;(params as any).written = { service: this, record }
    return record
  }

  async create(input: any, params: WorkflowParams = {}): Promise<any> {
    return withTransaction(this.app.get('knex'), params, (inner) => this.createWithin(input, inner))
  }

  /** `create` in the caller's transaction (not through the service's hooks again: its event waits for the COMMIT). */
  private async createWithin(input: any, params: WorkflowParams): Promise<any> {
    const data = input as MoveData
    const db = this.conn(params)
    const tenancy = params.provider ? await readableTenancy(this.app, data.tenancyId, params) : await db('tenancies').where({ id: data.tenancyId }).first('id', 'region')
    if (!tenancy || (params.region && tenancy.region !== params.region)) throw appError(404, 'NOT_FOUND')
    const { region: _region, ...fields } = data
    await this.check(db, fields as MoveFields & { tenancyId: number })
    await this.checkHandover(fields as MoveFields & { tenancyId: number }, params)
    const [{ id }] = await this.saving(() =>
      db('tenancy_moves').insert(
        {
          ...fields,
          region: tenancy.region,
          status: initialMoveStatus(fields.kind as MoveKind),
          premises: fields.premises?.trim() || null,
          remarks: fields.remarks?.trim() || null,
          createdBy: params.user?.id ?? null
        },
        ['id']
      )
    )
    return this.stored(db, id, params)
  }

  /** Edit: the caller's `moves:update`; the kind, tenancy and state stay (reopen is its own call). */
  async patch(id: any, input: any, params: WorkflowParams = {}): Promise<any> {
    return withTransaction(this.app.get('knex'), params, (inner) => this.patchWithin(id, input, inner))
  }

  /** `patch` in the caller's transaction (not through the service's hooks again: its event waits for the COMMIT). */
  private async patchWithin(id: any, input: any, params: WorkflowParams): Promise<any> {
    const { updatedAt: _read, region: _region, ...fields } = input as MovePatch
    const db = this.conn(params)
    const current = asMove(await this.lockForWrite(id, params))
    assertMayOnMove(params, 'update', current)
    if (fields.remarks !== undefined) fields.remarks = fields.remarks?.trim() || null
    if (fields.premises !== undefined) fields.premises = fields.premises?.trim() || null
    await this.check(db, { ...current, ...fields } as MoveFields & { tenancyId: number })
    if (fields.handoverId !== undefined) await this.checkHandover({ ...current, ...fields } as MoveFields & { tenancyId: number }, params)
    await this.saving(() =>
      db('tenancy_moves')
        .where({ id: current.id })
        .update({ ...fields, updatedAt: new Date() })
    )
    return this.stored(db, current.id, params)
  }

  async remove(id: any, params: WorkflowParams = {}): Promise<any> {
    return withTransaction(this.app.get('knex'), params, (inner) => this.removeWithin(id, inner))
  }

  /** `remove` in the caller's transaction (not through the service's hooks again: its event waits for the COMMIT). */
  private async removeWithin(id: any, params: WorkflowParams): Promise<any> {
    const current = asMove(await this.lockForWrite(id, params))
    assertMayOnMove(params, 'delete', current)
    await this.conn(params)('tenancy_moves').where({ id: current.id }).delete()
    return current
  }

  /** Reopens a temporary close on its reopen date, not before the close (409 unless it is CLOSED). */
  async reopen(data: { id: number; reopenDate: string }, params: WorkflowParams = {}) {
    const stored = await this.runTransition<any>({
      id: data.id,
      action: 'reopen',
      params,
      workflow: moveWorkflow,
      facts: () => undefined,
      precheck: (record) => {
        if (record.status === 'CLOSED') assertValid({ ...(asMove(record) as MoveFields), reopenDate: data.reopenDate })
      },
      write: (to) => ({ status: to, reopenDate: data.reopenDate })
    })
    const record = asMove(stored)
    ;(params as any).written = { service: this, record }
    return record
  }
}
