import type { SharedModuleManifest } from '../manifest.shared.js'

// Browser-safe: the part of the tenant projects manifest the browser reads as well (permission
// editor, export buttons, global search). The server's manifest is module.ts.

/**
 * The review's permissions: its steps' and cancel (tenant-submission.workflow.ts; the workflow test
 * holds this list to the table), comments and reassigning. Written out: the login page loads the
 * shared manifests, and the table is the project page's, not the login page's.
 */
export const reviewPermissions = ['designReview', 'cpReview', 'techReview', 'cancel', 'comment', 'reassign'] as const

export const tenantProjectsShared = {
  name: 'tenant-projects',
  permissions: {
    // CRUD and the workflow's own actions (tenant-project.workflow.ts: each action is its permission; its test holds this list to the table).
    'tenant-projects': ['create', 'read', 'update', 'delete', 'submit', 'withdraw', 'accept', 'cancel', 'complete'],
    // The review's steps (tenant-submission.workflow.ts), comments and reassigning; the tenant's side (send) is the project's update.
    'tenant-submissions': reviewPermissions,
    // The region's fit-out guidelines (spec §3, §7 Guidelines): edited as drafts, published by type.
    guidelines: ['read', 'create', 'update', 'delete', 'publish'],
    // Spec §6 "inspection, insurance, final-docs reminder/complete/exempt": the project control's staff rights
    // (final-document.workflow.ts holds the final documents' to its table); the tenant reads them through the project.
    'tenant-project-inspections': ['inspection'],
    'tenant-project-final-documents': ['reminder', 'complete', 'exempt'],
    'tenant-project-insurance-files': ['insurance'],
    // The deposit ledger (spec §6 "deposit, accounting"; issue 30 items 1 to 4): staff read each only with its read right.
    'tenant-project-deposits': ['read', 'create', 'update', 'notify'],
    'tenant-project-deductions': ['read', 'create'],
    // The tenant's request and the refund table's actions (refund.workflow.ts; its test holds this list to the table).
    'tenant-project-refunds': ['read', 'request', 'notifyProjectManager', 'notifyAccounting', 'resume', 'confirm'],
    'tenant-project-management-fees': ['read', 'create', 'update', 'notify'],
    // Spec §6 "green fit-out start/hold/review/comment/preview/send/read points" (green-fitout.workflow.ts; its test holds this list to the tables).
    'green-fitouts': ['start', 'hold', 'review', 'comment', 'preview', 'send', 'readPoints'],
    // Post-fit-out rounds (issue 30 item 8; post-fitout.workflow.ts holds `complete` to its table): staff read, start
    // (a final round needs a sent final inspection), review (update: ticks, letters), complete and remove a round under review.
    'tenant-project-post-fitout-submissions': ['read', 'start', 'update', 'complete', 'delete']
  },
  // Spec §2 All Tenant Projects: status, company, trade name, premises, project name, building, floor.
  exportable: {
    'tenant-projects': [
      { key: 'status', kind: 'status' },
      { key: 'companyName' },
      { key: 'tradeName' },
      { key: 'projectName' },
      { key: 'type', kind: 'enum' },
      { key: 'buildingId', kind: 'names', ref: { resource: 'buildings', name: 'code' } },
      { key: 'floors' },
      { key: 'updatedAt', kind: 'datetime' }
    ]
  },
  searchable: { 'tenant-projects': { fields: ['projectName', 'companyName', 'tradeName'], title: 'projectName', detail: 'companyName' } },
  // Spec §6 "access to all projects needs TenantProject permission in the tenancy account": all of the tenancy's projects.
  // Spec §6 "Tenant project read: ... or when the user is one of the project's accounts": a tenancy's
  // user (a project user, a contractor) reads the projects whose accounts list it (`accountUserIds`,
  // kept by a trigger), whatever its perms; the project's accounts and contractor rows follow the project.
  listedReaders: { 'tenant-projects': { field: 'accountUserIds', portals: ['tenants'] } },
  // A tenant's own grant writes the project's information; its external systems flag is staff's (spec §5).
  ownFields: { 'tenant-projects': { update: ['type', 'projectName', 'projectLocation', 'floors', 'insuredFrom', 'insuredUntil'] } },
  tenancyToggles: {
    TenantProject: { 'tenant-projects': ['create', 'read', 'update', 'submit', 'withdraw'] }
  }
} as const satisfies SharedModuleManifest
