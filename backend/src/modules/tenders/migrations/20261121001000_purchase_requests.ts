import type { Knex } from 'knex'

export async function up(knex: Knex) {
  await knex.schema.createTable('purchase_requests', (t) => {
    t.increments('id')
    t.string('region', 16).notNullable().references('regions.code')
    t.string('number', 64).notNullable()
    t.text('description')
    t.integer('site_id').references('sites.id')
    t.decimal('amount', 14, 2)
    t.string('currency', 8)
    t.integer('department_id').references('departments.id')
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.unique(['region', 'number'])
  })
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('purchase_requests')
}
