import type { Knex } from 'knex'

/**
 * The documents filed in a project's folders (services/files/record-documents.ts: one row per
 * stored file), with a description and an effective period (spec §3, §9: the end day counts whole).
 * Removing a folder or project must remove the files too (dropDocuments), not only these rows.
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('project_documents', (t) => {
    t.increments('id')
    t.string('region', 16).notNullable().references('regions.code')
    t.string('project_id', 24).notNullable().references('projects.id').onDelete('CASCADE')
    t.integer('folder_id').notNullable().references('project_folders.id').onDelete('CASCADE')
    t.integer('file_id').notNullable().references('files.id')
    t.string('description', 255)
    t.date('effective_date')
    t.date('effective_until')
    t.integer('uploaded_by').references('users.id')
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['folder_id'])
    t.index(['project_id'])
  })
  await knex.raw(`ALTER TABLE project_documents ADD CONSTRAINT project_documents_period CHECK (effective_until IS NULL OR effective_date IS NULL OR effective_until >= effective_date)`)
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('project_documents')
}
