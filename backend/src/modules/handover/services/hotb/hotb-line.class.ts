import { MethodNotAllowed } from '@feathersjs/errors'
import type { Id, NullableId } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { withTransaction } from '../../../../db/transaction.js'
import { WorkflowKnexService, type WorkflowParams } from '../../../../kit/workflow-runner.js'
import { updatesHotb } from './hotb.access.js'
import { hotbForWrite } from './hotb-lines.js'

export type HotbOfLine = Awaited<ReturnType<typeof hotbForWrite>>

/**
 * The knex service of a record's lines (schedule items, key lines): listed in their order, written
 * while the record is editable by whoever may edit it (hotbForWrite: 404, 403, 409 in that
 * order). A line's lock refuses (403) a caller who may not edit its record before any version
 * answer. Each line service says what its rows hold (`row`) and in which states a change may be
 * written (`phaseOf`).
 */
export abstract class HotbLineService extends WorkflowKnexService<any> {
  readonly lockChecksAccess = true

  constructor(
    options: any,
    app: Application,
    private readonly order: string[]
  ) {
    super(options, app, { resource: 'hotb' })
  }

  /** The stored columns of a new line or a change, checked against its record (400/409 when they do not fit). */
  protected abstract row(data: Record<string, any>, record: HotbOfLine, current?: Record<string, any>): Record<string, unknown>

  /** The states a change may be written in. */
  protected phaseOf(_data: Record<string, any>, _record?: Record<string, any>): 'editable' | 'settlable' {
    return 'editable'
  }

  private get table(): string {
    return this.getOptions({} as any).name
  }

  async lockForWrite(id: string | number, params: WorkflowParams): Promise<any> {
    if (params.provider && !params.ability?.can('read', 'hotb')) throw appError(403, 'FORBIDDEN')
    // The record first, then the line: the order a transition takes them in (its status follows onto the lines), so the two never wait on each other.
    if (params.transaction && /^\d{1,10}$/.test(String(id)) && Number(id) <= 2_147_483_647) {
      const owner = await this.conn(params)(this.table)
        .where({ id: String(id) })
        .first('hotbId')
      if (owner) await this.conn(params)('hotb').where({ id: owner.hotbId }).forShare().first('id')
    }
    const line = await super.lockForWrite(id, params)
    if (params.provider && !updatesHotb(line, params)) throw appError(403, 'FORBIDDEN')
    return line
  }

  async find(params: WorkflowParams = {}): Promise<any> {
    const query: any = { ...(params.query ?? {}) }
    if (!query.$sort) query.$sort = Object.fromEntries([...this.order, 'id'].map((column) => [column, 1]))
    return super._find({ ...params, query } as any)
  }

  async get(id: Id, params: WorkflowParams = {}): Promise<any> {
    return super._get(id, params as any)
  }

  /** The next position of a new line (at the end of its group). */
  protected async nextPosition(db: Knex, hotbId: number, where: Record<string, unknown> = {}) {
    const last = await db(this.table)
      .where({ hotbId, ...where })
      .max('position as position')
      .first()
    return last?.position == null ? 0 : Number(last.position) + 1
  }

  async create(data: any, params: WorkflowParams = {}): Promise<any> {
    if (Array.isArray(data)) throw new MethodNotAllowed('Can not create multiple entries')
    return withTransaction(this.app.get('knex'), params, async (inner) => {
      const db = this.conn(inner)
      const record = await hotbForWrite(db, data.hotbId, inner, this.phaseOf(data))
      const row = this.row(data, record)
      if (row.position === undefined) row.position = await this.nextPosition(db, record.id, 'section' in row ? { section: row.section } : {})
      const [stored] = await db(this.table).insert({ ...row, hotbId: record.id }, '*')
      ;(inner as any).written = { service: this, record: stored }
      return stored
    })
  }

  async patch(id: NullableId, data: any, params: WorkflowParams = {}): Promise<any> {
    if (id === null) throw new MethodNotAllowed('Can not patch multiple entries')
    return withTransaction(this.app.get('knex'), params, async (inner) => {
      const current = await this.lockForWrite(id, inner)
      const { updatedAt: _read, region: _region, ...fields } = data
      const record = await hotbForWrite(this.conn(inner), current.hotbId, inner, this.phaseOf(fields, current))
      const row = this.row(fields, record, current)
      const [stored] = await this.conn(inner)(this.table)
        .where({ id: current.id })
        .update({ ...row, updatedAt: new Date() }, '*')
      ;(inner as any).written = { service: this, record: stored }
      return stored
    })
  }

  async remove(id: NullableId, params: WorkflowParams = {}): Promise<any> {
    if (id === null) throw new MethodNotAllowed('Can not remove multiple entries')
    return withTransaction(this.app.get('knex'), params, async (inner) => {
      const current = await this.lockForWrite(id, inner)
      await hotbForWrite(this.conn(inner), current.hotbId, inner)
      await this.conn(inner)(this.table).where({ id: current.id }).delete()
      return current
    })
  }
}
