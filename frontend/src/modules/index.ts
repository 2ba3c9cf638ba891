import type { ClientModule } from "./manifest";
import { tenders } from "./tenders/module";
import { tenancies } from "./tenancies/module";
import { contacts } from "./contacts/module";
import { projects } from "./projects/module";
import { tenantProjects } from "./tenant-projects/module";
import { handover } from "./handover/module";

/** Every module the browser shell carries: the one place the platform learns of a module. */
export const modules: ClientModule[] = [tenders, tenancies, contacts, projects, tenantProjects, handover];
