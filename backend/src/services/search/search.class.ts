import { containsPattern } from '../../kit/query.js'
import type { Params } from '@feathersjs/feathers'
import type { Application } from '../../declarations.js'
import { HITS_PER_RESOURCE, SEARCH_MIN_LENGTH, searchableResources, type SearchHit } from './search.shared.js'

/** `%`, `_` and `\` stand for themselves in the words searched for, not for ILIKE's wildcards. */

const text = (value: unknown) => (value === null || value === undefined ? undefined : String(value))

/**
 * `GET search?q=`: the records of every searchable resource (the platform's and each module's)
 * whose text fields hold the words, at most a few per resource. Each resource is asked through its
 * own `find` with the caller's params, so its region scope, abilities and hidden fields apply as
 * on its list; a resource the caller may not read (or whose feature is off here) adds nothing.
 */
export class SearchService {
  constructor(private app: Application) {}

  async find(params: Params = {}): Promise<{ data: SearchHit[] }> {
    const words = String(params.query?.q ?? '').trim()
    if (words.length < SEARCH_MIN_LENGTH) return { data: [] }
    const { query: _query, ...caller } = params
    const services = (this.app as any).services as Record<string, any>
    const found = await Promise.all(
      Object.entries(searchableResources(this.app.get('modules')))
        .filter(([resource]) => services[resource] && (!params.provider || params.ability?.can('read', resource)))
        .map(async ([resource, searchable]): Promise<SearchHit[]> => {
          const query = searchable.param
            ? { [searchable.param]: words, $limit: HITS_PER_RESOURCE }
            : { $or: searchable.fields.map((field) => ({ [field]: { $ilike: containsPattern(words) } })), $limit: HITS_PER_RESOURCE }
          const page = await services[resource].find({ ...caller, query, paginate: false }).catch((error: any) => {
            // Not readable here (feature off, no grant in this region): nothing found there.
            if (error?.code === 403 || error?.code === 404) return []
            throw error
          })
          const records: Record<string, unknown>[] = Array.isArray(page) ? page : page.data
          return records.slice(0, HITS_PER_RESOURCE).map((record) => ({
            resource,
            id: record.id as string | number,
            title: text(record[searchable.title]) ?? String(record.id),
            detail: searchable.detail ? text(record[searchable.detail]) : undefined,
            extra: searchable.extra ? Object.fromEntries(searchable.extra.map((field) => [field, record[field]])) : undefined
          }))
        })
    )
    return { data: found.flat() }
  }
}
