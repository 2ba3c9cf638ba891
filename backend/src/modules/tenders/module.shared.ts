import type { SharedModuleManifest } from '../manifest.shared.js'
import { tendersExportColumns } from './exports.shared.js'

// Browser-safe: the part of the tenders manifest the browser reads as well (permission editor,
// export buttons). The server's manifest is module.ts. It imports no value from the platform: the
// platform's permission catalogue is built from it while that file loads.

const crudActions = ['create', 'read', 'update', 'delete'] as const

export const tendersShared = {
  name: 'tenders',
  uploadPlaces: { tenders: ['tenders'] },
  permissions: {
    'purchase-requests': ['read'],
    tenders: [...crudActions, 'submit', 'approve', 'reject', 'reset', 'issue', 'extend', 'cancel', 'changeManager', 'open', 'award', 'regretAll', 'review'],
    /** The terms library of the settings: a new version per region and department. */
    'tender-terms': ['create', 'read'],
    bids: ['read', 'update', 'save', 'submit', 'decline', 'reopen'],
    queries: [...crudActions, 'issue', 'answer'],
    'purchase-orders': [...crudActions],
    contracts: [...crudActions]
  },
  // Spec §6 vendor toggle Tenders: the rights of the Vendor Admin group on tenders and bids.
  vendorToggles: { Tenders: { tenders: ['read'], bids: ['read', 'save', 'submit', 'decline'], files: ['create', 'read'] } },
  exportable: tendersExportColumns,
  searchable: { tenders: { fields: ['prNumber', 'prDescription'], title: 'prNumber', detail: 'prDescription' } }
} as const satisfies SharedModuleManifest
