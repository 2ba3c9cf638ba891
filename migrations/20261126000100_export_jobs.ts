import type { Knex } from 'knex'

/**
 * Large list exports run as jobs: each row is one request (whose it is, the list, its query and
 * language), how far it got, and the stored file once written. Only its requester reads it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('export_jobs', (table) => {
    table.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'))
    table.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE')
    table.string('region', 16)
    table.string('resource', 64).notNullable()
    table.jsonb('query').notNullable().defaultTo('{}')
    table.string('language', 8).notNullable()
    table.string('status', 16).notNullable().defaultTo('QUEUED')
    table.integer('done').notNullable().defaultTo(0)
    table.integer('total').notNullable().defaultTo(0)
    table.string('filename', 200)
    table.string('storage_key', 200)
    table.integer('row_count')
    table.text('error')
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    table.index(['user_id', 'created_at'])
  })
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('export_jobs')
}
