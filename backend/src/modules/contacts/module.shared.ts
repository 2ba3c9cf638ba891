import type { SharedModuleManifest } from '../manifest.shared.js'
import { contactName, primaryOf } from './services/ccdcontacts/ccdcontacts.shared.js'

// Browser-safe: the part of the contacts manifest the browser reads as well (permission editor,
// export buttons, global search). The server's manifest is module.ts.

export const contactsShared = {
  name: 'contacts',
  permissions: {
    /** Spec §6: contact read, contact create/update, export contacts; merge folds duplicates. */
    ccdcontacts: ['create', 'read', 'update', 'delete', 'merge', 'export'],
    ccdcompanies: ['create', 'read', 'update']
  },
  // Spec §6 vendor toggle AdminVendorContacts: the company's contacts (/vendors/contacts).
  vendorToggles: { AdminVendorContacts: { ccdcontacts: ['create', 'read', 'update'] } },
  // As the contacts list shows them (frontend ccdcontacts/list.tsx).
  exportable: {
    ccdcontacts: [
      { key: 'name', value: contactName },
      { key: 'companyName' },
      { key: 'position' },
      { key: 'roleType', kind: 'enum' },
      { key: 'phone', value: (contact) => primaryOf(contact.channels, 'PHONE') },
      { key: 'email', value: (contact) => primaryOf(contact.channels, 'EMAIL') },
      { key: 'status', kind: 'status' }
    ],
    // As the companies list shows them (frontend ccdcompanies/list.tsx).
    ccdcompanies: [{ key: 'name' }, { key: 'type', kind: 'enum' }, { key: 'parentCompanyName' }, { key: 'phone' }, { key: 'contactCount' }, { key: 'status', kind: 'status' }]
  },
  searchable: {
    ccdcontacts: { fields: ['searchText'], title: 'firstName', detail: 'companyName', extra: ['lastName'] },
    ccdcompanies: { fields: ['name'], title: 'name', detail: 'type' }
  }
} as const satisfies SharedModuleManifest
