import type { SharedModuleManifest } from '../manifest.shared.js'
import { hotbPhases } from './services/hotb/hotb-states.shared.js'

// Browser-safe: the part of the handover/takeback manifest the browser reads as well (permission
// editor, export buttons, global search). The server's manifest is module.ts.

/**
 * Staff's rights on `hotb` (spec hotb §6 "handover: read, create, approve, arrange, update others,
 * change PIC, reset to draft"): CRUD without delete, `updateOthers` (edit a record another member
 * of staff is in charge of; `update` alone edits one's own), and the workflow's permissions
 * (hotb.workflow.ts: submit, approve (and reject), resetToDraft, arrange (and unsigned), complete,
 * requestChange, changePic, cancel; its test holds this list to the table). Written out: the login
 * page loads the shared manifests.
 */
export const hotbPermissions = ['read', 'create', 'update', 'updateOthers', 'submit', 'approve', 'resetToDraft', 'arrange', 'complete', 'requestChange', 'changePic', 'cancel'] as const

/** The fields of a record its tenant reads (`ownFields` below). */
export const hotbTenantFields = [
  'id',
  'region',
  'tenancyId',
  'type',
  'premiseBuildingType',
  'name',
  'status',
  'buildingId',
  'siteId',
  'companyName',
  'tradeName',
  'premises',
  'scheduledAt',
  'actualDate',
  'remarkToTenant',
  'specialRemark',
  'tenantContactName',
  'tenantContactPhone',
  'tenantContactEmail',
  'companyContactName',
  'companyContactPhone',
  'companyContactEmail',
  'additionalEmails',
  'templateId',
  'templateVersion',
  'sourceHotbId',
  'arrangedAt',
  'completedAt',
  'closedAt',
  'sealedFileId',
  'sealedSha256',
  'sealedContentSha256',
  'sealedAt',
  'createdAt',
  'updatedAt'
] as const

export const handoverShared = {
  name: 'handover',
  // Photos of schedule items are an upload place of their own: a region may let them take WebP or
  // HEIC (a phone's own formats) without letting every other document take them. Without a rule of
  // its own the place takes the region's types (by default JPEG and PNG): a HEIC picture shows
  // only in Safari and is left out of the PDFs (sharp's prebuilt libvips cannot decode HEVC), so
  // it is a region's choice, not the default.
  uploadPlaces: { 'hotb-photos': ['hotb-schedule-items'] },
  permissions: {
    // The records, their condition schedule lines (`hotb-schedule-items`) and key lines (`hotb-keys`):
    // the lines follow their record's rights. The building templates are edited with the buildings' rights.
    hotb: hotbPermissions
  },
  // Spec hotb §2 list: status, type, name, company, trade name, building, premises, appointment, actual date.
  exportable: {
    hotb: [
      { key: 'status', kind: 'status' },
      { key: 'type', kind: 'enum' },
      { key: 'name' },
      { key: 'companyName' },
      { key: 'tradeName' },
      { key: 'buildingId', kind: 'names', ref: { resource: 'buildings', name: 'code' } },
      { key: 'premises' },
      { key: 'scheduledAt', kind: 'datetime' },
      { key: 'actualDate', kind: 'date' },
      { key: 'updatedAt', kind: 'datetime' }
    ]
  },
  searchable: { hotb: { fields: ['name', 'companyName', 'tradeName'], title: 'name', detail: 'companyName' } },
  // What a tenant's own grant reads of a record (answers and live events alike): not staff's own
  // words and people (the AM remark, the reason of a reject or cancel, who created, manages or
  // approves it, when it went through approval).
  ownFields: { hotb: { read: hotbTenantFields } },
  // Spec hotb §2 "tenants see only SCHEDULED, UNSIGNED, COMPLETED": a tenant's own grant on a record
  // (the master account's group, a sub-account's HandoverTakeback) holds in those states only, in
  // lists, reads and live events alike (the workflow's `tenantVisible` phase).
  // The lines of a record carry its status and read through the same rule.
  ownScope: { hotb: { tenants: { status: { $in: hotbPhases.tenantVisible } } } },
  // Spec §6 "all handovers needs HandoverTakeback": a sub-account with the perm reads its tenancy's
  // records (only once SCHEDULED, UNSIGNED or COMPLETED: `ownScope` above) and their files.
  tenancyToggles: {
    HandoverTakeback: { hotb: ['read'], files: ['create', 'read'] }
  }
} as const satisfies SharedModuleManifest
