import type { Knex } from 'knex'
import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { calendarDay, isoDay } from '../../../../format/format.shared.js'
import { WorkflowKnexService, type WorkflowParams } from '../../../../kit/workflow-runner.js'
import { withoutTenancyReaders } from '../tenancies/tenancies.access.js'
import { assertReadsGreen, assertUpdatesGreen } from './green-operations.access.js'
import type { GreenOperation, GreenOperationData, GreenOperationPatch } from './green-operations.schema.js'
import { greenExpiry, greenProblems, greenStatusOn } from './green-operations.shared.js'
import { withTransaction } from '../../../../db/transaction.js'

/**
 * Green operation records of a tenancy (spec tenancies §3, §5; GREEN_OPERATION): listed per
 * tenancy, newest start first; the expiry follows from the start and the validity period
 * (required), the status from the expiry and the region's today; the floor one of the
 * building's. Access: green-operations.access.ts.
 */
export class GreenOperationService extends WorkflowKnexService<GreenOperation> {
  readonly lockChecksAccess = true

  constructor(options: any, app: Application) {
    super({ ...options, jsonColumns: ['assessment'] }, app, { resource: 'green-operations' })
  }

  private async today(region: string) {
    return calendarDay(new Date(), (await this.app.get('regionCache').get(region))?.timeZone ?? 'UTC')
  }

  private async present(rows: any[]): Promise<GreenOperation[]> {
    const today = rows.length ? await this.today(rows[0].region) : ''
    return rows.map((row) => {
      const expiryDate = isoDay(row.expiryDate)
      return {
        ...withoutTenancyReaders(row),
        startDate: isoDay(row.startDate),
        expiryDate,
        reading: row.reading == null ? null : Number(row.reading),
        assessment: row.assessment ?? [],
        status: greenStatusOn(expiryDate, today)
      }
    })
  }

  createQuery(params: WorkflowParams = {}) {
    const query = super.createQuery(params as any)
    if (!params.query?.$sort)
      query.clearOrder().orderBy([
        { column: 'green_operations.start_date', order: 'desc' },
        { column: 'green_operations.id', order: 'desc' }
      ])
    return query
  }

  /** A tenancy's records: only with its `tenancyId`, once the caller reads that tenancy and its records (404 otherwise). */
  async find(params: WorkflowParams = {}): Promise<any> {
    const tenancyId = Number(params.query?.tenancyId)
    if (params.provider) {
      if (!Number.isSafeInteger(tenancyId) || tenancyId <= 0) throw appError(400, 'VALIDATION_FAILED', { details: 'tenancyId' })
      await assertReadsGreen(this.app, params, { tenancyId })
    }
    return super.find(params as any)
  }

  async get(id: any, params: WorkflowParams = {}): Promise<any> {
    const record = await super.get(id, params as any)
    await assertReadsGreen(this.app, params, record)
    return record
  }

  async _find(params: WorkflowParams = {}): Promise<any> {
    const page = await super._find(params as any)
    return Array.isArray(page) ? this.present(page) : { ...page, data: await this.present(page.data) }
  }

  async _get(id: any, params: WorkflowParams = {}): Promise<any> {
    return (await this.present([await super._get(id, params as any)]))[0]
  }

  async lockForWrite(id: any, params: WorkflowParams): Promise<any> {
    const locked = (params as any).lockedRecord
    if (locked?.service === this && String(locked.record.id) === String(id)) return locked.record
    const record = await super.lockForWrite(id, params)
    await assertReadsGreen(this.app, params, record)
    return record
  }

  private async check(db: Knex, tenancyId: number, record: { validityMonths?: number | null; month?: string | null; floor?: string | null }) {
    const [problem] = greenProblems(record)
    if (problem) throw appError(400, problem === 'VALIDITY' ? 'GREEN_VALIDITY_REQUIRED' : 'VALIDATION_FAILED', { details: 'month' })
    if (record.floor) {
      const row = await db('tenancies').leftJoin('buildings', 'buildings.id', 'tenancies.buildingId').where('tenancies.id', tenancyId).first('buildings.floors')
      if (!(row?.floors ?? []).includes(record.floor)) throw appError(400, 'MOVE_FLOOR_INVALID', { floor: record.floor })
    }
  }

  private async stored(db: Knex, id: number, params: WorkflowParams) {
    const [record] = await this.present([await db('green_operations').where({ id }).first()])
    ;(params as any).written = { service: this, record }
    return record
  }

  async create(input: any, params: WorkflowParams = {}): Promise<any> {
    return withTransaction(this.app.get('knex'), params, (inner) => this.createWithin(input, inner))
  }

  /** `create` in the caller's transaction (not through the service's hooks again: its event waits for the COMMIT). */
  private async createWithin(input: any, params: WorkflowParams): Promise<any> {
    const { region: _region, ...data } = input as GreenOperationData
    const db = this.conn(params)
    await assertReadsGreen(this.app, params, { tenancyId: data.tenancyId })
    const tenancy = await db('tenancies').where({ id: data.tenancyId }).first('id', 'region')
    if (!tenancy || (params.region && tenancy.region !== params.region)) throw appError(404, 'NOT_FOUND')
    await this.check(db, tenancy.id, data)
    const [{ id }] = await db('green_operations').insert(
      this.encodeJson({ ...data, region: tenancy.region, assessment: data.assessment ?? [], expiryDate: greenExpiry(data.startDate, data.validityMonths), createdBy: params.user?.id ?? null }),
      ['id']
    )
    return this.stored(db, id, params)
  }

  async patch(id: any, input: any, params: WorkflowParams = {}): Promise<any> {
    return withTransaction(this.app.get('knex'), params, (inner) => this.patchWithin(id, input, inner))
  }

  /** `patch` in the caller's transaction (not through the service's hooks again: its event waits for the COMMIT). */
  private async patchWithin(id: any, input: any, params: WorkflowParams): Promise<any> {
    const { updatedAt: _read, region: _region, ...fields } = input as GreenOperationPatch
    const db = this.conn(params)
    const current = await this.lockForWrite(id, params)
    assertUpdatesGreen(params, current, Object.keys(fields))
    const next = { startDate: isoDay(current.startDate), validityMonths: current.validityMonths, floor: current.floor, month: current.month, ...fields }
    await this.check(db, current.tenancyId, next)
    await db('green_operations')
      .where({ id: current.id })
      .update(this.encodeJson({ ...fields, expiryDate: greenExpiry(next.startDate, next.validityMonths), updatedAt: new Date() }))
    return this.stored(db, current.id, params)
  }

  async remove(id: any, params: WorkflowParams = {}): Promise<any> {
    return withTransaction(this.app.get('knex'), params, (inner) => this.removeWithin(id, inner))
  }

  /** `remove` in the caller's transaction (not through the service's hooks again: its event waits for the COMMIT). */
  private async removeWithin(id: any, params: WorkflowParams): Promise<any> {
    const db = this.conn(params)
    const current = await this.lockForWrite(id, params)
    const [record] = await this.present([current])
    const documents = await db('green_operation_documents').where({ greenOperationId: current.id }).select('id', 'fileId')
    await db('green_operations').where({ id: current.id }).delete()
    for (const document of documents) await this.app.service('files').remove(document.fileId, { transaction: params.transaction, afterCommit: params.afterCommit } as any)
    return record
  }
}
