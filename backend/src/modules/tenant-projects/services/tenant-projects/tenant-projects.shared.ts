// Browser-safe: the tenant project's vocabulary (spec §2, §3 "Tenant project"), shared by the
// service, its validators and the screens.
import { tenantProjectWorkflow } from './tenant-project.workflow.js'

export const tenantProjectsPath = 'tenant-projects'
export const tenantProjectsMethods = ['find', 'get', 'create', 'patch', 'remove', ...tenantProjectWorkflow.actions.map(({ action }) => action)] as const

/** Spec §9 "Tenant project types: Fitout, Reinstatement, Facade". */
export const tenantProjectTypes = ['Fitout', 'Reinstatement', 'Facade'] as const
export type TenantProjectType = (typeof tenantProjectTypes)[number]

/** The project page's tabs by the spec's tabIndex (§2 "projectInfo 0, submissions 1, contractorInfo 2, workPermit 3, projectControl 4"). */
export const tenantProjectTabs = ['projectInfo', 'submissions', 'contractorInfo', 'workPermit', 'projectControl'] as const
export type TenantProjectTab = (typeof tenantProjectTabs)[number]
/** Spec §2: contractorInfo and workPermit appear only when the work-permit feature is on for the region. */
export const workPermitTabs: readonly TenantProjectTab[] = ['contractorInfo', 'workPermit']

/** Spec §2 "List time filters: show all, 1 day, 1 week, 2 weeks, 3 weeks, 1 month": days back from now (null: all). */
export const tenantProjectTimeFilters = { all: null, day: 1, week: 7, twoWeeks: 14, threeWeeks: 21, month: 31 } as const
export type TenantProjectTimeFilter = keyof typeof tenantProjectTimeFilters

/** Limits of the project's texts. */
export const tenantProjectLimits = { projectName: 200, location: 200, locations: 20, reason: 1000 } as const

/** Spec §4: "Available for work permits unless WITHDRAWN or COMPLETED", the flag the permit module reads. */
export const availableForWorkPermits = (status: string) => tenantProjectWorkflow.isIn('availableForWorkPermits', status as any)
