import type { Knex } from 'knex'

/*
 * A tenant project's post-fit-out submissions (issue 30 item 8; spec §3 "Post-fitout submission:
 * status (UNDER_REVIEW is special), letters, a pending guidelines list"; §4 "the submission in
 * UNDER_REVIEW is the current one. Statuses UNDER_REVIEW, COMPLETED"; §5 "A final post-fitout
 * cannot start without a final inspection record"):
 * - `tenant_project_post_fitout_submissions`: one per round; at most one UNDER_REVIEW per project
 *   (the partial unique index decides, whoever writes, however many at once); `is_final` marks the
 *   final round; `complied_item_ids` the POST_FIT_OUT guideline items (their stable `item_id`,
 *   kept across versions) ticked as complied: the pending list is the published set less these;
 * - `tenant_project_post_fitout_files`: its files (record documents): LETTER (staff's letters to the
 *   tenant) or DOCUMENT (the tenant's uploads for the review).
 * Each keeps its project's readers by the copy trigger of migration 20261207000300 (followed on a
 * project's change by migration 20261207000990's function, which finds the trigger).
 */

const parts = ['tenant_project_post_fitout_submissions', 'tenant_project_post_fitout_files'] as const

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
  await knex.schema.createTable('tenant_project_post_fitout_submissions', (t) => {
    projectPart(knex, t)
    t.string('status', 16).notNullable().defaultTo('UNDER_REVIEW')
    t.boolean('is_final').notNullable().defaultTo(false)
    t.text('remarks').notNullable().defaultTo('')
    t.text('staff_notes').notNullable().defaultTo('')
    t.specificType('complied_item_ids', 'varchar(16)[]').notNullable().defaultTo('{}')
    t.timestamp('completed_at', { useTz: true })
    t.integer('completed_by').references('users.id').onDelete('SET NULL')
    t.integer('created_by').references('users.id').onDelete('SET NULL')
    t.integer('updated_by').references('users.id').onDelete('SET NULL')
    t.index(['project_id'])
  })
  await knex.raw(`ALTER TABLE tenant_project_post_fitout_submissions
    ADD CONSTRAINT tenant_project_post_fitout_submissions_status CHECK (status IN ('UNDER_REVIEW', 'COMPLETED')),
    ADD CONSTRAINT tenant_project_post_fitout_submissions_completed CHECK ((status = 'COMPLETED') = (completed_at IS NOT NULL))`)
  // Spec §4 "the submission in UNDER_REVIEW is the current one": one per project.
  await knex.raw("CREATE UNIQUE INDEX tenant_project_post_fitout_submissions_current ON tenant_project_post_fitout_submissions (project_id) WHERE status = 'UNDER_REVIEW'")

  await knex.schema.createTable('tenant_project_post_fitout_files', (t) => {
    projectPart(knex, t)
    t.integer('submission_id').notNullable().references('tenant_project_post_fitout_submissions.id').onDelete('CASCADE')
    t.integer('file_id').notNullable().references('files.id')
    t.string('kind', 16).notNullable()
    t.string('description', 500).notNullable().defaultTo('')
    t.integer('uploaded_by').references('users.id').onDelete('SET NULL')
    t.index(['submission_id'])
  })
  await knex.raw("ALTER TABLE tenant_project_post_fitout_files ADD CONSTRAINT tenant_project_post_fitout_files_kind CHECK (kind IN ('LETTER', 'DOCUMENT'))")

  for (const table of parts) {
    await knex.raw(`CREATE TRIGGER ${table}_project_copy BEFORE INSERT OR UPDATE OF project_id ON ${table} FOR EACH ROW EXECUTE FUNCTION tenant_project_part_copy()`)
  }
}

export async function down(knex: Knex) {
  for (const table of [...parts].reverse()) await knex.schema.dropTableIfExists(table)
}
