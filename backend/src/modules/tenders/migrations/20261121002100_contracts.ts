import type { Knex } from 'knex'

/**
 * Contracts (spec §3 Purchase: a contract has revisions, revisionNum): like purchase orders, but
 * a number may carry several revisions; (number, revision) is unique in the region.
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('contracts', (t) => {
    t.increments('id')
    t.string('region', 16).notNullable().references('regions.code')
    t.string('number', 64).notNullable()
    t.integer('revision_num').notNullable().defaultTo(0)
    t.string('tender_id', 24).notNullable().references('tenders.id')
    t.integer('company_id').notNullable().references('companies.id')
    t.integer('site_id').notNullable().references('sites.id')
    t.string('currency', 8).notNullable()
    t.decimal('amount', 14, 2).notNullable()
    t.decimal('retention_percent', 5, 2).notNullable().defaultTo(0)
    t.decimal('deduction', 14, 2).notNullable().defaultTo(0)
    t.string('status', 16).notNullable().defaultTo('ACTIVE')
    t.integer('managed_by').references('users.id')
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.unique(['region', 'number', 'revision_num'])
    t.index(['region', 'company_id'])
    t.index(['tender_id'])
  })
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('contracts')
}
