import type { Knex } from 'knex'

// The accounts lists sort by name and filter by company: let the database read them in order.
export async function up(knex: Knex) {
  await knex.schema.alterTable('users', (t) => {
    t.index(['display_name'])
    t.index(['company_id'])
    t.index(['tenancy_id'])
  })
  await knex.raw('CREATE INDEX users_regions_gin ON users USING gin (regions)')
}

export async function down(knex: Knex) {
  await knex.raw('DROP INDEX users_regions_gin')
  await knex.schema.alterTable('users', (t) => {
    t.dropIndex(['display_name'])
    t.dropIndex(['company_id'])
    t.dropIndex(['tenancy_id'])
  })
}
