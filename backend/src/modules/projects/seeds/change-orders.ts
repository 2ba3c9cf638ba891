import type { Knex } from 'knex'
import { netChangeCents, type ChangeOrderLine } from '../services/project-change-orders/project-change-orders.shared.js'
import { writeChangeOrderIntoSchedule } from '../services/project-change-orders/change-order-schedule.js'
import type { ChangeOrderState } from '../services/project-change-orders/project-change-order.workflow.js'
import { projectParties, type ProjectParties } from './factories.js'

export interface ChangeOrderInput {
  status?: ChangeOrderState
  date?: string
  reason?: string
  lines: ChangeOrderLine[]
  rejectReason?: string
  /** Who prepared it: the project's vendor (default) or its staff in charge. */
  by?: 'vendor' | 'staff'
}

/**
 * A change order of a project in the state asked for, stored as the service stores it (issue 27
 * item 3): the project's next number, its net change, who prepared, submitted and decided it; an
 * approved one is written into the project's schedule of values, dated now (so it counts in the
 * claims made from now on). Built in the database directly, as the other factories build their state.
 */
export async function createChangeOrder(db: Knex, project: any, input: ChangeOrderInput, who?: ProjectParties) {
  const parties = who ?? (await projectParties(db))
  const status = input.status ?? 'DRAFT'
  const vendorUser = await db('users').where({ companyId: project.companyId, userType: 401 }).first('id')
  const preparer = input.by === 'staff' ? parties.pm : (vendorUser?.id ?? parties.pm)
  const now = new Date()
  const last = await db('project_change_orders').where({ projectId: project.id }).max('number as number').first()
  const number = Number(last?.number ?? 0) + 1
  const [created] = await db('project_change_orders').insert(
    {
      region: project.region,
      projectId: project.id,
      number,
      date: input.date ?? now.toISOString().slice(0, 10),
      reason: input.reason ?? 'Additional works instructed by the client',
      lines: JSON.stringify(input.lines),
      netChangeCents: netChangeCents(input.lines),
      status,
      rejectReason: status === 'REJECTED' ? (input.rejectReason ?? 'Not agreed with the client.') : null,
      createdBy: preparer,
      submittedBy: status === 'DRAFT' ? null : preparer,
      submittedAt: status === 'DRAFT' ? null : now,
      decidedBy: status === 'APPROVED' || status === 'REJECTED' ? parties.pm : null,
      decidedAt: status === 'APPROVED' || status === 'REJECTED' ? now : null
    },
    '*'
  )
  if (status === 'APPROVED') await writeChangeOrderIntoSchedule(db, project, { id: created.id, number, lines: input.lines }, now.toISOString())
  return created
}
