import type { Knex } from 'knex'

export async function up(knex: Knex) {
  await knex.schema.createTable('tender_queries', (t) => {
    t.increments('id')
    t.string('region', 16).notNullable().references('regions.code')
    t.string('tender_id', 24).notNullable().references('tenders.id').onDelete('CASCADE')
    t.string('bid_id', 24).notNullable().references('bids.id').onDelete('CASCADE')
    t.integer('company_id').notNullable().references('companies.id')
    t.integer('order').notNullable().defaultTo(1)
    t.string('status', 16).notNullable().defaultTo('DRAFT')
    t.text('question')
    t.text('answer')
    t.timestamp('closing_at', { useTz: true })
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['bid_id', 'order'])
    t.index(['region', 'status', 'closing_at'])
  })
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('tender_queries')
}
