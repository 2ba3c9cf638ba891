import { exportWord, fieldLabel } from '../../i18n/messages.js'
import { cellOf, plainText, type CellContext } from './cells.js'
import type { ExportColumn } from './export-columns.shared.js'

/** Query keys that page or shape the answer, or that the region line names already. */
const NOT_FILTERS = new Set(['$limit', '$skip', '$select', '$sort', 'region'])

/** `%words%` as the list's search sends it (filtersToQuery escapes `%`, `_` and `\`). */
function likeWords(pattern: string): { words: string; how: 'contains' | 'startsWith' | 'endsWith' } {
  const starts = pattern.startsWith('%')
  const ends = pattern.endsWith('%') && !pattern.endsWith('\\%')
  const words = pattern.slice(starts ? 1 : 0, ends ? -1 : undefined).replace(/\\([\\%_])/g, '$1')
  return { words, how: starts && ends ? 'contains' : starts ? 'endsWith' : ends ? 'startsWith' : 'contains' }
}

/** A filter's condition on one field, in words: "Issued", "contains “x”", "from … to …". */
function condition(column: ExportColumn, condition: unknown, context: CellContext): string {
  // A yes/no filter on a field the list shows no column for reads Yes / No, not true / false.
  const flag = (value: unknown) => !column.kind && (value === true || value === false || value === 'true' || value === 'false')
  const text = (value: unknown) => cellOf(flag(value) ? { ...column, kind: 'boolean' } : column, value, context).text || plainText(value)
  const { language } = context
  if (condition === null) return exportWord(language, 'empty')
  if (typeof condition !== 'object' || Array.isArray(condition)) return text(condition)
  const ops = condition as Record<string, unknown>
  const parts: string[] = []
  const from = ops.$gte ?? ops.$gt
  const to = ops.$lte ?? ops.$lt
  if (from !== undefined && to !== undefined) parts.push(exportWord(language, 'between', { from: text(from), to: text(to) }))
  else if (from !== undefined) parts.push(exportWord(language, 'from', { from: text(from) }))
  else if (to !== undefined) parts.push(exportWord(language, 'to', { to: text(to) }))
  for (const op of ['$ilike', '$like'] as const) {
    if (typeof ops[op] === 'string') {
      const { words, how } = likeWords(ops[op] as string)
      parts.push(exportWord(language, how, { value: words }))
    }
  }
  const list = (value: unknown) => (Array.isArray(value) ? value : [value]).map(text).join(', ')
  if (ops.$in !== undefined) parts.push(exportWord(language, 'anyOf', { values: list(ops.$in) }))
  if (ops.$nin !== undefined) parts.push(exportWord(language, 'noneOf', { values: list(ops.$nin) }))
  if (ops.$ne !== undefined) parts.push(ops.$ne === null ? exportWord(language, 'notEmpty') : exportWord(language, 'not', { value: text(ops.$ne) }))
  return parts.join(', ')
}

/**
 * The filters of a list's query as label and words, in the reader's language: a field's column
 * names it as the list does ("Status: Issued", "Closing date: from … to …"); a search over several
 * fields (`$or` of the same words) reads "Search: contains “…”".
 */
export function namedFilters(columns: readonly ExportColumn[], query: Record<string, unknown>, context: CellContext): Array<[string, string]> {
  const named: Array<[string, string]> = []
  const columnOf = (key: string): ExportColumn => columns.find((column) => column.key === key) ?? { key }
  const labelOf = (key: string) => fieldLabel(context.language, context.resource, columnOf(key).label ?? key)
  for (const [key, value] of Object.entries(query)) {
    if (NOT_FILTERS.has(key)) continue
    if (key === '$or' || key === '$and') {
      const clauses = (Array.isArray(value) ? value : []) as Record<string, unknown>[]
      const patterns = new Set(clauses.flatMap((clause) => Object.values(clause).map((inner: any) => inner?.$ilike)))
      const [pattern] = [...patterns]
      if (key === '$or' && patterns.size === 1 && typeof pattern === 'string') {
        const { words } = likeWords(pattern)
        named.push([exportWord(context.language, 'search'), exportWord(context.language, 'contains', { value: words })])
      } else {
        for (const clause of clauses) named.push(...namedFilters(columns, clause, context))
      }
      continue
    }
    if (key.startsWith('$')) continue
    named.push([labelOf(key), condition(columnOf(key), value, context)])
  }
  return named
}

/** The list's order in words: "Closing date descending, PR number ascending". */
export function namedSort(columns: readonly ExportColumn[], sort: unknown, context: CellContext): string {
  if (!sort || typeof sort !== 'object') return ''
  return Object.entries(sort as Record<string, unknown>)
    .map(([key, direction]) => {
      const column = columns.find((item) => item.key === key)
      const word = Number(direction) < 0 ? 'descending' : 'ascending'
      return `${fieldLabel(context.language, context.resource, column?.label ?? key)} ${exportWord(context.language, word)}`
    })
    .join(', ')
}

/** The ids a filter names for a `names` column, so they read as names too. */
export function filterIds(column: ExportColumn, query: Record<string, unknown>): unknown[] {
  const value = query[column.key]
  if (value === undefined || value === null) return []
  if (typeof value !== 'object') return [value]
  if (Array.isArray(value)) return value
  const ops = value as Record<string, unknown>
  return [ops.$in, ops.$nin, ops.$ne].flat().filter((id) => id !== undefined && id !== null)
}
