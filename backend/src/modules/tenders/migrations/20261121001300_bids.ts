import type { Knex } from 'knex'
import { randomId } from './20261121001100_tenders.js'

export async function up(knex: Knex) {
  await knex.schema.createTable('bids', (t) => {
    t.string('id', 24).primary().defaultTo(knex.raw(randomId))
    t.string('region', 16).notNullable().references('regions.code')
    t.string('tender_id', 24).notNullable().references('tenders.id').onDelete('CASCADE')
    t.integer('company_id').notNullable().references('companies.id')
    t.string('status', 16).notNullable().defaultTo('INVITED')
    t.integer('version').notNullable().defaultTo(0)
    // Sealed until the tender closes: never shown to staff before, never in audit rows or events.
    t.jsonb('content').notNullable().defaultTo('{}')
    t.jsonb('terms_accepted').notNullable().defaultTo('[]')
    t.text('decline_reason')
    t.timestamp('submitted_at', { useTz: true })
    t.string('receipt_digest', 128)
    t.timestamp('responded_on', { useTz: true })
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.unique(['tender_id', 'company_id'])
    t.index(['region', 'company_id', 'status'])
  })
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('bids')
}
