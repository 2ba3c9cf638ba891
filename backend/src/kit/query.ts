import { querySyntax, Type, type TObject, type TSchema } from '@feathersjs/typebox'

export const MAX_PAGE = 100

/**
 * The query schema of a list: only the named fields may be filtered or sorted on (so nothing
 * hidden can be probed), text fields also take `$ilike`, and `$limit` stops at MAX_PAGE.
 */
export function listQuery<T extends TObject>(schema: T, fields: readonly (keyof T['properties'] & string)[], textFields: readonly (keyof T['properties'] & string)[] = []) {
  const picked = Type.Pick(schema, fields as any)
  const extensions: Record<string, any> = {}
  for (const field of textFields) extensions[field] = { $ilike: Type.String() }
  const query: any = querySyntax(picked as TObject, extensions)
  query.properties.$limit = Type.Integer({ minimum: 0, maximum: MAX_PAGE })
  query.properties.$skip = Type.Integer({ minimum: 0 })
  return query as TSchema
}

/** A LIKE pattern that finds `text` anywhere, its wildcards and the escape character taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`

/** Options every knex-backed service shares. */
export const knexOperators = ['$ilike']

/**
 * The ids a list's `id` filter names (`id=3`, `id[$in]=3&id[$in]=4`), for services that read
 * their list by hand: only positive integers; undefined when the query names none.
 */
export function idFilter(value: unknown): number[] | undefined {
  if (value === undefined) return undefined
  const given = value && typeof value === 'object' && !Array.isArray(value) ? (value as any).$in : value
  return [given]
    .flat()
    .map(Number)
    .filter((id) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647)
}
