import type { Knex } from 'knex'

const randomId = 'substr(md5(random()::text || clock_timestamp()::text), 1, 24)'

/**
 * Payment claims of a project (spec §3 Submission, §4 submission status and retention; issue 12
 * items 5 to 7) and the project's schedule of values (AIA G703 lines):
 * - `project_schedule_lines`: the schedule a claim states its lines against, one item no. per
 *   project (item_key: trimmed and case-folded, itemKey());
 * - `project_submissions`: the claim's working copy (money in integer cents); its invoice number
 *   is unique per vendor after trimming and case-folding (invoice_key, a partial unique index);
 * - `project_submission_versions`: every submitted version, frozen in the database: a trigger
 *   refuses a DELETE, and an UPDATE other than filling the PDF's file and SHA-256 once.
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('project_schedule_lines', (t) => {
    t.increments('id')
    t.string('region', 16).notNullable().references('regions.code')
    t.string('project_id', 24).notNullable().references('projects.id').onDelete('CASCADE')
    t.integer('position').notNullable()
    t.string('item', 64).notNullable()
    t.string('item_key', 64).notNullable()
    t.text('description').notNullable().defaultTo('')
    t.bigInteger('original_value_cents').notNullable()
    t.jsonb('change_orders').notNullable().defaultTo('[]')
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.unique(['project_id', 'item_key'])
    t.unique(['project_id', 'position'])
  })
  await knex.raw(`ALTER TABLE project_schedule_lines ADD CONSTRAINT project_schedule_lines_item CHECK (item_key <> '')`)

  await knex.schema.createTable('project_submissions', (t) => {
    t.string('id', 24).primary().defaultTo(knex.raw(randomId))
    t.string('region', 16).notNullable().references('regions.code')
    t.string('project_id', 24).notNullable().references('projects.id')
    // The project's vendor, copied: the invoice number is unique per vendor.
    t.integer('company_id').notNullable().references('companies.id')
    t.integer('order').notNullable()
    t.string('status', 16).notNullable().defaultTo('DRAFT')
    // 0 while never submitted; n = the latest frozen version.
    t.integer('version').notNullable().defaultTo(0)
    t.string('completion_type', 24)
    t.string('invoice_number', 64)
    t.string('invoice_key', 64).notNullable().defaultTo('')
    t.bigInteger('invoice_amount_cents')
    t.date('invoice_date')
    t.bigInteger('completion_amount_cents')
    t.bigInteger('previous_amount_cents').notNullable().defaultTo(0)
    t.bigInteger('remaining_balance_cents')
    t.bigInteger('deduction_amount_cents').notNullable().defaultTo(0)
    t.bigInteger('retention_amount_cents')
    t.bigInteger('retainage_released_cents').notNullable().defaultTo(0)
    t.text('release_override_reason')
    t.jsonb('lines').notNullable().defaultTo('[]')
    t.integer('inspector_id').references('users.id')
    t.jsonb('action_history').notNullable().defaultTo('[]')
    t.text('reject_reason')
    t.integer('created_by').references('users.id')
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.unique(['project_id', 'order'])
    t.index(['region', 'status'])
    t.index(['company_id'])
  })
  await knex.raw(`
    ALTER TABLE project_submissions
      ADD CONSTRAINT project_submissions_status CHECK (status IN ('DRAFT', 'OPEN', 'APPR', 'REJECTED')),
      ADD CONSTRAINT project_submissions_completion_type CHECK (completion_type IS NULL OR completion_type IN ('FULL', 'PARTIAL', 'FINAL_PARTIAL', 'RETENTION', 'FINAL_PAYMENT', 'RETENTION_PAYMENT')),
      ADD CONSTRAINT project_submissions_order CHECK ("order" >= 1),
      ADD CONSTRAINT project_submissions_version CHECK (version >= 0 AND (status = 'DRAFT') = (version = 0)),
      ADD CONSTRAINT project_submissions_amounts CHECK (
        coalesce(invoice_amount_cents, 0) >= 0 AND coalesce(completion_amount_cents, 0) >= 0 AND deduction_amount_cents >= 0
        AND previous_amount_cents >= 0 AND coalesce(retention_amount_cents, 0) >= 0 AND retainage_released_cents >= 0
      ),
      ADD CONSTRAINT project_submissions_reject_reason CHECK (status <> 'REJECTED' OR reject_reason IS NOT NULL)
  `)
  // Issue 12 item 5: one invoice number per vendor (409 names the clashing claim).
  await knex.raw(`CREATE UNIQUE INDEX project_submissions_invoice_key ON project_submissions (company_id, invoice_key) WHERE invoice_key <> ''`)

  await knex.schema.createTable('project_submission_versions', (t) => {
    t.increments('id')
    t.string('region', 16).notNullable().references('regions.code')
    t.string('submission_id', 24).notNullable().references('project_submissions.id')
    t.integer('version').notNullable()
    t.jsonb('snapshot').notNullable()
    t.integer('submitted_by').references('users.id')
    t.timestamp('submitted_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.integer('pdf_file_id').references('files.id')
    t.specificType('pdf_sha256', 'char(64)')
    t.unique(['submission_id', 'version'])
  })
  await knex.raw(`ALTER TABLE project_submission_versions ADD CONSTRAINT project_submission_versions_version CHECK (version >= 1)`)
  // Frozen: nothing of a version changes, and it is never deleted; its PDF is filled in once.
  await knex.raw(`
    CREATE FUNCTION project_submission_versions_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' THEN
        RAISE EXCEPTION 'a submitted claim version is frozen' USING ERRCODE = 'P0001', CONSTRAINT = 'project_submission_versions_frozen';
      END IF;
      IF (NEW.id, NEW.region, NEW.submission_id, NEW.version, NEW.snapshot, NEW.submitted_by, NEW.submitted_at)
           IS DISTINCT FROM (OLD.id, OLD.region, OLD.submission_id, OLD.version, OLD.snapshot, OLD.submitted_by, OLD.submitted_at)
         OR (OLD.pdf_file_id IS NOT NULL AND NEW.pdf_file_id IS DISTINCT FROM OLD.pdf_file_id)
         OR (OLD.pdf_sha256 IS NOT NULL AND NEW.pdf_sha256 IS DISTINCT FROM OLD.pdf_sha256) THEN
        RAISE EXCEPTION 'a submitted claim version is frozen' USING ERRCODE = 'P0001', CONSTRAINT = 'project_submission_versions_frozen';
      END IF;
      RETURN NEW;
    END
    $$
  `)
  await knex.raw(`CREATE TRIGGER project_submission_versions_frozen BEFORE UPDATE OR DELETE ON project_submission_versions FOR EACH ROW EXECUTE FUNCTION project_submission_versions_frozen()`)
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('project_submission_versions')
  await knex.raw('DROP FUNCTION IF EXISTS project_submission_versions_frozen()')
  await knex.schema.dropTable('project_submissions')
  await knex.schema.dropTable('project_schedule_lines')
}
