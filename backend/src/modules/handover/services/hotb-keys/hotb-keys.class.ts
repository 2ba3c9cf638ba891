import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { HotbLineService, type HotbOfLine } from '../hotb/hotb-line.class.js'

const settlementFields = ['outcome', 'chargeCents', 'waiverReason'] as const
const lineFields = ['item', 'keys', 'keysHandedOver', 'accessCards', 'position'] as const

/**
 * A record's key schedule (spec hotb §3 "item, keys, keys handed over, access cards") and, on a
 * takeback, each line's outcome (issue 31 item 6): RETURNED, LOST with a charge (cents) or WAIVED
 * with a reason; the other outcome's field is cleared with each change. The lines are edited while
 * the record is editable; a takeback's outcomes are recorded once it is marked unsigned as well
 * (it completes from there). Who: hotb-keys.access.ts.
 */
export class HotbKeyService extends HotbLineService {
  constructor(options: any, app: Application) {
    super(options, app, ['position'])
  }

  /** A change of outcomes alone may be written while settlable (UNSIGNED too); anything else only while editable. */
  protected phaseOf(data: Record<string, any>): 'editable' | 'settlable' {
    return Object.keys(data).every((field) => (settlementFields as readonly string[]).includes(field)) ? 'settlable' : 'editable'
  }

  protected row(data: Record<string, any>, record: HotbOfLine, current?: Record<string, any>) {
    const row: Record<string, unknown> = {}
    for (const field of lineFields) if (data[field] !== undefined) row[field] = field === 'item' ? String(data[field]).trim() : data[field]
    if (row.item === '') throw appError(400, 'VALIDATION_FAILED', { details: 'item', field: 'item' })
    const settles = settlementFields.some((field) => data[field] !== undefined)
    if (!settles) return row
    const given = (field: (typeof settlementFields)[number]) => (data[field] !== undefined ? data[field] : (current?.[field] ?? null))
    const outcome = given('outcome')
    if (record.type !== 'TAKEBACK' && settlementFields.some((field) => data[field] != null)) throw appError(400, 'HOTB_KEY_SETTLEMENT')
    row.outcome = outcome
    row.chargeCents = outcome === 'LOST' ? given('chargeCents') : null
    const reason = typeof given('waiverReason') === 'string' ? given('waiverReason').trim() || null : null
    row.waiverReason = outcome === 'WAIVED' ? reason : null
    return row
  }
}
