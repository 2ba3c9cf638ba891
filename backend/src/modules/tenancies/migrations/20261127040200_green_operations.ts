import type { Knex } from 'knex'

/*
 * Green operation records of a tenancy (spec tenancies §3, the "sustainability initiatives" tab):
 * start, validity period (required, spec §5) and the expiry it gives, floor, month and meter
 * reading, the assessment sections met, the recognition count; and their documents by type,
 * each a file of the platform's files store.
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('green_operations', (t) => {
    t.increments('id')
    t.string('region', 16).notNullable().references('regions.code')
    t.integer('tenancy_id').notNullable().references('tenancies.id').onDelete('CASCADE')
    t.date('start_date').notNullable()
    t.integer('validity_months').notNullable()
    t.date('expiry_date').notNullable()
    t.string('floor', 32)
    t.string('month', 7)
    t.decimal('reading', 14, 2)
    t.jsonb('assessment').notNullable().defaultTo('[]')
    t.integer('recognition_count').notNullable().defaultTo(0)
    t.integer('created_by').references('users.id')
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['tenancy_id', 'start_date'])
  })
  await knex.raw(`ALTER TABLE green_operations
    ADD CONSTRAINT green_operations_validity CHECK (validity_months BETWEEN 1 AND 120),
    ADD CONSTRAINT green_operations_recognition CHECK (recognition_count >= 0)`)
  await knex.schema.createTable('green_operation_documents', (t) => {
    t.increments('id')
    t.string('region', 16).notNullable().references('regions.code')
    t.integer('green_operation_id').notNullable().references('green_operations.id').onDelete('CASCADE')
    t.integer('file_id').notNullable().references('files.id')
    t.string('doc_type', 32).notNullable()
    t.integer('uploaded_by').references('users.id')
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['green_operation_id'])
  })
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('green_operation_documents')
  await knex.schema.dropTable('green_operations')
}
