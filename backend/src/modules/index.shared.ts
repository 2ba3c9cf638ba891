import { tendersShared } from './tenders/module.shared.js'
import { tenanciesShared } from './tenancies/module.shared.js'
import { contactsShared } from './contacts/module.shared.js'
import { projectsShared } from './projects/module.shared.js'
import { tenantProjectsShared } from './tenant-projects/module.shared.js'
import { handoverShared } from './handover/module.shared.js'

// Browser-safe: the browser-safe half of every module's manifest, in the order of `modules/index.ts`.
export const sharedModules = [tendersShared, tenanciesShared, contactsShared, projectsShared, tenantProjectsShared, handoverShared] as const
