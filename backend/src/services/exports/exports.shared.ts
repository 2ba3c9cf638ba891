// Browser-safe: which lists can be downloaded as a spreadsheet, and from where.
import type { SharedModuleManifest } from '../../modules/manifest.shared.js'
import { perModuleList } from '../../modules/registry.shared.js'
import { platformExportColumns, type ExportColumns } from './export-columns.shared.js'

export const exportsPath = 'exports/:resource'
export const exportsMethods = ['find'] as const

/** Every exportable list with its columns: the platform's and each module's (`app.get('modules')`). */
export const exportColumnsOf: (modules: readonly SharedModuleManifest[]) => ExportColumns = perModuleList((modules) =>
  Object.assign({}, platformExportColumns, ...modules.map((module) => module.exportable ?? {}))
)

/** Lists with an export button; any other resource answers 404. */
export const exportableResources = (modules: readonly SharedModuleManifest[]) => Object.keys(exportColumnsOf(modules))
export type ExportableResource = string

export const isExportable = (modules: readonly SharedModuleManifest[], resource: string): resource is ExportableResource => Object.hasOwn(exportColumnsOf(modules), resource)

/** The export address of a list, below the API root; `query` is the list's query string. */
export const exportUrl = (resource: ExportableResource, query = '') => `exports/${resource}${query ? `?${query.replace(/^\?/, '')}` : ''}`

/** At most this many rows go into one export. */
export const MAX_EXPORT_ROWS = 10_000

/** Export jobs of long lists (`GET export-jobs/:id`) and their files (`GET export-files/:id`): each only its requester's. */
export const exportJobsPath = 'export-jobs'
export const exportFilesPath = 'export-files'

/** A list longer than this setting (rows, per region) is exported as a job with live progress. */
export const EXPORT_JOB_SETTING = 'exports.jobThreshold'

/** An export job as its requester sees it; `export-jobs` `patched` events carry it live. */
export interface ExportJob {
  id: string
  resource: string
  status: 'QUEUED' | 'RUNNING' | 'DONE' | 'FAILED'
  done: number
  total: number
  filename: string | null
  rowCount: number | null
  createdAt: string
  updatedAt: string
}

/** What `GET exports/:resource` answers (202) instead of the file when the list is long. */
export interface ExportJobAnswer {
  job: ExportJob
}
