import type { Knex } from 'knex'

export async function up(knex: Knex) {
  await knex.schema.createTable('tender_vendors', (t) => {
    t.string('tender_id', 24).notNullable().references('tenders.id').onDelete('CASCADE')
    t.integer('company_id').notNullable().references('companies.id')
    t.timestamp('invited_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.primary(['tender_id', 'company_id'])
    t.index(['company_id'])
  })
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('tender_vendors')
}
