import { subject } from '@casl/ability'
import { defineWorkflow, type Transition } from '../../../../kit/workflow.js'

/*
 * The project's workflow (spec §4 "Project status: DRAFT, ACTIVE, COMPLETED, CANCELLED"): raised
 * DRAFT from a purchase order or contract, activated (the vendor is invited), completed once the
 * actual completion date is known, or cancelled while still DRAFT or ACTIVE. Browser-safe and
 * pure: the service moves a project with `next(...)` in the shared runner, the screens draw the
 * buttons from `actionsFrom(...)`.
 *
 * Who: "manage own" (spec §6): the caller's `projects` update rule on the record (any project, or
 * those they are in charge of, managedBy). The system takes no project action.
 */

export const projectStates = ['DRAFT', 'ACTIVE', 'COMPLETED', 'CANCELLED'] as const
export type ProjectState = (typeof projectStates)[number]

/** The project as the guards read it: its state and the columns its "own" rules name. */
export interface ProjectFacts {
  status: ProjectState
  managedBy?: number | null
  companyId?: number | null
  [field: string]: unknown
}

export interface ProjectActor {
  ability: { can(action: string, subject: any, field?: string): boolean }
}

const mayManage = (record: ProjectFacts, user: ProjectActor) => Boolean(user?.ability.can('update', subject('projects', { ...record })))
const move = (action: string, to: ProjectState): Transition<ProjectState, ProjectFacts, ProjectActor> => ({ action, to, guard: mayManage, permission: 'update' })

export const projectWorkflow = defineWorkflow<ProjectState, ProjectFacts, ProjectActor, 'editable' | 'vendorVisible'>(
  {
    DRAFT: [move('activate', 'ACTIVE'), move('cancel', 'CANCELLED')],
    ACTIVE: [move('complete', 'COMPLETED'), move('cancel', 'CANCELLED')],
    COMPLETED: [],
    CANCELLED: []
  },
  {
    phases: {
      // Its details (dates, deduction, retention, location) are kept while it runs, and after completion for the defects liability date.
      editable: ['DRAFT', 'ACTIVE', 'COMPLETED'],
      // The vendor learns of a project when it is activated (the invitation): a draft is staff's own.
      vendorVisible: ['ACTIVE', 'COMPLETED', 'CANCELLED']
    }
  }
)

export type ProjectAction = 'activate' | 'complete' | 'cancel'
