import type { Knex } from 'knex'

/**
 * The quick find (Ctrl+K) matches a project's PO or contract number, type and location anywhere in
 * the text (ILIKE '%words%', project-search.ts): trigram indexes answer it without reading every
 * project. The vendor's name and the tender's description are matched through their own tables.
 */
const columns = ['number', 'type', 'project_location'] as const

export async function up(knex: Knex) {
  await knex.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm')
  for (const column of columns) await knex.raw(`CREATE INDEX IF NOT EXISTS projects_${column}_trgm ON projects USING gin (${column} gin_trgm_ops)`)
}

export async function down(knex: Knex) {
  for (const column of columns) await knex.raw(`DROP INDEX IF EXISTS projects_${column}_trgm`)
}
