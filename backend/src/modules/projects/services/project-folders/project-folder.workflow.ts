import { subject } from '@casl/ability'
import { defineWorkflow, type Transition } from '../../../../kit/workflow.js'

/*
 * A project folder's workflow (spec §4 "Folder status: DRAFT, APPR, REJECTED"): the vendor files
 * documents in a DRAFT folder, the staff in charge approve the folder or reject it with a reason;
 * the vendor's next upload into a rejected folder puts it back to DRAFT for another look (a
 * system move: the upload takes it, no button). An approved folder is decided: nothing more is
 * filed in it. Browser-safe and pure: the service moves a folder with `next(...)` in the shared
 * runner, the screens draw the buttons from `actionsFrom(...)`.
 *
 * Who: `project-documents:approve` on the folder's project (own = the person in charge, managedBy).
 */

export const folderStates = ['DRAFT', 'APPR', 'REJECTED'] as const
export type FolderState = (typeof folderStates)[number]

/** The folder as the guards read it: its state and its project's "own" columns. */
export interface FolderFacts {
  status: FolderState
  managedBy?: number | null
  companyId?: number | null
  [field: string]: unknown
}

export interface FolderActor {
  ability: { can(action: string, subject: any, field?: string): boolean }
}

const mayDecide = (record: FolderFacts, user: FolderActor) => Boolean(user?.ability.can('approve', subject('project-documents', { ...record })))
const decide = (action: 'approve' | 'reject', to: FolderState): Transition<FolderState, FolderFacts, FolderActor> => ({
  action,
  to,
  guard: mayDecide,
  permission: 'approve',
  ...(action === 'reject' ? { requiresReason: true } : {})
})

export const folderWorkflow = defineWorkflow<FolderState, FolderFacts, FolderActor, 'filing'>(
  {
    DRAFT: [decide('approve', 'APPR'), decide('reject', 'REJECTED')],
    REJECTED: [{ action: 'resubmit', to: 'DRAFT', system: true }],
    APPR: []
  },
  {
    phases: {
      // Documents are filed (uploaded, removed) while the folder awaits a decision or was sent back.
      filing: ['DRAFT', 'REJECTED']
    }
  }
)

export type FolderAction = 'approve' | 'reject'
