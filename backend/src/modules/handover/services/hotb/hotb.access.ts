import type { Params } from '@feathersjs/feathers'
import { subject } from '@casl/ability'
import { caslAllows, defineAccess } from '../../../../kit/access.js'
import { answersAsApprover, hotbWorkflow } from './hotb.workflow.js'

/*
 * Who reads and acts on handover/takeback records, in CASL's words only, on the record's own
 * columns:
 * - staff: their `hotb` rules in the region (the regional service keeps them to it);
 * - a tenancy's master account (Tenant Admin) and a sub-account holding HandoverTakeback: "own",
 *   their tenancy's records (`tenancyId`), and only once SCHEDULED, UNSIGNED or COMPLETED (the
 *   module's `ownScope` puts the status on the rule itself: lists, reads and live events alike);
 * - vendors and everyone else: no rule, so nothing.
 * Editing (`update`) asks more: the caller is the record's PIC (`managedBy`) or may update
 * others' records (`updateOthers`). The workflow's actions ask their own permission
 * (hotb.workflow.ts). The CASL conditions are applied to the query by the authorize hook, so the
 * contract needs no `narrow`; live events go to the connections whose read rule covers the record.
 */
export interface HotbRow extends Record<string, unknown> {
  id: number
  region: string
  tenancyId: number
  managedBy: number | null
  status: string
}

/** The record as the `hotb` rules read it (a line's copy of its record included). */
export const hotbSubjectOf = (row: Record<string, any>) => ({
  id: row.hotbId ?? row.id,
  region: row.region,
  tenancyId: row.tenancyId,
  managedBy: row.managedBy ?? null,
  status: row.status
})

export const readsHotb = (row: Record<string, any>, caller: Params) => caslAllows(caller, 'read', 'hotb', hotbSubjectOf(row))

/** Whether the caller reads who of staff works on the record (its PIC, its lines' uploaders): a tenant's read of it names none (module.shared.ts `ownFields`). */
export const seesHotbStaff = (row: Record<string, any>, caller: Params) => !caller.provider || Boolean((caller as any).ability?.can('read', subject('hotb', hotbSubjectOf(row)), 'managedBy'))

/** Edits the record's information and lines: `update`, on one's own record (PIC) or with `updateOthers`. */
export function updatesHotb(row: Record<string, any>, caller: Params): boolean {
  if (!caller.provider) return true
  const record = hotbSubjectOf(row)
  if (!caslAllows(caller, 'update', 'hotb', record)) return false
  return record.managedBy === (caller as any).user?.id || caslAllows(caller, 'updateOthers', 'hotb', record)
}

/** Whether the caller may take `action` (update, a workflow action) on a record it reads. */
export function actsOnHotb(row: Record<string, any>, action: string, caller: Params): boolean {
  if (!readsHotb(row, caller)) return false
  if (action === 'update' || action === 'patch') return updatesHotb(row, caller)
  if (action === 'delete' || action === 'remove') return false
  // The approver chosen at submission answers (hotb.workflow.ts), before any version or state answer.
  const actor = { id: (caller as any).user?.id, ability: (caller as any).ability ?? { can: () => false } }
  if ((action === 'approve' || action === 'reject') && caller.provider && !answersAsApprover({ ...hotbSubjectOf(row), approverId: row.approverId ?? null } as any, actor)) return false
  return caslAllows(caller, hotbWorkflow.permissionOf(action), 'hotb', hotbSubjectOf(row))
}

export const hotbAccess = defineAccess<HotbRow>({
  subject: 'hotb',
  read: (record, caller) => readsHotb(record, caller),
  act: (record, action, caller) => actsOnHotb(record, action, caller)
})
