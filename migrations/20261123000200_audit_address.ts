import type { Knex } from 'knex'

// Security events (sign-in locks, reset and unlock links, two-factor failures) say where they came from.
export async function up(knex: Knex) {
  await knex.schema.alterTable('audit_log', (t) => {
    t.string('address', 64)
  })
}

export async function down(knex: Knex) {
  await knex.schema.alterTable('audit_log', (t) => {
    t.dropColumn('address')
  })
}
