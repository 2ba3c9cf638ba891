// Browser-safe: the columns of the projects list export, as the list screen shows them.
import type { ExportColumns } from '../../services/exports/export-columns.shared.js'

export const projectsExportColumns: ExportColumns = {
  projects: [
    { key: 'number' },
    { key: 'numberType', kind: 'enum' },
    { key: 'companyId', kind: 'names', ref: { resource: 'companies', name: 'name' } },
    { key: 'siteId', kind: 'names', ref: { resource: 'sites', name: 'name' } },
    { key: 'managedBy', kind: 'names', ref: { resource: 'users', name: 'displayName' } },
    { key: 'type' },
    // Stored in cents; the sheet shows the amount with 2 decimals in the project's currency.
    { key: 'totalAmountCents', kind: 'money', currency: 'currency', value: (project) => Number(project.totalAmountCents ?? 0) / 100 },
    { key: 'status', kind: 'status' },
    { key: 'dlpDate', kind: 'date' },
    { key: 'createdAt', kind: 'datetime' }
  ]
}
