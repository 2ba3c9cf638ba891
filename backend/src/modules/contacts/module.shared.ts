import type { SharedModuleManifest } from '../manifest.shared.js'

// Browser-safe: the part of the contacts manifest the browser reads as well (permission editor,
// export buttons, global search). The server's manifest is module.ts.

export const contactsShared = {
  name: 'contacts',
  permissions: {
    /** Spec §6: contact read, contact create/update, export contacts; merge folds duplicates. */
    ccdcontacts: ['create', 'read', 'update', 'delete', 'merge', 'export'],
    ccdcompanies: ['create', 'read', 'update']
  },
  exportable: ['ccdcontacts'],
  searchable: {
    ccdcontacts: { fields: ['searchText'], title: 'firstName', detail: 'companyName', extra: ['lastName'] },
    ccdcompanies: { fields: ['name'], title: 'name', detail: 'type' }
  }
} as const satisfies SharedModuleManifest
