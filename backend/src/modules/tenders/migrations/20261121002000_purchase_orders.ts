import type { Knex } from 'knex'

/**
 * Purchase orders (spec §3 Purchase, §5): one per awarded tender's vendor, numbered uniquely in
 * the region. The number is the business key a project later refers to.
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('purchase_orders', (t) => {
    t.increments('id')
    t.string('region', 16).notNullable().references('regions.code')
    t.string('number', 64).notNullable()
    t.string('tender_id', 24).notNullable().references('tenders.id')
    // The vendor: named company_id so the vendors' "own" ability condition applies.
    t.integer('company_id').notNullable().references('companies.id')
    t.integer('site_id').notNullable().references('sites.id')
    t.string('currency', 8).notNullable()
    t.decimal('amount', 14, 2).notNullable()
    t.decimal('retention_percent', 5, 2).notNullable().defaultTo(0)
    t.decimal('deduction', 14, 2).notNullable().defaultTo(0)
    t.string('status', 16).notNullable().defaultTo('ACTIVE')
    // The staff member who raised it: the staff "own" condition.
    t.integer('managed_by').references('users.id')
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.unique(['region', 'number'])
    t.index(['region', 'company_id'])
    t.index(['tender_id'])
  })
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('purchase_orders')
}
