import type { Knex } from 'knex'
import { frozenOnceWritten } from './frozen-once-written.js'

/**
 * The claim document of each frozen claim version, once per language (issue 12 items 5 and 8):
 * the first download renders it from the version's snapshot and stores it in `files`; every later
 * download gives those bytes. A row is never changed or removed (a trigger refuses both), so a
 * version's PDF and its SHA-256 stay as they were first given, byte for byte. The en-US one is
 * also named on the version row (`project_submission_versions.pdf_file_id`, `pdf_sha256`).
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('project_submission_documents', (t) => {
    t.increments('id')
    t.string('region', 16).notNullable().references('regions.code')
    t.integer('version_id').notNullable().references('project_submission_versions.id')
    t.string('language', 8).notNullable()
    t.integer('file_id').notNullable().references('files.id')
    t.specificType('sha256', 'char(64)').notNullable()
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.unique(['version_id', 'language'])
  })
  await knex.raw(`ALTER TABLE project_submission_documents ADD CONSTRAINT project_submission_documents_language CHECK (language IN ('en-US', 'zh-CN'))`)
  await knex.raw(`ALTER TABLE project_submission_documents ADD CONSTRAINT project_submission_documents_sha256 CHECK (sha256 ~ '^[0-9a-f]{64}$')`)
  await frozenOnceWritten(knex, 'project_submission_documents_frozen', 'a stored claim document is never changed or removed', ['project_submission_documents'])
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('project_submission_documents')
  await knex.raw('DROP FUNCTION IF EXISTS project_submission_documents_frozen()')
}
