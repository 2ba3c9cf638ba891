import { subject } from '@casl/ability'
import { defineWorkflow, type Transition } from '../../../../kit/workflow.js'
import { hotbPhases, type HotbState } from './hotb-states.shared.js'

/*
 * The handover/takeback workflow (PRODUCT.md "Handover/takeback"; spec hotb §4 statuses and
 * actions): staff draft a record from a tenancy and submit it to a chosen approver; the approver
 * approves or rejects it (a rejected record is reset to draft); an approved record is arranged
 * (date, time, contacts) and notified, which makes it SCHEDULED; at the appointment it is completed
 * with a signed document, or marked unsigned (UNSIGNED) and completed later. A change may be
 * requested (back to DRAFT) while it waits, is approved or scheduled; the person in charge (PIC,
 * `managedBy`) may be changed while it is open; any open record may be cancelled. Browser-safe and
 * pure: the service moves a record through the shared runner, the screens draw the buttons from
 * `actionsFrom(...)`.
 *
 * Who: each action asks the caller's CASL ability for its permission on `hotb` (the table's
 * `permission`), on the record: the permission triples decide, no user type is asked here.
 */

export { hotbStates, type HotbState } from './hotb-states.shared.js'

export const hotbActions = ['submit', 'approve', 'reject', 'resetToDraft', 'arrange', 'unsigned', 'complete', 'requestChange', 'changePic', 'cancel'] as const
export type HotbAction = (typeof hotbActions)[number]

/** The record as the guards read it: its state and the columns its rules name. */
export interface HotbFacts {
  status: HotbState
  tenancyId?: number | null
  managedBy?: number | null
  approverId?: number | null
  region?: string
  [field: string]: unknown
}

export interface HotbActor {
  id?: number
  ability: { can(action: string, subject: any, field?: string): boolean }
}

/**
 * PRODUCT.md "DRAFT →submit(approver)→ WAPPR": the approver the record was submitted to answers it
 * (approve or reject); someone who may update others' records may answer in their place.
 */
export const answersAsApprover = (record: HotbFacts, actor: HotbActor) =>
  record.approverId == null || (actor?.id !== undefined && actor.id === record.approverId) || Boolean(actor?.ability.can('updateOthers', subject('hotb', { ...record })))

const may = (permission: string) => (record: HotbFacts, actor: HotbActor) => Boolean(actor?.ability.can(permission, subject('hotb', { ...record })))
const move = (action: HotbAction, to: HotbState, permission: string = action, extra: Partial<Transition<HotbState, HotbFacts, HotbActor>> = {}): Transition<HotbState, HotbFacts, HotbActor> => ({
  action,
  to,
  guard: may(permission),
  permission,
  ...extra
})

/** The approver's answer: approve or reject, both under the `approve` permission (a rejection carries its reason). */
const approverOnly = { guard: (record: HotbFacts, actor: HotbActor) => may('approve')(record, actor) && answersAsApprover(record, actor) }
const approve = move('approve', 'APPR', 'approve', approverOnly)
const reject = move('reject', 'REJECTED', 'approve', { requiresReason: true, ...approverOnly })
const requestChange = move('requestChange', 'DRAFT', 'requestChange', { requiresReason: true })
const cancel = move('cancel', 'CANCELLED', 'cancel', { requiresReason: true })
/** The PIC changes while the record is open; its state stays. */
const changePic = (state: HotbState) => move('changePic', state)

export const hotbWorkflow = defineWorkflow<HotbState, HotbFacts, HotbActor, keyof typeof hotbPhases>(
  {
    DRAFT: [move('submit', 'WAPPR'), changePic('DRAFT'), cancel],
    WAPPR: [approve, reject, requestChange, changePic('WAPPR'), cancel],
    APPR: [move('arrange', 'SCHEDULED'), requestChange, changePic('APPR'), cancel],
    REJECTED: [move('resetToDraft', 'DRAFT'), changePic('REJECTED'), cancel],
    // Arranging again moves the appointment; "unsigned" sends the unsigned notification (under `arrange`).
    SCHEDULED: [move('complete', 'COMPLETED'), move('unsigned', 'UNSIGNED', 'arrange'), move('arrange', 'SCHEDULED'), requestChange, changePic('SCHEDULED'), cancel],
    UNSIGNED: [move('complete', 'COMPLETED'), changePic('UNSIGNED'), cancel],
    COMPLETED: [],
    CANCELLED: []
  },
  // The status phases other code asks about (hotb-states.shared.ts).
  { phases: hotbPhases }
)
