import type { Id, NullableId } from '@feathersjs/feathers'
import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { withTransaction } from '../../../../db/transaction.js'
import type { WorkflowParams } from '../../../../kit/workflow-runner.js'
import { HotbLineService, type HotbOfLine } from '../hotb/hotb-line.class.js'
import { dropPhotoThumbnails } from '../hotb-photos/photo-thumbnail.js'
import { hotbDeteriorationFields } from './hotb-schedule-items.shared.js'

const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() || null : value)

/**
 * A record's condition schedule (spec hotb §3 "Schedules"): lines by section and position, each
 * with its item, condition and remarks; a takeback's lines also show the handover's condition,
 * which they were filled with and which never changes here. A takeback's item may be marked
 * deteriorated, with the amount to deduct and why (issue 31 §5), until it is turned into a deposit
 * deduction (`deductionId`, hotb-deductions): from then on that part is fixed (409
 * HOTB_ITEM_DEDUCTED). Who: hotb-schedule-items.access.ts.
 */
export class HotbScheduleItemService extends HotbLineService {
  constructor(options: any, app: Application) {
    super(options, app, ['section', 'position'])
  }

  /** A change of the deterioration alone may be written while settlable (on site, marked unsigned too). */
  protected phaseOf(data: Record<string, any>): 'editable' | 'settlable' {
    const fields = Object.keys(data)
    return fields.length > 0 && fields.every((field) => (hotbDeteriorationFields as readonly string[]).includes(field)) ? 'settlable' : 'editable'
  }

  protected row(data: Record<string, any>, record: HotbOfLine, current?: Record<string, any>) {
    const row: Record<string, unknown> = {}
    for (const field of ['section', 'position'] as const) if (data[field] !== undefined) row[field] = data[field]
    if (data.item !== undefined) row.item = String(data.item).trim()
    if (row.item === '') throw appError(400, 'VALIDATION_FAILED', { details: 'item', field: 'item' })
    for (const field of ['condition', 'remarks'] as const) if (data[field] !== undefined) row[field] = trimmed(data[field])
    if (hotbDeteriorationFields.some((field) => data[field] !== undefined)) {
      if (record.type !== 'TAKEBACK') throw appError(400, 'HOTB_NOT_TAKEBACK')
      if (current?.deductionId) throw appError(409, 'HOTB_ITEM_DEDUCTED', { item: current.item })
      const deteriorated = data.deteriorated ?? current?.deteriorated ?? false
      row.deteriorated = deteriorated
      // An item that is no longer deteriorated deducts nothing.
      row.deductionCents = deteriorated ? (data.deductionCents !== undefined ? data.deductionCents : (current?.deductionCents ?? null)) : null
      row.deductionReason = deteriorated ? trimmed(data.deductionReason !== undefined ? data.deductionReason : (current?.deductionReason ?? null)) : null
    }
    return row
  }

  /** Each line with the deposit deduction it was turned into (null while it is not). */
  private async withDeductions(rows: Array<Record<string, any>>) {
    if (!rows.length) return rows
    const turned = await this.app
      .get('knex')('hotb_item_deductions')
      .whereIn(
        'scheduleItemId',
        rows.map((row) => row.id)
      )
      .select('scheduleItemId', 'deductionId')
    const byItem = new Map(turned.map((row: any) => [row.scheduleItemId, row.deductionId]))
    return rows.map((row) => ({ ...row, deductionId: byItem.get(row.id) ?? null }))
  }

  async find(params: WorkflowParams = {}): Promise<any> {
    const page: any = await super.find(params)
    if (Array.isArray(page)) return this.withDeductions(page)
    return { ...page, data: await this.withDeductions(page.data) }
  }

  async get(id: Id, params: WorkflowParams = {}): Promise<any> {
    return (await this.withDeductions([await super.get(id, params)]))[0]
  }

  async lockForWrite(id: string | number, params: WorkflowParams): Promise<any> {
    const line = await super.lockForWrite(id, params)
    const turned = await this.conn(params)('hotb_item_deductions').where({ scheduleItemId: line.id }).first('deductionId')
    return { ...line, deductionId: turned?.deductionId ?? null }
  }

  /**
   * An item turned into a deposit deduction stays: the ledger's line names it (409
   * HOTB_ITEM_DEDUCTED). An item's photos go with it (the database cascades), and their thumbnails
   * once the removal commits.
   */
  async remove(id: NullableId, params: WorkflowParams = {}): Promise<any> {
    if (id !== null && params.transaction) {
      const turned = await this.conn(params)('hotb_item_deductions').where({ scheduleItemId: id }).first('scheduleItemId')
      if (turned) throw appError(409, 'HOTB_ITEM_DEDUCTED', { item: (await this.conn(params)('hotb_schedule_items').where({ id }).first('item'))?.item })
    }
    if (id === null) return super.remove(id, params)
    return withTransaction(this.app.get('knex'), params, async (inner) => {
      // Locked first (the audited write's lock, or this one): a photo added meanwhile would wait, then find no item.
      const item = await this.lockForWrite(id, inner)
      await dropPhotoThumbnails(this.app, this.conn(inner), { 'hotb_photos.scheduleItemId': item.id }, inner)
      return super.remove(id, inner)
    })
  }
}
