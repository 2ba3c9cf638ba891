import type { Knex } from 'knex'

/*
 * The deposit ledger of a tenant project (issue 30 items 1 to 4; spec §3 "Deposit, refund,
 * management fee", §4 "Refund request", §5 "Deposit amount must be input before accounting is
 * notified. An Executive Director approval must be attached to waive a deposit"):
 * - `tenant_project_deposits`: one per project, the amount in integer cents, the payee, the cheque,
 *   the waiver with its approval document, when accounting and the project manager were told, and
 *   whether the tenant lets its main contractor request the refund;
 * - `tenant_project_deposit_deductions`: the itemised deductions; their sum never exceeds the
 *   deposit, whoever writes (a trigger that locks the deposit row, so two writers cannot both pass);
 * - `tenant_project_refunds`: one per project, its workflow status (refund.workflow.ts), payee and
 *   the amount confirmed (the ledger's refund as it stood then);
 * - `tenant_project_management_fees`: the fee, debit note, account code, supporting documents.
 * Each is a part of its project: its readers are copied by the triggers of migration 20261207000300.
 */

const parts = ['tenant_project_deposits', 'tenant_project_deposit_deductions', 'tenant_project_refunds', 'tenant_project_management_fees'] as const
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

function projectPart(knex: Knex, t: Knex.CreateTableBuilder) {
  t.increments('id')
  t.string('region', 16).notNullable().references('regions.code')
  t.integer('project_id').notNullable().references('tenant_projects.id').onDelete('CASCADE')
  t.integer('tenancy_id').notNullable()
  t.specificType('account_user_ids', 'integer[]').notNullable().defaultTo('{}')
  t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
  t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
}

