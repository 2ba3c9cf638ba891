import type { Knex } from 'knex'

/**
 * The tenancy list opens sorted by company name in one region: an index in that order lets a page
 * be read from it instead of sorting every tenancy of the region by name on each request.
 */
export async function up(knex: Knex) {
  await knex.raw('CREATE INDEX IF NOT EXISTS tenancies_region_company_name ON tenancies (region, company_name)')
}

export async function down(knex: Knex) {
  await knex.raw('DROP INDEX IF EXISTS tenancies_region_company_name')
}
