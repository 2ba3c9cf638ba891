import { subject } from '@casl/ability'
import { defineWorkflow, type Transition } from '../../../../kit/workflow.js'

/*
 * The tenant project's workflow (PRODUCT.md "Tenant project"; spec §4): the tenant drafts and
 * submits it, staff accept it into progress and complete it; the tenant may withdraw it (with a
 * reason) and staff may cancel it while it is open. Browser-safe and pure: the service moves a
 * project through the shared runner, the screens draw the buttons from `actionsFrom(...)`.
 *
 * Who: each action is its own permission on `tenant-projects`, asked of the caller's CASL ability
 * on the record, so the permission triples decide (a tenant's "own" is its tenancy, `tenancyId`;
 * a staff member's grant is "any" in the region): no user type is asked here.
 */

export const tenantProjectStates = ['DRAFT', 'SUBMITTED', 'IN_PROGRESS', 'COMPLETED', 'WITHDRAWN', 'CANCELLED'] as const
export type TenantProjectState = (typeof tenantProjectStates)[number]

/** The project as the guards read it: its state and the columns its "own" rules name. */
export interface TenantProjectFacts {
  status: TenantProjectState
  tenancyId?: number | null
  [field: string]: unknown
}

export interface TenantProjectActor {
  ability: { can(action: string, subject: any, field?: string): boolean }
}

const may = (action: string) => (record: TenantProjectFacts, actor: TenantProjectActor) => Boolean(actor?.ability.can(action, subject('tenant-projects', { ...record })))
const move = (
  action: string,
  to: TenantProjectState,
  extra: Partial<Transition<TenantProjectState, TenantProjectFacts, TenantProjectActor>> = {}
): Transition<TenantProjectState, TenantProjectFacts, TenantProjectActor> => ({
  action,
  to,
  guard: may(action),
  permission: action,
  ...extra
})

const withdraw = move('withdraw', 'WITHDRAWN', { requiresReason: true })
const cancel = move('cancel', 'CANCELLED', { requiresReason: true })

export const tenantProjectWorkflow = defineWorkflow<TenantProjectState, TenantProjectFacts, TenantProjectActor, 'editable' | 'deletable' | 'closed' | 'availableForWorkPermits'>(
  {
    DRAFT: [move('submit', 'SUBMITTED'), withdraw],
    SUBMITTED: [move('accept', 'IN_PROGRESS'), withdraw, cancel],
    IN_PROGRESS: [move('complete', 'COMPLETED'), withdraw, cancel],
    COMPLETED: [],
    WITHDRAWN: [],
    CANCELLED: []
  },
  {
    phases: {
      // Its information is kept up to date while it runs (spec §4: WITHDRAWN and CANCELLED refuse every change).
      editable: ['DRAFT', 'SUBMITTED', 'IN_PROGRESS'],
      // Spec §4: "Only draft projects can be deleted".
      deletable: ['DRAFT'],
      // Spec §4: "WITHDRAWN and CANCELLED projects cannot be updated; a notice says the tenant project has that status".
      closed: ['WITHDRAWN', 'CANCELLED'],
      // Spec §4: "Available for work permits unless WITHDRAWN or COMPLETED" (the work permit module reads this flag).
      availableForWorkPermits: ['DRAFT', 'SUBMITTED', 'IN_PROGRESS', 'CANCELLED']
    }
  }
)

export type TenantProjectAction = 'submit' | 'accept' | 'complete' | 'withdraw' | 'cancel'
