import type { Knex } from 'knex'

export async function up(knex: Knex) {
  // The terms vendors accept (spec §5): per region, department and version; a version is never
  // changed once stored (tenders are stamped with it), a new one is added instead.
  await knex.schema.createTable('tender_terms', (t) => {
    t.increments('id')
    t.string('region', 16).notNullable().references('regions.code')
    t.integer('department_id').notNullable().references('departments.id')
    t.integer('version').notNullable()
    t.jsonb('items').notNullable().defaultTo('[]')
    t.integer('created_by').references('users.id')
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.unique(['region', 'department_id', 'version'])
  })
  // A tender's attachments and its conditions of contract: an uploaded file with a description
  // (255 max) and an effective date.
  await knex.schema.createTable('tender_documents', (t) => {
    t.increments('id')
    t.string('region', 16).notNullable().references('regions.code')
    t.string('tender_id', 24).notNullable().references('tenders.id').onDelete('CASCADE')
    t.integer('file_id').notNullable().references('files.id')
    t.string('kind', 16).notNullable()
    t.string('description', 255)
    t.date('effective_date')
    t.integer('uploaded_by').references('users.id')
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['tender_id', 'kind'])
  })
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('tender_documents')
  await knex.schema.dropTable('tender_terms')
}
