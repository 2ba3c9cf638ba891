import { containsPattern } from '../../../../kit/query.js'
import type { Knex } from 'knex'
import type { HookContext } from '../../../../declarations.js'
import { projectSearchParam } from './projects.shared.js'
import { tenderTitleLike, tenderTitles } from '../../../tenders/module.js'

/*
 * `GET projects?$search=<words>`: the projects the caller reads (the list's own narrowing,
 * narrowProjects, is never bypassed) whose PO or contract number, type, location, title (the
 * awarded tender's description) or vendor's name holds the words, case-insensitively. The quick
 * find (Ctrl+K) asks this through the module's `searchable` entry; each answer then carries the
 * vendor's name and the title, so a hit is named without a second request.
 */

/** `%`, `_` and `\` stand for themselves in the words, not for ILIKE's wildcards. */

/** Before find: the words leave the query (the adapter knows no `$search`) for `params.projectSearch`. */
export const takeProjectSearch = async (context: HookContext) => {
  const { [projectSearchParam]: words, ...query } = (context.params.query ?? {}) as Record<string, unknown>
  context.params.query = query
  const trimmed = typeof words === 'string' ? words.trim() : ''
  ;(context.params as any).projectSearch = trimmed || undefined
  return context
}

/** The words as a condition on the projects query (its own columns, its vendor's name, its tender's description). */
export function matchProjectSearch(query: Knex.QueryBuilder, words: string | undefined, db: Knex): Knex.QueryBuilder {
  if (!words) return query
  const pattern = containsPattern(words)
  return query.where((any) =>
    any
      .whereILike('projects.number', pattern)
      .orWhereILike('projects.type', pattern)
      .orWhereILike('projects.projectLocation', pattern)
      .orWhereExists(db('companies').where('companies.id', db.ref('projects.companyId')).whereILike('companies.name', pattern).select(db.raw('1')))
      .orWhereExists(tenderTitleLike(db, 'projects.tenderId', pattern))
  )
}

/** The vendor's name and the title of each project found by a search (one read for the page). */
export async function withSearchNames<T extends { companyId: number; tenderId: string }>(db: Knex, records: T[]): Promise<Array<T & { vendorName: string; title: string | null }>> {
  if (!records.length) return []
  const [companies, title] = await Promise.all([
    db('companies')
      .whereIn('id', [...new Set(records.map((record) => record.companyId))])
      .select('id', 'name'),
    tenderTitles(
      db,
      records.map((record) => record.tenderId)
    )
  ])
  const vendorName = new Map(companies.map((company: any) => [Number(company.id), String(company.name)]))
  return records.map((record) => ({ ...record, vendorName: vendorName.get(Number(record.companyId)) ?? '', title: title.get(String(record.tenderId)) ?? null }))
}
