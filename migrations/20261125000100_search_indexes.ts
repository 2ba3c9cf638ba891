import type { Knex } from 'knex'

/**
 * The global search matches text anywhere in a field (ILIKE '%words%'): trigram indexes let
 * PostgreSQL answer that without reading every account. pg_trgm is a trusted extension: the
 * database's owner may create it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm')
  for (const column of ['display_name', 'username', 'email']) {
    await knex.raw(`CREATE INDEX IF NOT EXISTS users_${column}_trgm ON users USING gin (${column} gin_trgm_ops)`)
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const column of ['display_name', 'username', 'email']) await knex.raw(`DROP INDEX IF EXISTS users_${column}_trgm`)
}
