import type { Knex } from 'knex'
import { frozenOnceWritten } from './frozen-once-written.js'

/**
 * The decision on each submitted claim version (issue 12 items 5 and 8; leftover "approvals after
 * the freeze"): staff's acceptance or rejection is written here, in the transaction of the move,
 * as it was taken (who, when, the decision, the reason or note, the amount certified), and never
 * changed or removed after (a trigger refuses both). The version itself (and its PDF) stays as it
 * was frozen at submission; the decision's own document, the certificate, is stored at its first
 * download per language in `project_submission_certificates`, frozen the same way.
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('project_submission_decisions', (t) => {
    t.increments('id')
    t.string('region', 16).notNullable().references('regions.code')
    t.integer('version_id').notNullable().unique().references('project_submission_versions.id')
    t.string('decision', 16).notNullable()
    t.integer('decided_by').references('users.id')
    t.timestamp('decided_at', { useTz: true }).notNullable()
    t.text('reason')
    t.text('note')
    t.text('release_override_reason')
    // The amount certified for payment by an acceptance (G702 line 8, or the claim's amount without a schedule); none for a rejection.
    t.bigInteger('certified_amount_cents')
    // The G702 figures of the version as accepted (null without a schedule of values, or for a rejection).
    t.jsonb('figures')
  })
  await knex.raw(`
    ALTER TABLE project_submission_decisions
      ADD CONSTRAINT project_submission_decisions_decision CHECK (decision IN ('ACCEPTED', 'REJECTED')),
      ADD CONSTRAINT project_submission_decisions_reason CHECK (decision <> 'REJECTED' OR (reason IS NOT NULL AND reason <> '')),
      ADD CONSTRAINT project_submission_decisions_certified CHECK (
        (decision = 'ACCEPTED' AND certified_amount_cents IS NOT NULL) OR (decision = 'REJECTED' AND certified_amount_cents IS NULL)
      )
  `)
  await knex.schema.createTable('project_submission_certificates', (t) => {
    t.increments('id')
    t.string('region', 16).notNullable().references('regions.code')
    t.integer('decision_id').notNullable().references('project_submission_decisions.id')
    t.string('language', 8).notNullable()
    t.integer('file_id').notNullable().references('files.id')
    t.specificType('sha256', 'char(64)').notNullable()
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.unique(['decision_id', 'language'])
  })
  await knex.raw(`ALTER TABLE project_submission_certificates ADD CONSTRAINT project_submission_certificates_language CHECK (language IN ('en-US', 'zh-CN'))`)
  await knex.raw(`ALTER TABLE project_submission_certificates ADD CONSTRAINT project_submission_certificates_sha256 CHECK (sha256 ~ '^[0-9a-f]{64}$')`)
  await frozenOnceWritten(knex, 'project_submission_decisions_frozen', "a claim version's decision and its certificate are never changed or removed", [
    'project_submission_decisions',
    'project_submission_certificates'
  ])
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('project_submission_certificates')
  await knex.schema.dropTable('project_submission_decisions')
  await knex.raw('DROP FUNCTION IF EXISTS project_submission_decisions_frozen()')
}
