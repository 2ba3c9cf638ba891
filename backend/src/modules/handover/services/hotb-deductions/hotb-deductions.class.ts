import type { Params } from '@feathersjs/feathers'
import type { Application } from '../../../../declarations.js'
import { appError } from '../../../../errors.js'
import { withTransaction } from '../../../../db/transaction.js'
import { deductFromTenancyDeposit } from '../../../tenant-projects/module.js'
import { hotbForWrite } from '../hotb/hotb-lines.js'
import { hotbScheduleItemsPath } from '../hotb-schedule-items/hotb-schedule-items.shared.js'
import type { HotbDeductionData } from './hotb-deductions.schema.js'

const UNIQUE_VIOLATION = '23505'

/**
 * "Turn into deductions" (issue 31 §5): a takeback's deteriorated items, each with its amount and
 * reason, become one DAMAGE deduction each on the tenancy's fit-out deposit ledger, through the
 * tenant-projects module's door, in one transaction. Staff who may edit the takeback, while it is
 * settlable (drafted, approved, scheduled or marked unsigned: before it is completed and sealed).
 * Once: the items are locked, one already turned answers 409 HOTB_ITEM_DEDUCTED, and
 * `hotb_item_deductions` (keyed by the item) refuses a second row whoever writes it. When the
 * tenant-projects module is not installed, or the tenancy holds no deposit, nothing is written
 * (409 HOTB_NO_DEPOSIT): the items keep their amounts as the takeback's deductions list.
 */
export class HotbDeductionService {
  constructor(private app: Application) {}

  private get depositLedgerInstalled() {
    return (this.app.get('modules') as ReadonlyArray<{ name: string }>).some((module) => module.name === 'tenant-projects')
  }

  async create(data: HotbDeductionData, params: Params = {}) {
    // Without any right to edit handovers, 403 at once; who may edit this one is asked of the record (hotbForWrite).
    if (params.provider && !(params as any).ability?.can('update', 'hotb')) throw appError(403, 'FORBIDDEN')
    return withTransaction(this.app.get('knex'), params as any, async (inner: any) => {
      const db = inner.transaction.trx
      const record = await hotbForWrite(db, data.hotbId, inner, 'settlable')
      if (record.type !== 'TAKEBACK') throw appError(400, 'HOTB_NOT_TAKEBACK')
      const items = await db('hotb_schedule_items').where({ hotbId: record.id }).whereIn('id', data.scheduleItemIds).orderBy(['section', 'position', 'id']).forUpdate()
      if (items.length !== data.scheduleItemIds.length) throw appError(404, 'NOT_FOUND')
      const turned = await db('hotb_item_deductions').whereIn(
        'scheduleItemId',
        items.map((item: any) => item.id)
      )
      if (turned.length) throw appError(409, 'HOTB_ITEM_DEDUCTED', { item: items.find((item: any) => item.id === turned[0].scheduleItemId)?.item })
      const open = items.find((item: any) => !item.deteriorated || !item.deductionCents || !String(item.deductionReason ?? '').trim())
      if (open) throw appError(400, 'HOTB_DEDUCTION_ITEM', { item: open.item })
      if (!this.depositLedgerInstalled) throw appError(409, 'HOTB_NO_DEPOSIT')
      const ledger = await deductFromTenancyDeposit(
        db,
        {
          region: record.region,
          tenancyId: record.tenancyId,
          createdBy: inner.user?.id ?? null,
          lines: items.map((item: any) => ({ kind: 'DAMAGE' as const, amountCents: Number(item.deductionCents), reason: `${item.item}: ${item.deductionReason.trim()}`.slice(0, 1000) }))
        },
        { app: this.app, afterCommit: inner.afterCommit }
      )
      if (!ledger) throw appError(409, 'HOTB_NO_DEPOSIT')
      const rows = items.map((item: any, index: number) => ({
        scheduleItemId: item.id,
        hotbId: record.id,
        deductionId: ledger.deductionIds[index],
        amountCents: Number(item.deductionCents),
        createdBy: inner.user?.id ?? null
      }))
      await db('hotb_item_deductions')
        .insert(rows)
        .catch((error: any) => {
          if (error?.code === UNIQUE_VIOLATION) throw appError(409, 'HOTB_ITEM_DEDUCTED', { item: items[0].item })
          throw error
        })
      // The schedule's readers hear that the items are turned (their `deductionId`).
      const stamped = await db('hotb_schedule_items')
        .whereIn(
          'id',
          items.map((item: any) => item.id)
        )
        .update({ updatedAt: new Date() }, '*')
      inner.afterCommit.push(() => {
        const service = this.app.service(hotbScheduleItemsPath)
        for (const item of stamped) service.emit('patched', { ...item, deductionId: rows.find((row: any) => row.scheduleItemId === item.id)?.deductionId ?? null })
      })
      return { hotbId: record.id, projectId: ledger.projectId, deductions: rows.map(({ scheduleItemId, deductionId, amountCents }: any) => ({ scheduleItemId, deductionId, amountCents })) }
    })
  }
}
