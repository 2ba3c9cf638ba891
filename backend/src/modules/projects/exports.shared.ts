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
  ],
  // The payment claims of a project (project-submissions): the claim list's columns.
  'project-submissions': [
    { key: 'order' },
    { key: 'completionType', kind: 'enum' },
    { key: 'invoiceNumber' },
    { key: 'invoiceDate', kind: 'date' },
    { key: 'invoiceAmountCents', kind: 'money', value: (claim) => Number(claim.invoiceAmountCents ?? 0) / 100 },
    { key: 'completionAmountCents', kind: 'money', value: (claim) => Number(claim.completionAmountCents ?? 0) / 100 },
    { key: 'retentionAmountCents', kind: 'money', value: (claim) => Number(claim.retentionAmountCents ?? 0) / 100 },
    { key: 'remainingBalanceCents', kind: 'money', value: (claim) => Number(claim.remainingBalanceCents ?? 0) / 100 },
    { key: 'status', kind: 'status' },
    { key: 'decision', kind: 'enum' },
    { key: 'updatedAt', kind: 'datetime' }
  ]
}
