// Browser-safe: the global search (Ctrl+K) over every module's records the caller may read.
import type { Searchable, SharedModuleManifest } from '../../modules/manifest.shared.js'
import { perModuleList } from '../../modules/registry.shared.js'

export const searchPath = 'search'
export const searchMethods = ['find'] as const

/** A search needs at least this many characters; at most this many hits per resource come back. */
export const SEARCH_MIN_LENGTH = 2
export const SEARCH_MAX_LENGTH = 100
export const HITS_PER_RESOURCE = 5

/** The platform's searchable records, then each module's (its manifest's `searchable`; the modules of `app.get('modules')`). */
export const searchableResources: (modules: readonly SharedModuleManifest[]) => Readonly<Record<string, Searchable>> = perModuleList((modules) => ({
  users: { fields: ['displayName', 'username', 'email'], title: 'displayName', detail: 'email', extra: ['userType'] },
  ...Object.assign({}, ...modules.map((module) => module.searchable ?? {}))
}))

/** One record found: its resource and id, its name and a line under it (as the caller may read them). */
export interface SearchHit {
  resource: string
  id: string | number
  title: string
  detail?: string
  extra?: Record<string, unknown>
}
