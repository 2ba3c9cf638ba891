// Browser-safe: the project's vocabulary (spec §3 "Project (non-tenant)"), shared by the service,
// its validators and the screens.
import { projectWorkflow } from './project.workflow.js'

export const projectsPath = 'projects'
export const projectsMethods = ['find', 'get', 'create', 'patch', ...projectWorkflow.actions.map(({ action }) => action), 'changeManager'] as const

/** Spec §3: a project starts from a purchase order or from a contract (with its revision). */
export const projectNumberTypes = ['PO', 'CONTRACT'] as const
export type ProjectNumberType = (typeof projectNumberTypes)[number]

/** The project detail's tabs, by the spec's tabIndex (§2 "submissions (0), documents (1), contractorInfo (2), workPermit (3)"). */
export const projectTabs = ['submissions', 'documents', 'contractorInfo', 'workPermit'] as const

/** The list's quick-find parameter (project-search.ts): words matched against number, type, location, title and vendor name. */
export const projectSearchParam = '$search'
export const projectSearchMaxLength = 100

export { availableForWorkPermits } from './project-availability.shared.js'
