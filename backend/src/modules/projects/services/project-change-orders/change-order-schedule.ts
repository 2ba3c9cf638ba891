import type { Knex } from 'knex'
import { itemKey, type ScheduleLine } from '../../claims/schedule-of-values.shared.js'
import { scheduleWithChangeOrder, type ChangeOrderLine } from './project-change-orders.shared.js'

/**
 * An approved change order written into its project's schedule of values (project_schedule_lines),
 * as `scheduleWithChangeOrder` works it out: each revised line gains the change (its original value
 * and earlier changes kept: claimed lines keep their history), each added item a new line after
 * the others; every change dated with the approval (`approvedAt`, ISO instant), from which on it
 * counts in the contract sum to date. The service's approval and the demo factory both write it here.
 */
export async function writeChangeOrderIntoSchedule(
  db: Knex,
  project: { id: string; region: string },
  changeOrder: { id: number; number: number; lines: readonly ChangeOrderLine[] },
  approvedAt: string
) {
  const schedule: (ScheduleLine & { id: number; position: number })[] = await db('project_schedule_lines')
    .where({ projectId: project.id })
    .orderBy('position')
    .select('id', 'position', 'item', 'description', 'originalValueCents', 'changeOrders')
  const next = scheduleWithChangeOrder(schedule, changeOrder, approvedAt)
  const byKey = new Map(schedule.map((line) => [itemKey(line.item), line]))
  let position = Math.max(0, ...schedule.map((line) => Number(line.position)))
  for (const line of next) {
    const known = byKey.get(itemKey(line.item))
    if (known === line) continue
    if (known) {
      await db('project_schedule_lines')
        .where({ id: known.id })
        .update({ changeOrders: JSON.stringify(line.changeOrders ?? []) })
    } else {
      await db('project_schedule_lines').insert({
        region: project.region,
        projectId: project.id,
        position: ++position,
        item: line.item,
        itemKey: itemKey(line.item),
        description: line.description,
        originalValueCents: 0,
        changeOrders: JSON.stringify(line.changeOrders ?? [])
      })
    }
  }
}
