import type { Knex } from 'knex'

/**
 * What is read often and changes seldom, kept until a table it was read from changes: the totals
 * of list pages (counting is most of a list's cost once its rows are many: 20,000 projects, 3.3 ms
 * to count, 0.1 ms for the page) and the settings (read on many requests, written by an
 * administrator now and then).
 *
 * A kept value is exact, never estimated:
 * - Every table has a statement trigger that, at the commit of a change, sends its name on the
 *   NOTIFY channel `portal_tables` (installed after every migration: `watchTableChanges`); each
 *   process drops the values read from that table when it hears it.
 * - A write of this process drops the values of its table at once, and again at its commit
 *   (`heard`), so whoever saved something and reads again sees it, without waiting for the NOTIFY.
 * - A value is kept only if nothing it was read from changed while it was being read, and only
 *   while the listening connection is up (a lost NOTIFY would leave a value wrong for good).
 * - Counts that read the clock (`now()`, `current_date`...) or a table without the trigger, and
 *   reads inside a write's transaction, are not kept.
 */
export const TABLES_CHANNEL = 'portal_tables'

// Tables written on every sign-in or request, and never listed with a total: no trigger.
const UNWATCHED = ['sessions', 'rate_limits', 'live_events', 'knex_migrations', 'knex_migrations_lock']
const CLOCK = /\b(now\s*\(|current_date|current_timestamp|localtimestamp|clock_timestamp|statement_timestamp|random\s*\()/i
const TABLE_NAMES = /\b(?:from|join)\s+"?([a-z_][a-z0-9_]*)"?/gi
const MAX_ENTRIES = 2_000
/** The table a statement writes ('*' when it writes without naming it first, a CTE), or undefined for a read. */
function writtenTable(sql: string): string | undefined {
  const named = /^\s*(?:insert\s+into|update|delete\s+from|truncate(?:\s+table)?)\s+"?([a-z_][a-z0-9_]*)"?/i.exec(sql)
  if (named) return named[1].toLowerCase()
  if (/^\s*(?:with\b[\s\S]*\b(?:insert|update|delete)\b|merge\b|copy\b)/i.test(sql)) return '*'
  return undefined
}

interface Entry {
  value: unknown
  tables: string[]
}

const caches = new WeakMap<Knex, TableCache>()
// A transaction runs its statements through a client of its own, made from the client's class
// (knex's makeTxClient) and sharing only its config: so statements are heard on the class, and
// the cache is found by the config.
const byConfig = new WeakMap<object, TableCache>()
const HEARING = Symbol('portal.countCache.hearing')

function hearStatements(clientClass: any) {
  if (clientClass[HEARING]) return
  const run = clientClass._query
  clientClass._query = async function (this: { config?: object }, connection: object, obj: { sql?: string }) {
    const response = await run.call(this, connection, obj)
    const cache = this.config && byConfig.get(this.config)
    if (cache) cache.heard(connection, typeof obj?.sql === 'string' ? obj.sql : '')
    return response
  }
  clientClass[HEARING] = true
}

/** The table cache of a knex instance (set by the app that owns it), if any: none for a transaction. */
export function tableCacheOf(db: Knex): TableCache | undefined {
  return caches.get(db)
}

export class TableCache {
  private entries = new Map<string, Entry>()
  /** Per table, how many changes were heard: a count keeps its total only if these did not move. */
  private changes = new Map<string, number>()
  /** Writes of this process since their transaction began, by connection: the tables, or '*' when not known. */
  private uncommitted = new WeakMap<object, Set<string>>()
  private watched = new Set<string>()
  private listening = false

  /** The tables with the change trigger, read once the database is migrated. */
  async load(db: Knex) {
    const rows = await db.raw(`SELECT DISTINCT c.relname AS name FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid WHERE t.tgname = 'portal_table_changed'`)
    this.watched = new Set(rows.rows.map((row: { name: string }) => row.name))
    this.tablesBySql.clear()
  }

  /** The NOTIFY listener is up (true) or was lost (false: nothing is kept until it is back). */
  setListening(listening: boolean) {
    this.listening = listening
    if (!listening) this.entries.clear()
  }

  /** `table` changed ('*': some table did). */
  tableChanged(table: string) {
    this.changes.set(table, (this.changes.get(table) ?? 0) + 1)
    for (const [key, entry] of this.entries) if (table === '*' || entry.tables.includes(table)) this.entries.delete(key)
  }

  /** Serves the lists read through `db`, and hears every statement run through it: a write, and its transaction's commit. */
  attach(db: Knex) {
    caches.set(db, this)
    const client = db.client as any
    byConfig.set(client.config, this)
    hearStatements(Object.getPrototypeOf(client))
  }

  /** A statement ran on `connection`: a write drops the totals of its table at once, and again at its commit. */
  heard(connection: object, sql: string) {
    const table = writtenTable(sql)
    if (table) {
      this.tableChanged(table)
      this.uncommitted.set(connection, (this.uncommitted.get(connection) ?? new Set<string>()).add(table))
    } else if (/^\s*(COMMIT|ROLLBACK)\b/i.test(sql)) {
      if (/^\s*COMMIT/i.test(sql)) for (const written of this.uncommitted.get(connection) ?? []) this.tableChanged(written)
      this.uncommitted.delete(connection)
    }
  }

  /**
   * The total of `count` (a knex count query): kept, or counted by `run` (which may count it
   * together with the page) and kept when it may be.
   */
  async total<T>(count: Knex.QueryBuilder, run: (counted: boolean) => Promise<{ result: T; total: number }>): Promise<{ result: T; total: number }> {
    const { sql, bindings } = count.toSQL()
    const tables = this.tablesOf(sql)
    if (!tables || !this.listening) return run(true)
    const key = `${sql}\u0000${JSON.stringify(bindings)}`
    const known = this.known(key)
    if (known) return run(false).then(({ result }) => ({ result, total: known.value as number }))
    const before = this.state(tables)
    const answer = await run(true)
    this.keep(key, tables, before, answer.total)
    return answer
  }

  /** The value under `key`, read from `tables` by `load`: kept, or loaded and kept when it may be. */
  async kept<T>(key: string, tables: string[], load: () => Promise<T>): Promise<T> {
    if (!this.listening || !tables.every((table) => this.watched.has(table))) return load()
    const known = this.known(key)
    if (known) return known.value as T
    const before = this.state(tables)
    const value = await load()
    this.keep(key, tables, before, value)
    return value
  }

  /** The entry under `key`, now the most recently used. */
  private known(key: string): Entry | undefined {
    const entry = this.entries.get(key)
    if (entry) {
      this.entries.delete(key)
      this.entries.set(key, entry)
    }
    return entry
  }

  /** Keeps what was read, unless one of its tables changed since `before` or the listener went. */
  private keep(key: string, tables: string[], before: string, value: unknown) {
    if (!this.listening || this.state(tables) !== before) return
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!)
    this.entries.set(key, { value, tables })
  }

  private state(tables: string[]) {
    return [...tables, '*'].map((table) => this.changes.get(table) ?? 0).join(',')
  }

  /** The tables of each count's SQL, worked out once (a list asks on every request). */
  private tablesBySql = new Map<string, string[] | undefined>()

  /** The tables a count reads, or undefined when its total may not be kept. */
  private tablesOf(sql: string): string[] | undefined {
    if (this.tablesBySql.has(sql)) return this.tablesBySql.get(sql)
    const tables = this.readTables(sql)
    if (this.tablesBySql.size < MAX_ENTRIES) this.tablesBySql.set(sql, tables)
    return tables
  }

  private readTables(sql: string): string[] | undefined {
    if (CLOCK.test(sql)) return undefined
    const tables = [...new Set([...sql.matchAll(TABLE_NAMES)].map((match) => match[1].toLowerCase()))]
    // A set-returning function (`from jsonb_array_elements(...)`) is no table, and changes with the table it reads.
    const named = tables.filter((name) => !new RegExp(`\\b(?:from|join)\\s+"?${name}"?\\s*\\(`, 'i').test(sql))
    return named.length && named.every((name) => this.watched.has(name)) ? named : undefined
  }
}

/** Gives every table but the busiest the statement trigger that announces its changes (after every migration). */
export async function watchTableChanges(db: Knex) {
  await db.raw(`
    CREATE OR REPLACE FUNCTION portal_table_changed() RETURNS trigger AS $$
    BEGIN
      PERFORM pg_notify('${TABLES_CHANNEL}', TG_TABLE_NAME);
      RETURN NULL;
    END $$ LANGUAGE plpgsql`)
  const rows = await db.raw(`SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND NOT (tablename = ANY(?))`, [UNWATCHED])
  for (const { tablename } of rows.rows as { tablename: string }[]) {
    await db.raw(`CREATE OR REPLACE TRIGGER portal_table_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ?? FOR EACH STATEMENT EXECUTE FUNCTION portal_table_changed()`, [tablename])
  }
}
