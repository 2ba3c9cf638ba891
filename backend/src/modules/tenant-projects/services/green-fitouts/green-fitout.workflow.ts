import { subject } from '@casl/ability'
import { defineWorkflow, type Transition } from '../../../../kit/workflow.js'

/*
 * A project's green fit-out and its folders (spec §3 "Green fit-out: folders with points; folder
 * actions REJECT, APPROVE, UPDATE_POINTS"; §4 "Green fit-out statuses: DRAFT, UNDER_REVIEW,
 * COMPLETED, CANCEL. Folder: DRAFT, ACCEPTED, REJECTED, COMPLETED; approved/reviewed folders are
 * locked; on hold lets the tenant upload and staff resume; also complied and recognised"; §6 "green
 * fit-out start/hold/review/comment/preview/send/read points"). Browser-safe and pure.
 *
 * Our reading, as two tables:
 * - the green fit-out: staff prepare it (DRAFT, folders added), `start` the review (UNDER_REVIEW),
 *   `hold` it (the tenant may upload again, into rejected folders too) and `resume` it, `complete`
 *   it (complied when no folder is left undecided; recognised when the accepted points reach the
 *   region's threshold) or `cancel` it;
 * - a folder: the tenant uploads into a DRAFT folder and hands it in (`submit`: COMPLETED, as the
 *   spec names it); a reviewer `approve`s it (ACCEPTED) or `reject`s it (REJECTED) and sets its
 *   points (`updatePoints`) until then. ACCEPTED and REJECTED are decided: locked, their points
 *   stay (the database refuses a change too); while the green fit-out is on hold the tenant may
 *   hand a rejected folder in again.
 * Who: each staff action is its own permission on `green-fitouts`; the tenant's `submit` is the
 * project's update (its own fields), asked of the caller's CASL ability on the project.
 */

export const greenFitoutStates = ['DRAFT', 'UNDER_REVIEW', 'COMPLETED', 'CANCEL'] as const
export type GreenFitoutState = (typeof greenFitoutStates)[number]

export const greenFolderStates = ['DRAFT', 'COMPLETED', 'ACCEPTED', 'REJECTED'] as const
export type GreenFolderState = (typeof greenFolderStates)[number]

export interface GreenFitoutFacts {
  status: GreenFitoutState
  onHold?: boolean
  [field: string]: unknown
}

/** A folder as the guards read it, with its green fit-out's state and hold. */
export interface GreenFolderFacts {
  status: GreenFolderState
  fitoutStatus: GreenFitoutState
  fitoutOnHold: boolean
  /** The folder's project as the `tenant-projects` rules read it (the tenant's side). */
  project?: Record<string, unknown>
  [field: string]: unknown
}

export interface GreenFitoutActor {
  ability: { can(action: string, subject: any, field?: string): boolean }
}

const may = (permission: string) => (record: Record<string, unknown>, actor: GreenFitoutActor) => Boolean(actor?.ability.can(permission, subject('green-fitouts', { ...record, project: undefined })))

type FitoutMove = Transition<GreenFitoutState, GreenFitoutFacts, GreenFitoutActor>
const fitoutMove = (action: string, to: GreenFitoutState, permission: string, when: (record: GreenFitoutFacts) => boolean = () => true): FitoutMove => ({
  action,
  to,
  permission,
  guard: (record, actor) => when(record) && may(permission)(record, actor)
})

const held = (record: GreenFitoutFacts) => record.onHold === true
const running = (record: GreenFitoutFacts) => record.onHold !== true

export const greenFitoutWorkflow = defineWorkflow<GreenFitoutState, GreenFitoutFacts, GreenFitoutActor, 'open'>(
  {
    DRAFT: [fitoutMove('start', 'UNDER_REVIEW', 'start'), fitoutMove('cancel', 'CANCEL', 'start')],
    UNDER_REVIEW: [
      fitoutMove('hold', 'UNDER_REVIEW', 'hold', running),
      fitoutMove('resume', 'UNDER_REVIEW', 'hold', held),
      fitoutMove('complete', 'COMPLETED', 'review', running),
      fitoutMove('cancel', 'CANCEL', 'start')
    ],
    COMPLETED: [],
    CANCEL: []
  },
  {
    phases: {
      // Folders are added, uploaded into, handed in and decided only while the scheme is open.
      open: ['DRAFT', 'UNDER_REVIEW']
    }
  }
)

type FolderMove = Transition<GreenFolderState, GreenFolderFacts, GreenFitoutActor>

/** A reviewer's move: the scheme under review and not on hold (staff resume it first). */
const review = (action: string, to: GreenFolderState): FolderMove => ({
  action,
  to,
  permission: 'review',
  guard: (record, actor) => record.fitoutStatus === 'UNDER_REVIEW' && !record.fitoutOnHold && may('review')(record, actor)
})

/** The tenant hands a folder in: a DRAFT folder while the scheme is open; a rejected one only while it is on hold. */
const submit = (whenRejected: boolean): FolderMove => ({
  action: 'submit',
  to: 'COMPLETED',
  permission: 'submit',
  guard: (record, actor) =>
    greenFitoutWorkflow.isIn('open', record.fitoutStatus) &&
    (!whenRejected || (record.fitoutStatus === 'UNDER_REVIEW' && record.fitoutOnHold)) &&
    Boolean(record.project && actor?.ability.can('update', subject('tenant-projects', { ...record.project })))
})

export const greenFolderWorkflow = defineWorkflow<GreenFolderState, GreenFolderFacts, GreenFitoutActor, 'locked' | 'uploadable'>(
  {
    DRAFT: [submit(false), review('approve', 'ACCEPTED'), review('reject', 'REJECTED'), review('updatePoints', 'DRAFT')],
    COMPLETED: [review('approve', 'ACCEPTED'), review('reject', 'REJECTED'), review('updatePoints', 'COMPLETED')],
    ACCEPTED: [],
    REJECTED: [submit(true)]
  },
  {
    phases: {
      // Spec §4 "approved/reviewed folders are locked": their points stay.
      locked: ['ACCEPTED', 'REJECTED'],
      // Where the tenant's files go: a folder not yet decided, or a rejected one while the scheme is on hold.
      uploadable: ['DRAFT', 'REJECTED']
    }
  }
)

/** The spec's folder actions (§3 "REJECT, APPROVE, UPDATE_POINTS") as the history names them. */
export const folderActionTypes = { approve: 'APPROVE', reject: 'REJECT', updatePoints: 'UPDATE_POINTS', submit: 'SEND' } as const

/** Whether the tenant may upload into the folder now (the files service asks it; the page shows the upload by it). */
export function folderTakesUploads(folder: Pick<GreenFolderFacts, 'status' | 'fitoutStatus' | 'fitoutOnHold'>): boolean {
  if (!greenFitoutWorkflow.isIn('open', folder.fitoutStatus)) return false
  if (folder.status === 'DRAFT') return true
  return folder.status === 'REJECTED' && folder.fitoutStatus === 'UNDER_REVIEW' && folder.fitoutOnHold
}

/** The project's total (issue 30 item 9): the ACCEPTED folders' awarded points, nothing else. */
export function acceptedTotal(folders: ReadonlyArray<{ status: string; pointsAwarded?: number | null }>): number {
  return folders.reduce((sum, folder) => sum + (folder.status === 'ACCEPTED' ? Number(folder.pointsAwarded ?? 0) : 0), 0)
}
