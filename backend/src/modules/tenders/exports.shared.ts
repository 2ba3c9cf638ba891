// Browser-safe: the columns of the tenders module's list exports, as its list screens show them.
import type { ExportColumns } from '../../services/exports/export-columns.shared.js'
import { tenderScreenStatus, tenderStatusText } from './services/tenders/tender-status.shared.js'

const purchaseRecord = [
  { key: 'companyId', kind: 'names', ref: { resource: 'companies', name: 'name' } },
  { key: 'siteId', kind: 'names', ref: { resource: 'sites', name: 'name' } },
  { key: 'amount', kind: 'money', currency: 'currency' },
  { key: 'status', kind: 'status' },
  { key: 'managedBy', kind: 'names', ref: { resource: 'users', name: 'displayName' } },
  { key: 'createdAt', kind: 'datetime' }
] as const

export const tendersExportColumns: ExportColumns = {
  tenders: [
    { key: 'prNumber' },
    { key: 'prDescription' },
    { key: 'tenderType', kind: 'enum' },
    // As the list's tag: a pending addendum's status, A-<status> once the tender has an addendum.
    { key: 'status', kind: 'status', value: (tender) => tenderStatusText(tenderScreenStatus(tender as never), Number(tender.version ?? 0)) },
    { key: 'amount', kind: 'money', currency: 'currency' },
    { key: 'closingAt', kind: 'datetime' },
    { key: 'createdAt', kind: 'date' }
  ],
  'purchase-orders': [{ key: 'number' }, ...purchaseRecord],
  contracts: [{ key: 'number' }, { key: 'revisionNum', kind: 'number' }, ...purchaseRecord]
}
