import type { Knex } from 'knex'

export async function up(knex: Knex) {
  await knex.schema.createTable('regions', (t) => {
    t.string('code', 16).primary()
    t.string('name').notNullable()
    t.string('domain').notNullable().defaultTo('')
    t.string('currency', 8)
    t.string('time_zone').notNullable().defaultTo('Asia/Hong_Kong')
    t.boolean('enabled').notNullable().defaultTo(true)
    t.jsonb('features').notNullable().defaultTo('[]')
    t.integer('sort_order').notNullable().defaultTo(0)
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
  })
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('regions')
}
