import type { Knex } from 'knex'

/*
 * A tenant project's submission batches and their review (spec tenant projects §3 "Tenant
 * submission", "Comments", §4 "Submissions and batches"; issue 29 items 4 to 7):
 * - `tenant_submissions`: one batch per row; `order` from 0 (the batch number shown is order + 1),
 *   unique per project; at most one undecided batch per project (spec §8 "Create submission 429:
 *   an unfinished submission exists" is this index); the reviewers of its steps; the running
 *   step's clock (`step_started_at`, `due_date` fixed on working days when the step starts).
 * - `tenant_submission_files`: the batch's files with the spec's metadata (submitted, N/A, design,
 *   technical, submitted date); a file is design or technical or both ("one file type must be chosen").
 * - `tenant_submission_comments`: the project's comment register. An item's id is its section
 *   number and letter ("1.a"), unique for the project's life: a deleted item keeps its letter.
 * - `tenant_submission_actions`: the review history (spec §3 "Action history entry: actionType,
 *   user, commentTypes, batchOrder, commentObject, guidelineId").
 * - `tenant_projects.*_manager_id`: the reviewers a new step is given unless its predecessor names one.
 * Each part keeps its project's readers (`tenancy_id`, `account_user_ids`, `region`) by the
 * triggers of migration 20261207000300, so the project's own CASL rules decide on the row.
 */

const parts = ['tenant_submissions', 'tenant_submission_files', 'tenant_submission_comments', 'tenant_submission_actions'] as const
const allParts = ['tenant_project_accounts', 'tenant_project_contractors', ...parts]

const projectPart = (knex: Knex, t: Knex.CreateTableBuilder) => {
  t.increments('id')
  t.string('region', 16).notNullable().references('regions.code')
  t.integer('project_id').notNullable().references('tenant_projects.id').onDelete('CASCADE')
  t.integer('tenancy_id').notNullable()
  t.specificType('account_user_ids', 'integer[]').notNullable().defaultTo('{}')
  t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
}

