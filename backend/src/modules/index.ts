import type { ModuleManifest } from './manifest.js'
import { tenders } from './tenders/module.js'
import { tenancies } from './tenancies/module.js'
import { contacts } from './contacts/module.js'
import { projects } from './projects/module.js'
import { tenantProjects } from './tenant-projects/module.js'
import { handover } from './handover/module.js'

/**
 * Every module of the portal, the one place the platform learns of them (services, permissions,
 * migrations, seeds, mail, documents, spec aliases, edit checks, settings, messages). A new module
 * adds its line here and its browser-safe half to index.shared.ts, in the same order.
 */
export const modules: readonly ModuleManifest[] = [tenders, tenancies, contacts, projects, tenantProjects, handover]
