// Browser-safe: which lists can be downloaded as a spreadsheet, and from where.
import { sharedModules } from '../../modules/index.shared.js'

export const exportsPath = 'exports/:resource'
export const exportsMethods = ['find'] as const

/** Lists with an export button; any other resource answers 404. */
export const exportableResources = [
  'buildings',
  'sites',
  'locations',
  'departments',
  'users',
  'security-groups',
  'settings',
  'audit-log',
  'audit-report',
  'mail-messages',
  'regions',
  'companies',
  ...sharedModules.flatMap((module) => module.exportable ?? [])
] as const
export type ExportableResource = (typeof exportableResources)[number] | (typeof sharedModules)[number]['exportable'][number]

export const isExportable = (resource: string): resource is ExportableResource => (exportableResources as readonly string[]).includes(resource)

/** The export address of a list, below the API root; `query` is the list's query string. */
export const exportUrl = (resource: ExportableResource, query = '') => `exports/${resource}${query ? `?${query.replace(/^\?/, '')}` : ''}`

/** At most this many rows go into one export. */
export const MAX_EXPORT_ROWS = 10_000
