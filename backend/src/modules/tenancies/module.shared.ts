import type { SharedModuleManifest } from '../manifest.shared.js'
import { currentFloors } from './services/tenancies/tenancies.shared.js'
import { tenancyContactExportColumns } from './services/tenancy-contacts/tenancy-contacts.shared.js'
import { tenantGreenFields } from './services/green-operations/green-operations.shared.js'

// Browser-safe: the part of the tenancies manifest the browser reads as well (permission editor,
// export buttons, global search). The server's manifest is module.ts.

export const tenanciesShared = {
  name: 'tenancies',
  uploadPlaces: { 'green-operations': ['green-operations'] },
  permissions: {
    /** Spec §6 tenancy attributes: detail, change company name, change status, link leases, link contacts. */
    tenancies: ['create', 'read', 'update', 'delete', 'detail', 'changeCompanyName', 'changeStatus', 'linkLeases', 'linkContacts'],
    leases: ['create', 'read', 'update', 'import'],
    /** Spec §6 "move-in/out (read, create/update)"; a temporary close's reopen is an update. */
    moves: ['create', 'read', 'update', 'delete'],
    /** The sustainability initiatives tab (GREEN_OPERATION): a record's documents are an update of it. */
    'green-operations': ['create', 'read', 'update', 'delete'],
    /** A tenancy's accounts (spec §6 "invite master", "update master account", sub-accounts). */
    'tenancy-accounts': ['create', 'read', 'update', 'invite', 'lock', 'unlock', 'enable', 'disable'],
    /** A tenancy's contractors for standalone work permits (spec §3 "Tenancy contractor row"). */
    'tenancy-contractors': ['create', 'read', 'update', 'delete', 'invite'],
    /** Spec §6 "export emergency or marketing contacts" (the tenancy's own rights decide the rest). */
    'tenancy-contacts': ['exportEmergency', 'exportMarketing']
  },
  // As the staff list shows them (frontend TenancyTable): the floors held today, in the building's order.
  exportable: {
    tenancies: [
      { key: 'companyName' },
      { key: 'tradeName' },
      { key: 'type', kind: 'enum' },
      { key: 'buildingId', kind: 'names', ref: { resource: 'buildings', name: 'code' } },
      { key: 'floors', value: (tenancy) => currentFloors(tenancy.premises) },
      { key: 'status', kind: 'status' },
      { key: 'updatedAt', kind: 'datetime' }
    ],
    'tenancy-contacts': tenancyContactExportColumns
  },
  searchable: { tenancies: { fields: ['companyName', 'tradeName'], title: 'companyName', detail: 'tradeName' } },
  ownFields: { 'green-operations': { update: tenantGreenFields } },
  // Spec §6: "editing contacts needs TenancyRecord" ("sub-accounts update green operation": the tab
  // is the tenancy record's); a SubAdmin manages the tenancy's accounts and contractors; standalone
  // work permits name the tenancy's contractors.
  tenancyToggles: {
    TenancyRecord: { tenancies: ['read', 'detail'], 'green-operations': ['read', 'update'], files: ['create', 'read'] },
    SubAdmin: {
      'tenancy-accounts': ['read', 'create', 'update', 'invite', 'lock', 'unlock', 'enable', 'disable'],
      'tenancy-contractors': ['read', 'create', 'update', 'delete', 'invite']
    },
    StandaloneWorkPermits: { 'tenancy-contractors': ['read'] }
  }
} as const satisfies SharedModuleManifest
