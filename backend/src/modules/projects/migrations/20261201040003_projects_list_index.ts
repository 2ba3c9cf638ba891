import type { Knex } from 'knex'

/**
 * The project lists open by last update (staff and vendors): an index in that order lets the page
 * be read row by row up to its LIMIT instead of sorting every project of the region (issue 12
 * bench: 20,000 projects).
 */
export async function up(knex: Knex) {
  await knex.raw('CREATE INDEX projects_region_updated_at ON projects (region, updated_at DESC, id)')
}

export async function down(knex: Knex) {
  await knex.raw('DROP INDEX projects_region_updated_at')
}
