import knex, { type Knex } from 'knex'
import pg from 'pg'
import { migrationSource } from '../../../migrations/index.js'
import { watchTableChanges } from './table-cache.js'

// Return numeric and bigint columns as JS numbers: amounts keep 2 decimals within 15 digits.
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value))
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value))

const parseInstant = pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ) as (value: string) => Date | number
/**
 * Instants (timestamptz) as the ISO text the API answers with (`2026-11-27T13:57:47.595Z`, what
 * a Date's JSON is), not Date objects: a list page of 25 rows holds 75 or more of them, and
 * parsing each into a Date only to print it again was a sixth of a list request's CPU. A session
 * in UTC (the usual case) sends `2026-11-27 13:57:47.595123+00`, rewritten here by position.
 * Microseconds are cut to milliseconds, as a Date cuts them. Server code that needs a Date makes
 * one (`new Date(row.closingAt)`), as it does for an instant a client sent.
 */
export function instantText(value: string): string {
  if (value.length >= 22 && value.endsWith('+00') && value.charCodeAt(10) === 32 && value.charCodeAt(4) === 45) {
    const fraction = value.charCodeAt(19) === 46 ? `${value.slice(20, -3)}00`.slice(0, 3) : '000'
    return `${value.slice(0, 10)}T${value.slice(11, 19)}.${fraction}Z`
  }
  // Another offset goes through a Date; infinity (a number from the parser) stays as written.
  const date = parseInstant(value)
  return date instanceof Date && !Number.isNaN(date.getTime()) ? date.toISOString() : value
}
pg.types.setTypeParser(pg.types.builtins.TIMESTAMPTZ, instantText)

const snakeCache = new Map<string, string>()
const camelCache = new Map<string, string>()

/** API fields are camelCase, columns snake_case: knex maps both ways, once per distinct name. */
export function toSnake(name: string) {
  let value = snakeCache.get(name)
  if (value === undefined) {
    value = name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)
    snakeCache.set(name, value)
  }
  return value
}

export function toCamel(name: string) {
  let value = camelCache.get(name)
  if (value === undefined) {
    value = name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())
    camelCache.set(name, value)
  }
  return value
}

function camelRow(row: any) {
  if (row === null || typeof row !== 'object' || row instanceof Date) return row
  const result: Record<string, unknown> = {}
  for (const key in row) result[toCamel(key)] = row[key]
  return result
}

export function createKnex(url: string, poolMax = 10): Knex {
  const db = knex({
    client: 'pg',
    connection: url,
    pool: { min: 0, max: poolMax },
    migrations: { migrationSource },
    wrapIdentifier: (value, origImpl) => origImpl(value === '*' ? value : toSnake(value)),
    postProcessResponse: (result) => {
      if (Array.isArray(result)) return result.map(camelRow)
      // knex.raw answers the driver's result object: leave it alone.
      if (result && typeof result === 'object' && 'rows' in result && 'command' in result) return result
      return camelRow(result)
    }
  })
  prepareReads(db)
  return db
}

const statementNames = new Map<string, string>()

/**
 * Reads run as named prepared statements: each connection parses and plans a list query once,
 * not on every request (planning was over half of a list query's cost).
 */
function prepareReads(db: Knex) {
  const client = db.client as any
  const run = client._query
  client._query = function (connection: unknown, obj: any) {
    if ((obj.method === 'select' || obj.method === 'first') && typeof obj.sql === 'string' && obj.sql.length < 4000) {
      let name = statementNames.get(obj.sql)
      if (!name) {
        name = `s${statementNames.size}`
        if (statementNames.size < 2000) statementNames.set(obj.sql, name)
        else name = undefined
      }
      if (name) obj.options = { ...obj.options, name }
    }
    return run.call(this, connection, obj)
  }
}

export async function migrate(db: Knex) {
  await db.migrate.latest()
  // Every table, new ones too, announces its changes (db/table-cache.ts).
  await watchTableChanges(db)
}