export async function up(knex: Knex) {
  await knex.schema.alterTable('tenant_projects', (t) => {
    t.integer('design_manager_id').references('users.id').onDelete('SET NULL')
    t.integer('cp_reviewer_id').references('users.id').onDelete('SET NULL')
    t.integer('tech_manager_id').references('users.id').onDelete('SET NULL')
  })

  await knex.schema.createTable('tenant_submissions', (t) => {
    projectPart(knex, t)
    t.integer('order').notNullable()
    t.string('status', 16).notNullable().defaultTo('STARTED')
    t.string('design_outcome', 24)
    t.string('cp_outcome', 16)
    t.string('tech_outcome', 16)
    t.string('disapproved_by', 16)
    t.integer('design_manager_id').references('users.id').onDelete('SET NULL')
    t.integer('cp_reviewer_id').references('users.id').onDelete('SET NULL')
    t.integer('tech_manager_id').references('users.id').onDelete('SET NULL')
    t.timestamp('sent_at', { useTz: true })
    t.timestamp('step_started_at', { useTz: true })
    t.date('due_date')
    t.date('reminded_on')
    t.timestamp('completed_date', { useTz: true })
    t.string('status_reason', 1000)
    t.integer('created_by').references('users.id').onDelete('SET NULL')
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.unique(['project_id', 'order'])
    t.index(['region', 'status', 'due_date'])
  })
  await knex.raw(`ALTER TABLE tenant_submissions
    ADD CONSTRAINT tenant_submissions_status CHECK (status IN ('STARTED', 'DESIGN_REVIEW', 'CP_REVIEW', 'UPDATE_PENDING', 'TECH_REVIEW', 'DISAPPROVED', 'COMPLETED', 'CANCELLED')),
    ADD CONSTRAINT tenant_submissions_order CHECK ("order" >= 0),
    ADD CONSTRAINT tenant_submissions_decided CHECK ((completed_date IS NULL) = (status IN ('STARTED', 'DESIGN_REVIEW', 'CP_REVIEW', 'UPDATE_PENDING', 'TECH_REVIEW')))`)
  await knex.raw('CREATE UNIQUE INDEX tenant_submissions_one_open ON tenant_submissions (project_id) WHERE completed_date IS NULL')

  await knex.schema.createTable('tenant_submission_files', (t) => {
    projectPart(knex, t)
    t.integer('submission_id').notNullable().references('tenant_submissions.id').onDelete('CASCADE')
    t.integer('file_id').notNullable().references('files.id')
    t.string('doc_type', 64).notNullable()
    t.string('description', 500).notNullable().defaultTo('')
    t.boolean('is_design').notNullable().defaultTo(false)
    t.boolean('is_technical').notNullable().defaultTo(false)
    t.boolean('is_na').notNullable().defaultTo(false)
    t.boolean('submitted').notNullable().defaultTo(false)
    t.timestamp('submitted_date', { useTz: true })
    t.integer('uploaded_by').references('users.id').onDelete('SET NULL')
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['submission_id'])
  })
  await knex.raw('ALTER TABLE tenant_submission_files ADD CONSTRAINT tenant_submission_files_one_type CHECK (is_design OR is_technical)')

  await knex.schema.createTable('tenant_submission_comments', (t) => {
    projectPart(knex, t)
    t.integer('submission_id').notNullable().references('tenant_submissions.id').onDelete('CASCADE')
    t.integer('batch_order').notNullable()
    t.string('type', 8).notNullable()
    t.integer('section').notNullable()
    t.integer('item').notNullable()
    t.string('label', 16).notNullable()
    t.text('text').notNullable()
    t.string('status', 12).notNullable().defaultTo('OPEN')
    t.text('answer')
    t.integer('answered_order')
    t.integer('answered_by').references('users.id').onDelete('SET NULL')
    t.timestamp('answered_at', { useTz: true })
    t.integer('guideline_id')
    t.timestamp('sent_at', { useTz: true })
    t.integer('created_by').references('users.id').onDelete('SET NULL')
    t.integer('updated_by').references('users.id').onDelete('SET NULL')
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.unique(['project_id', 'section', 'item'])
    t.index(['project_id', 'status'])
  })
  await knex.raw(`ALTER TABLE tenant_submission_comments
    ADD CONSTRAINT tenant_submission_comments_type CHECK (type IN ('DESIGN', 'TECH')),
    ADD CONSTRAINT tenant_submission_comments_status CHECK (status IN ('OPEN', 'ANSWERED', 'NA', 'CLOSED', 'DELETED')),
    ADD CONSTRAINT tenant_submission_comments_numbered CHECK (section >= 1 AND item >= 0)`)

  await knex.schema.createTable('tenant_submission_actions', (t) => {
    projectPart(knex, t)
    t.integer('submission_id').notNullable().references('tenant_submissions.id').onDelete('CASCADE')
    t.integer('batch_order').notNullable()
    t.string('action_type', 32).notNullable()
    t.integer('user_id').references('users.id').onDelete('SET NULL')
    t.specificType('comment_types', 'text[]').notNullable().defaultTo('{}')
    t.jsonb('comment_object')
    t.integer('guideline_id')
    // Entries on comments not yet sent to the tenant (ADD, UPDATE, DELETE before the review is sent) are the reviewers' own.
    t.boolean('internal').notNullable().defaultTo(false)
    t.index(['project_id', 'id'])
  })

  for (const table of parts) {
    await knex.raw(`CREATE TRIGGER ${table}_project_copy BEFORE INSERT OR UPDATE OF project_id ON ${table} FOR EACH ROW EXECUTE FUNCTION tenant_project_part_copy()`)
  }
  await followParts(knex, allParts)
}

/** The project's readers flow to every part table (migration 20261207000300's function, now over the batches' tables too). */
async function followParts(knex: Knex, tables: readonly string[]) {
  await knex.raw(`
    CREATE OR REPLACE FUNCTION tenant_project_parts_follow() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      ${tables.map((table) => `UPDATE ${table} SET tenancy_id = NEW.tenancy_id, account_user_ids = NEW.account_user_ids, region = NEW.region WHERE project_id = NEW.id;`).join('\n      ')}
      RETURN NULL;
    END $$`)
}

export async function down(knex: Knex) {
  await followParts(knex, ['tenant_project_accounts', 'tenant_project_contractors'])
  for (const table of [...parts].reverse()) await knex.schema.dropTableIfExists(table)
  await knex.schema.alterTable('tenant_projects', (t) => {
    t.dropColumn('design_manager_id')
    t.dropColumn('cp_reviewer_id')
    t.dropColumn('tech_manager_id')
  })
}
