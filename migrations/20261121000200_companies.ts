import type { Knex } from 'knex'

// Companies are the organisations users belong to: vendors (type C) and tenants (type T) among them.
export async function up(knex: Knex) {
  await knex.schema.createTable('companies', (t) => {
    t.increments('id')
    t.string('region', 16).notNullable().references('regions.code')
    t.string('name').notNullable()
    t.string('mailing_name')
    t.string('type', 4).notNullable()
    t.string('status', 16).notNullable().defaultTo('ACTIVE')
    t.string('email')
    t.string('phone')
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.unique(['region', 'name'])
  })
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('companies')
}
