import type { Knex } from 'knex'

/*
 * The documents of a handover/takeback record (spec hotb §3 `docIds`, `attachments`; §4 "a signed
 * or unsigned document may be uploaded on a scheduled record"), as documents of a record
 * (services/files/record-documents.ts): the file is a stored file (`files`, owner `hotb` and the
 * record's id), the row says which record it belongs to and what it is: the signed document,
 * the unsigned one, or an attachment. A document goes with its record (its file is removed by the
 * service that removes the row).
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('hotb_documents', (t) => {
    t.increments('id')
    t.string('region', 16).notNullable()
    t.integer('hotb_id').notNullable().references('hotb.id').onDelete('CASCADE')
    t.integer('file_id').notNullable().unique().references('files.id')
    t.string('kind', 16).notNullable()
    t.integer('uploaded_by').references('users.id')
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['hotb_id', 'kind'])
  })
  await knex.raw(`ALTER TABLE hotb_documents ADD CONSTRAINT hotb_documents_kind CHECK (kind IN ('SIGNED', 'UNSIGNED', 'ATTACHMENT'))`)
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('hotb_documents')
}
