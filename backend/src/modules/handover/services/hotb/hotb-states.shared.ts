/*
 * The handover/takeback record's states and their phases, as plain lists: the workflow table
 * (hotb.workflow.ts) is built on them, and the module's shared manifest reads the tenant's phase
 * from here. That manifest is in the login page's first bundle, so this file imports nothing: the
 * workflow kit and CASL stay out of it (issue 28 §4: no status set kept beside the table).
 */

export const hotbStates = ['DRAFT', 'WAPPR', 'APPR', 'REJECTED', 'SCHEDULED', 'UNSIGNED', 'COMPLETED', 'CANCELLED'] as const
export type HotbState = (typeof hotbStates)[number]

export const hotbPhases = {
  // Its information, schedule items and key lines are edited while drafted, approved or scheduled (issue 31 slice 1 item 4).
  editable: ['DRAFT', 'APPR', 'SCHEDULED'],
  // A takeback's key outcomes are recorded while editable and once marked unsigned (it completes from there).
  settlable: ['DRAFT', 'APPR', 'SCHEDULED', 'UNSIGNED'],
  open: ['DRAFT', 'WAPPR', 'APPR', 'REJECTED', 'SCHEDULED', 'UNSIGNED'],
  // Spec hotb §2 "tenants see only SCHEDULED, UNSIGNED, COMPLETED" (lists, reads and live events alike).
  tenantVisible: ['SCHEDULED', 'UNSIGNED', 'COMPLETED'],
  closed: ['COMPLETED', 'CANCELLED']
} as const satisfies Record<string, readonly HotbState[]>
