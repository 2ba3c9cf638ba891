import type { SharedModuleManifest } from '../manifest.shared.js'

// Browser-safe: the part of the tenancies manifest the browser reads as well (permission editor,
// export buttons, global search). The server's manifest is module.ts.

export const tenanciesShared = {
  name: 'tenancies',
  permissions: {
    /** Spec §6 tenancy attributes: detail, change company name, change status, link leases. */
    tenancies: ['create', 'read', 'update', 'delete', 'detail', 'changeCompanyName', 'changeStatus', 'linkLeases'],
    leases: ['create', 'read', 'update', 'import']
  },
  exportable: ['tenancies'],
  searchable: { tenancies: { fields: ['companyName', 'tradeName'], title: 'companyName', detail: 'tradeName' } }
} as const satisfies SharedModuleManifest
