import { subject } from '@casl/ability'
import type { Params } from '@feathersjs/feathers'
import type { Application } from '../../../../declarations.js'
import { caslAllows, defineAccess } from '../../../../kit/access.js'
import { extraReaders } from '../../../../kit/channels.js'
import { narrowToProjectReaders, projectOf, projectPartReaders, readsProjectOf, type TenantProjectPart } from '../project-parts/project-parts.js'
import { tenantSeesInspection } from './inspections.shared.js'

/*
 * Who reads a project's inspections (spec §3 "Inspection", §4 "Inspection: becomes Inspected when
 * sent to tenants", §6 "A tenant's ... inspection documents always load"): whoever reads the project,
 * but the project's people only once the inspection is sent or marked tenant-viewable; the
 * inspectors (`inspection` on `tenant-project-inspections`) from the start. In lists, gets and live
 * events alike. The e-mail history is the inspectors' alone; the follow-up items are raised on an
 * inspection the tenant reads and follow the project.
 */

/** Whether the caller records inspections in this region (internal calls do). */
export const inspects = (caller: Params) => !caller.provider || caslAllows(caller, 'inspection', 'tenant-project-inspections', {})

const inspectorsOf = (app: Application, part: TenantProjectPart) =>
  extraReaders(app, part.region, [], part, (_user, ability) =>
    Boolean(ability?.can('read', subject('tenant-projects', projectOf(part))) && ability?.can('inspection', subject('tenant-project-inspections', {})))
  )

const byProject = narrowToProjectReaders('tenant_project_inspections')

export const tenantProjectInspectionsAccess = defineAccess<TenantProjectPart>({
  subject: 'tenant-project-inspections',
  narrow: (query, caller) =>
    inspects(caller)
      ? byProject(query, caller)
      : byProject(query, caller).where((seen) => seen.whereNotNull('tenant_project_inspections.sent_at').orWhere('tenant_project_inspections.tenant_viewable', true)),
  read: (row, caller) => readsProjectOf(row, caller) && (tenantSeesInspection(row) || inspects(caller)),
  readers: (app, part) => (tenantSeesInspection(part) ? projectPartReaders(app, part) : [inspectorsOf(app, part)]),
  act: (row, action, caller) => readsProjectOf(row, caller) && inspects(caller) && (action === 'update' || caslAllows(caller, 'inspection', 'tenant-project-inspections', row))
})

const mailsByProject = narrowToProjectReaders('tenant_project_inspection_mails')

export const tenantProjectInspectionMailsAccess = defineAccess<TenantProjectPart>({
  subject: 'tenant-project-inspection-mails',
  narrow: (query, caller) => (inspects(caller) ? mailsByProject(query, caller) : query.whereRaw('false')),
  read: (row, caller) => readsProjectOf(row, caller) && inspects(caller),
  readers: (app, part) => [inspectorsOf(app, part)],
  act: (row, _action, caller) => readsProjectOf(row, caller) && inspects(caller)
})

export const tenantProjectInspectionFollowUpsAccess = defineAccess<TenantProjectPart>({
  subject: 'tenant-project-inspection-follow-ups',
  narrow: narrowToProjectReaders('tenant_project_inspection_follow_ups'),
  read: (row, caller) => readsProjectOf(row, caller),
  readers: (app, part) => projectPartReaders(app, part),
  // An item is closed (its one act), never saved from a form: nobody updates it.
  act: (row, action, caller) => action !== 'update' && readsProjectOf(row, caller) && inspects(caller)
})
