import type { Knex } from 'knex'

/*
 * What the project control's inspections, final documents and insurance keep beside the records of
 * migration 20261207000700 (issue 30 items 5 to 7; spec §3 "Inspection ... supporting documents ...
 * an email history per inspection", "Final document ... histories", "Insurance period on the project"):
 * - `tenant_project_inspection_files`: an inspection's supporting documents (record documents);
 * - `tenant_project_inspection_follow_ups`: the follow-up items an inspection raises, OPEN until closed;
 * - `tenant_project_inspection_mails`: the e-mail history of an inspection (composed, sent, resent);
 * - `tenant_project_final_document_histories`: each status change of a project's final documents;
 * - `tenant_project_insurance_files`: the project's insurance certificates (record documents);
 * - `tenant_projects.insurance_reminded_until`: the insurance end a reminder went out for (once per period).
 * Each part keeps its project's readers (`tenancy_id`, `account_user_ids`, `region`) by the triggers
 * of migration 20261207000300, so the project's own CASL rules decide on the row.
 */

const parts = [
  'tenant_project_inspection_files',
  'tenant_project_inspection_follow_ups',
  'tenant_project_inspection_mails',
  'tenant_project_final_document_histories',
  'tenant_project_insurance_files'
] as const
const earlierParts = [
  'tenant_project_accounts',
  'tenant_project_contractors',
  'tenant_submissions',
  'tenant_submission_files',
  'tenant_submission_comments',
  'tenant_submission_actions',
  'tenant_project_inspections',
  'tenant_project_final_documents'
]

const projectPart = (knex: Knex, t: Knex.CreateTableBuilder) => {
  t.increments('id')
  t.string('region', 16).notNullable().references('regions.code')
  t.integer('project_id').notNullable().references('tenant_projects.id').onDelete('CASCADE')
  t.integer('tenancy_id').notNullable()
  t.specificType('account_user_ids', 'integer[]').notNullable().defaultTo('{}')
  t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
  t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
}

export async function up(knex: Knex) {
  await knex.schema.alterTable('tenant_projects', (t) => {
    t.date('insurance_reminded_until')
  })
  await knex.schema.createTable('tenant_project_inspection_files', (t) => {
    projectPart(knex, t)
    t.integer('inspection_id').notNullable().references('tenant_project_inspections.id').onDelete('CASCADE')
    t.integer('file_id').notNullable().references('files.id')
    t.string('description', 500).notNullable().defaultTo('')
    t.integer('uploaded_by').references('users.id').onDelete('SET NULL')
    t.index(['inspection_id'])
  })
  await knex.schema.createTable('tenant_project_inspection_follow_ups', (t) => {
    projectPart(knex, t)
    t.integer('inspection_id').notNullable().references('tenant_project_inspections.id').onDelete('CASCADE')
    t.text('description').notNullable()
    t.date('due_date')
    t.string('status', 8).notNullable().defaultTo('OPEN')
    t.timestamp('closed_at', { useTz: true })
    t.integer('closed_by').references('users.id').onDelete('SET NULL')
    t.text('closing_remarks').notNullable().defaultTo('')
    t.integer('created_by').references('users.id').onDelete('SET NULL')
    t.index(['inspection_id'])
  })
  await knex.raw(
    "ALTER TABLE tenant_project_inspection_follow_ups ADD CONSTRAINT tenant_project_inspection_follow_ups_status CHECK ((status = 'OPEN' AND closed_at IS NULL) OR (status = 'CLOSED' AND closed_at IS NOT NULL))"
  )
  await knex.schema.createTable('tenant_project_inspection_mails', (t) => {
    projectPart(knex, t)
    t.integer('inspection_id').notNullable().references('tenant_project_inspections.id').onDelete('CASCADE')
    t.specificType('to_addresses', 'text[]').notNullable().defaultTo('{}')
    t.specificType('cc_addresses', 'text[]').notNullable().defaultTo('{}')
    t.string('subject', 300).notNullable()
    t.text('body').notNullable()
    t.timestamp('sent_at', { useTz: true })
    t.integer('sent_count').notNullable().defaultTo(0)
    t.integer('created_by').references('users.id').onDelete('SET NULL')
    t.integer('updated_by').references('users.id').onDelete('SET NULL')
    t.index(['inspection_id'])
  })
  await knex.schema.createTable('tenant_project_final_document_histories', (t) => {
    projectPart(knex, t)
    t.integer('final_document_id').notNullable().references('tenant_project_final_documents.id').onDelete('CASCADE')
    t.string('action', 32).notNullable()
    t.string('from_status', 16)
    t.string('to_status', 16).notNullable()
    t.integer('user_id').references('users.id').onDelete('SET NULL')
    t.index(['final_document_id'])
  })
  await knex.schema.createTable('tenant_project_insurance_files', (t) => {
    projectPart(knex, t)
    t.integer('file_id').notNullable().references('files.id')
    t.string('description', 500).notNullable().defaultTo('')
    t.integer('uploaded_by').references('users.id').onDelete('SET NULL')
    t.index(['project_id'])
  })
  for (const table of parts) {
    await knex.raw(`CREATE TRIGGER ${table}_project_copy BEFORE INSERT OR UPDATE OF project_id ON ${table} FOR EACH ROW EXECUTE FUNCTION tenant_project_part_copy()`)
  }
  await followParts(knex, [...earlierParts, ...parts])
}

/** The project's readers flow to every part table (migration 20261207000300's function, over these tables too). */
async function followParts(knex: Knex, tables: readonly string[]) {
  await knex.raw(`
    CREATE OR REPLACE FUNCTION tenant_project_parts_follow() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      ${tables.map((table) => `UPDATE ${table} SET tenancy_id = NEW.tenancy_id, account_user_ids = NEW.account_user_ids, region = NEW.region WHERE project_id = NEW.id;`).join('\n      ')}
      RETURN NULL;
    END $$`)
}

export async function down(knex: Knex) {
  await followParts(knex, earlierParts)
  for (const table of [...parts].reverse()) await knex.schema.dropTableIfExists(table)
  await knex.schema.alterTable('tenant_projects', (t) => {
    t.dropColumn('insurance_reminded_until')
  })
}