export async function up(knex: Knex) {
  await knex.schema.createTable('tenant_project_deposits', (t) => {
    projectPart(knex, t)
    t.unique(['project_id'])
    t.bigInteger('amount_cents')
    t.string('currency', 3).notNullable().defaultTo('USD')
    t.string('payee_type', 20).notNullable().defaultTo('SUBJECT_TO_REVIEW')
    t.string('payee_name', 200).notNullable().defaultTo('')
    t.text('payee_address').notNullable().defaultTo('')
    t.string('cheque_number', 60).notNullable().defaultTo('')
    t.boolean('waived').notNullable().defaultTo(false)
    t.integer('waiver_approval_file_id').references('files.id').onDelete('SET NULL')
    t.boolean('main_contractor_may_request_refund').notNullable().defaultTo(false)
    t.timestamp('accounting_notified_at', { useTz: true })
    t.timestamp('pm_notified_at', { useTz: true })
    t.integer('updated_by').references('users.id').onDelete('SET NULL')
  })
  await knex.raw(`ALTER TABLE tenant_project_deposits
    ADD CONSTRAINT tenant_project_deposits_payee_type CHECK (payee_type IN ('SUBJECT_TO_REVIEW', 'DIRECT', 'OTHER')),
    ADD CONSTRAINT tenant_project_deposits_amount CHECK (amount_cents IS NULL OR amount_cents >= 0),
    ADD CONSTRAINT tenant_project_deposits_other_payee CHECK (payee_type <> 'OTHER' OR (payee_name <> '' AND payee_address <> '')),
    ADD CONSTRAINT tenant_project_deposits_waiver_approval CHECK (NOT waived OR waiver_approval_file_id IS NOT NULL),
    ADD CONSTRAINT tenant_project_deposits_notified_with_amount CHECK (accounting_notified_at IS NULL OR amount_cents IS NOT NULL OR waived)`)

  await knex.schema.createTable('tenant_project_deposit_deductions', (t) => {
    projectPart(knex, t)
    t.integer('deposit_id').notNullable().references('tenant_project_deposits.id').onDelete('CASCADE')
    t.string('kind', 20).notNullable()
    t.bigInteger('amount_cents').notNullable()
    t.text('reason').notNullable().defaultTo('')
    t.text('note').notNullable().defaultTo('')
    t.integer('evidence_file_id').references('files.id').onDelete('SET NULL')
    t.integer('created_by').references('users.id').onDelete('SET NULL')
    t.index(['deposit_id'])
  })
  await knex.raw(`ALTER TABLE tenant_project_deposit_deductions
    ADD CONSTRAINT tenant_project_deposit_deductions_kind CHECK (kind IN ('DAMAGE', 'DEBRIS_REMOVAL', 'TEMPORARY_POWER', 'LATE_DOCUMENTS', 'OTHER')),
    ADD CONSTRAINT tenant_project_deposit_deductions_amount CHECK (amount_cents > 0),
    ADD CONSTRAINT tenant_project_deposit_deductions_other_note CHECK (kind <> 'OTHER' OR btrim(note) <> '')`)
  // Σ deductions ≤ deposit, whoever writes: the deposit row is locked first, so two concurrent
  // deductions (or a deduction and a lower deposit) are checked one after the other.
  await knex.raw(`
    CREATE FUNCTION tenant_project_deductions_within_deposit() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      deposit bigint;
      deducted bigint;
      target integer;
    BEGIN
      IF TG_TABLE_NAME = 'tenant_project_deposits' THEN
        target := NEW.id;
      ELSE
        target := NEW.deposit_id;
      END IF;
      SELECT amount_cents INTO deposit FROM tenant_project_deposits WHERE id = target FOR UPDATE;
      SELECT coalesce(sum(amount_cents), 0) INTO deducted FROM tenant_project_deposit_deductions WHERE deposit_id = target;
      IF deducted > coalesce(deposit, 0) THEN
        RAISE EXCEPTION 'deductions % exceed the deposit %', deducted, coalesce(deposit, 0) USING ERRCODE = 'check_violation', CONSTRAINT = 'tenant_project_deductions_within_deposit';
      END IF;
      RETURN NULL;
    END $$`)
  await knex.raw(`CREATE CONSTRAINT TRIGGER tenant_project_deductions_within_deposit AFTER INSERT OR UPDATE ON tenant_project_deposit_deductions
    FOR EACH ROW EXECUTE FUNCTION tenant_project_deductions_within_deposit()`)
  await knex.raw(`CREATE CONSTRAINT TRIGGER tenant_project_deposit_covers_deductions AFTER UPDATE OF amount_cents ON tenant_project_deposits
    FOR EACH ROW EXECUTE FUNCTION tenant_project_deductions_within_deposit()`)

  await knex.schema.createTable('tenant_project_refunds', (t) => {
    projectPart(knex, t)
    t.unique(['project_id'])
    t.string('status', 24).notNullable().defaultTo('REQUESTED')
    t.bigInteger('amount_cents').notNullable()
    t.string('currency', 3).notNullable().defaultTo('USD')
    t.string('payee_type', 20).notNullable().defaultTo('CREDIT_TO')
    t.string('credit_to', 200).notNullable().defaultTo('')
    t.string('payee_name', 200).notNullable().defaultTo('')
    t.text('payee_address').notNullable().defaultTo('')
    t.text('reason').notNullable().defaultTo('')
    t.integer('requested_by').references('users.id').onDelete('SET NULL')
    t.integer('confirmed_by').references('users.id').onDelete('SET NULL')
    t.timestamp('confirmed_at', { useTz: true })
  })
  await knex.raw(`ALTER TABLE tenant_project_refunds
    ADD CONSTRAINT tenant_project_refunds_status CHECK (status IN ('REQUESTED', 'PM_NOTIFIED', 'ACCOUNTING_NOTIFIED', 'RESUMED', 'CONFIRMED')),
    ADD CONSTRAINT tenant_project_refunds_payee_type CHECK (payee_type IN ('CREDIT_TO', 'DIRECT', 'OTHER')),
    ADD CONSTRAINT tenant_project_refunds_amount CHECK (amount_cents >= 0),
    ADD CONSTRAINT tenant_project_refunds_confirmed CHECK ((status = 'CONFIRMED') = (confirmed_at IS NOT NULL))`)

  await knex.schema.createTable('tenant_project_management_fees', (t) => {
    projectPart(knex, t)
    t.unique(['project_id'])
    t.bigInteger('amount_cents').notNullable()
    t.string('currency', 3).notNullable().defaultTo('USD')
    t.string('debit_note', 60).notNullable().defaultTo('')
    t.string('account_code', 60).notNullable().defaultTo('')
    t.specificType('supporting_file_ids', 'integer[]').notNullable().defaultTo('{}')
    t.timestamp('accounting_notified_at', { useTz: true })
    t.integer('updated_by').references('users.id').onDelete('SET NULL')
  })
  await knex.raw('ALTER TABLE tenant_project_management_fees ADD CONSTRAINT tenant_project_management_fees_amount CHECK (amount_cents >= 0)')

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
  await knex.schema.dropTableIfExists('tenant_project_management_fees')
  await knex.schema.dropTableIfExists('tenant_project_refunds')
  await knex.schema.dropTableIfExists('tenant_project_deposit_deductions')
  await knex.raw('DROP TRIGGER IF EXISTS tenant_project_deposit_covers_deductions ON tenant_project_deposits')
  await knex.raw('DROP FUNCTION IF EXISTS tenant_project_deductions_within_deposit()')
  await knex.schema.dropTableIfExists('tenant_project_deposits')
}
