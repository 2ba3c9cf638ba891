import { describe, expect, it } from 'vitest'
import { TableCache } from './table-cache.js'

/** A count query as knex hands it over: its SQL and bindings. */
const count = (sql: string, bindings: unknown[] = []) => ({ toSQL: () => ({ sql, bindings }) }) as any

/** A cache that knows `tables` as watched, listening. */
function cacheWatching(...tables: string[]) {
  const cache = new TableCache()
  ;(cache as any).watched = new Set(tables)
  cache.setListening(true)
  return cache
}

/** Asks for the total of `query`, the database answering `total`; says whether it counted. */
async function ask(cache: TableCache, query: any, total: number) {
  let counted = false
  const answer = await cache.total(query, async (withTotal) => {
    counted = withTotal
    return { result: [], total }
  })
  return { total: answer.total, counted }
}

const buildings = count('select count(*) as "total" from "buildings" where "region" = ?', ['HK'])

describe('the totals of list pages kept until their tables change', () => {
  it('counts once, then answers the kept total until a table it counts changes', async () => {
    const cache = cacheWatching('buildings', 'sites')
    expect(await ask(cache, buildings, 7)).toEqual({ total: 7, counted: true })
    expect(await ask(cache, buildings, 99)).toEqual({ total: 7, counted: false })
    cache.tableChanged('sites')
    expect(await ask(cache, buildings, 99)).toEqual({ total: 7, counted: false })
    cache.tableChanged('buildings')
    expect(await ask(cache, buildings, 8)).toEqual({ total: 8, counted: true })
  })

  it('keeps each query with its own bindings apart', async () => {
    const cache = cacheWatching('users')
    const of = (company: number) => count('select count(*) as "total" from "users" where "company_id" = ?', [company])
    await ask(cache, of(1), 3)
    await ask(cache, of(2), 5)
    expect((await ask(cache, of(1), 0)).total).toBe(3)
    expect((await ask(cache, of(2), 0)).total).toBe(5)
  })

  it('counts a sub-select and a join by every table they read', async () => {
    const cache = cacheWatching('projects', 'departments')
    const query = count('select count(*) as "total" from "projects" where "projects"."site_id" in (select unnest(departments.site_ids) from "departments" where "departments"."region" = ?)', ['HK'])
    await ask(cache, query, 4)
    cache.tableChanged('departments')
    expect((await ask(cache, query, 5)).counted).toBe(true)
  })

  it('keeps no total that reads the clock, a table without the trigger, or a table of a set-returning function alone', async () => {
    const cache = cacheWatching('tenders', 'project_submissions')
    for (const query of [
      count('select count(*) as "total" from "tenders" where "closing_at" < now()'),
      count('select count(*) as "total" from "tenders" where "opens_on" <= current_date'),
      count('select count(*) as "total" from "sessions"'),
      count('select count(*) as "total" from "tenders" inner join "unwatched" on 1 = 1')
    ]) {
      await ask(cache, query, 1)
      expect((await ask(cache, query, 2)).counted).toBe(true)
    }
    const lines = count(`select count(*) as "total" from "project_submissions" as "s" cross join jsonb_array_elements(s.lines) as line`)
    await ask(cache, lines, 1)
    expect((await ask(cache, lines, 2)).counted).toBe(false)
  })

  it('keeps no total counted while a table it counts changed', async () => {
    const cache = cacheWatching('buildings')
    await cache.total(buildings, async () => {
      cache.tableChanged('buildings')
      return { result: [], total: 7 }
    })
    expect((await ask(cache, buildings, 8)).counted).toBe(true)
  })

  it('keeps nothing while the listening connection is lost, and forgets what it kept', async () => {
    const cache = cacheWatching('buildings')
    await ask(cache, buildings, 7)
    cache.setListening(false)
    expect(await ask(cache, buildings, 8)).toEqual({ total: 8, counted: true })
    expect((await ask(cache, buildings, 9)).counted).toBe(true)
    cache.setListening(true)
    expect(await ask(cache, buildings, 10)).toEqual({ total: 10, counted: true })
  })

  it('hears the writes of its own process: a statement, and the commit of a transaction', async () => {
    const cache = cacheWatching('buildings', 'users')
    const connection = {}
    const run = (sql: string) => cache.heard(connection, sql)
    await ask(cache, buildings, 7)
    run('select * from "buildings"')
    expect((await ask(cache, buildings, 8)).counted).toBe(false)
    run('update "buildings" set "name" = ? where "id" = ?')
    expect(await ask(cache, buildings, 8)).toEqual({ total: 8, counted: true })
    // Counted again by another reader between the statement and its commit: dropped at the commit.
    await ask(cache, buildings, 8)
    run('COMMIT;')
    expect((await ask(cache, buildings, 9)).counted).toBe(true)
    // A rolled-back transaction's tables are not dropped again at a later commit on that connection.
    run('update "users" set "name" = ?')
    run('ROLLBACK')
    await ask(cache, buildings, 9)
    run('COMMIT;')
    expect((await ask(cache, buildings, 10)).counted).toBe(false)
    // A write that names no table first (a CTE) drops every total.
    run('with moved as (delete from "users" returning *) insert into "archive" select * from moved')
    expect((await ask(cache, buildings, 10)).counted).toBe(true)
  })
})

describe('values kept until a table they were read from changes', () => {
  it('keeps a value until its table changes, and not while it changed during the read', async () => {
    const cache = cacheWatching('settings')
    let reads = 0
    const read = (value: number, during?: () => void) => () => {
      reads++
      during?.()
      return Promise.resolve(value)
    }
    expect(await cache.kept('a', ['settings'], read(1))).toBe(1)
    expect(await cache.kept('a', ['settings'], read(2))).toBe(1)
    expect(reads).toBe(1)
    cache.tableChanged('settings')
    expect(
      await cache.kept(
        'a',
        ['settings'],
        read(3, () => cache.tableChanged('settings'))
      )
    ).toBe(3)
    expect(await cache.kept('a', ['settings'], read(4))).toBe(4)
    expect(await cache.kept('a', ['settings'], read(5))).toBe(4)
    expect(reads).toBe(3)
  })

  it('keeps nothing read from a table without the trigger, or while not listening', async () => {
    const cache = cacheWatching('settings')
    await cache.kept('b', ['sessions'], () => Promise.resolve(1))
    expect(await cache.kept('b', ['sessions'], () => Promise.resolve(2))).toBe(2)
    cache.setListening(false)
    await cache.kept('c', ['settings'], () => Promise.resolve(1))
    expect(await cache.kept('c', ['settings'], () => Promise.resolve(2))).toBe(2)
  })
})
