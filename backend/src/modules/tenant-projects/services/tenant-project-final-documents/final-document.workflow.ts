import { subject } from '@casl/ability'
import { defineWorkflow, type Transition } from '../../../../kit/workflow.js'

/*
 * A project's final documents (spec §3 "Final document: statuses DRAFT, EXEMPTED, COMPLETED,
 * HISTORICAL, SEND_REMINDER; exemption flag; histories"; §4 "exemption cannot be removed once set;
 * completion triggers deposit refund"; §6 "final-docs reminder/complete/exempt"). Staff remind the
 * tenant (as often as needed), then complete or exempt them; both settle the record, which opens
 * the deposit refund. A record replaced by a newer one is HISTORICAL. Browser-safe and pure.
 *
 * Who: each action is its own permission on `tenant-project-final-documents`, asked of the caller's
 * CASL ability on the record.
 */

export const finalDocumentStates = ['DRAFT', 'SEND_REMINDER', 'COMPLETED', 'EXEMPTED', 'HISTORICAL'] as const
export type FinalDocumentState = (typeof finalDocumentStates)[number]

export interface FinalDocumentFacts {
  status: FinalDocumentState
  [field: string]: unknown
}

export interface FinalDocumentActor {
  ability: { can(action: string, subject: any, field?: string): boolean }
}

const may = (action: string) => (record: FinalDocumentFacts, actor: FinalDocumentActor) => Boolean(actor?.ability.can(action, subject('tenant-project-final-documents', { ...record })))
const move = (action: string, to: FinalDocumentState, permission = action): Transition<FinalDocumentState, FinalDocumentFacts, FinalDocumentActor> => ({
  action,
  to,
  guard: may(permission),
  permission
})

// Spec §6 "final-docs reminder/complete/exempt": the reminder's permission is `reminder`.
const open = [move('sendReminder', 'SEND_REMINDER', 'reminder'), move('complete', 'COMPLETED'), move('exempt', 'EXEMPTED')]

export const finalDocumentWorkflow = defineWorkflow<FinalDocumentState, FinalDocumentFacts, FinalDocumentActor, 'settled'>(
  {
    DRAFT: open,
    SEND_REMINDER: open,
    COMPLETED: [],
    EXEMPTED: [],
    HISTORICAL: []
  },
  {
    phases: {
      // Spec §4 "completion triggers deposit refund": the refund step opens once these are settled.
      settled: ['COMPLETED', 'EXEMPTED']
    }
  }
)
