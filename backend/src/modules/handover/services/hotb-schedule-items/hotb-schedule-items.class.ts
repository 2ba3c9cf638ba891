import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { HotbLineService } from '../hotb/hotb-line.class.js'

const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() || null : value)

/**
 * A record's condition schedule (spec hotb §3 "Schedules"): lines by section and position, each
 * with its item, condition and remarks; a takeback's lines also show the handover's condition,
 * which they were filled with and which never changes here. Who: hotb-schedule-items.access.ts.
 */
export class HotbScheduleItemService extends HotbLineService {
  constructor(options: any, app: Application) {
    super(options, app, ['section', 'position'])
  }

  protected row(data: Record<string, any>) {
    const row: Record<string, unknown> = {}
    for (const field of ['section', 'position'] as const) if (data[field] !== undefined) row[field] = data[field]
    if (data.item !== undefined) row.item = String(data.item).trim()
    if (row.item === '') throw appError(400, 'VALIDATION_FAILED', { details: 'item', field: 'item' })
    for (const field of ['condition', 'remarks'] as const) if (data[field] !== undefined) row[field] = trimmed(data[field])
    return row
  }
}
