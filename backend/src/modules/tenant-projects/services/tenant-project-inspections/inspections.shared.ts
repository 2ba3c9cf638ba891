// Browser-safe: the inspections' vocabulary (spec §3 "Inspection", §7 "Inspections"; issue 30 item 6),
// shared by the services, their validators and the screens.

export const tenantProjectInspectionsPath = 'tenant-project-inspections'
/** The spec's calls: POST, GET, PUT (patch), send to the tenant ("Inspected"), PATCH tenant_viewable {isTenantView}. */
export const tenantProjectInspectionsMethods = ['find', 'get', 'create', 'patch', 'send', 'tenantViewable'] as const

export const tenantProjectInspectionFilesPath = 'tenant-project-inspection-files'
export const tenantProjectInspectionFollowUpsPath = 'tenant-project-inspection-follow-ups'
export const tenantProjectInspectionFollowUpsMethods = ['find', 'get', 'create', 'close'] as const
export const tenantProjectInspectionMailsPath = 'tenant-project-inspection-mails'
/** The spec's e-mail history: compose (create), edit (PUT email_histories/{id}), send and resend. */
export const tenantProjectInspectionMailsMethods = ['find', 'get', 'create', 'patch', 'send'] as const

/** Spec §9 "Inspection types: interim, final". */
export const inspectionTypes = ['INTERIM', 'FINAL'] as const
export type InspectionType = (typeof inspectionTypes)[number]

export const followUpStatuses = ['OPEN', 'CLOSED'] as const

/** Spec §4 "Inspection: becomes Inspected when sent to tenants". */
export const inspectionStatus = (inspection: { sentAt?: unknown }) => (inspection.sentAt ? 'INSPECTED' : 'DRAFT')

/** Whether the tenant's side reads the inspection: once sent, or marked tenant-viewable (spec §3). */
export const tenantSeesInspection = (inspection: { sentAt?: unknown; tenantViewable?: unknown; [field: string]: unknown }) => Boolean(inspection.sentAt) || inspection.tenantViewable === true

export const inspectionLimits = { text: 4000, inspectedBy: 200, subject: 300, body: 20000, addresses: 20 } as const
