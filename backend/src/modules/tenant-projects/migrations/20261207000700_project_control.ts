import type { Knex } from 'knex'

/*
 * The project control's records that other parts of it read (issue 30; spec §3 "Inspection",
 * "Final document", §4 "Final documents: exemption cannot be removed once set; completion triggers
 * deposit refund"; §5 "A final post-fitout cannot start without a final inspection record"):
 * - `tenant_project_inspections`: interim or final inspections of a project; the tenant reads one
 *   once it is sent (`sent_at`, shown as Inspected) or marked tenant-viewable;
 * - `tenant_project_final_documents`: a project's final documents record and its history: one
 *   current row per project (not HISTORICAL: the partial unique index), an exemption that stays;
 * - `tenant_projects.insured_from/insured_until`: the insurance period (the work permits read it).
 * Both keep their project's readers (`tenancy_id`, `account_user_ids`, `region`) by the triggers of
 * migration 20261207000300, so the project's own CASL rules decide on the row.
 */

const parts = ['tenant_project_inspections', 'tenant_project_final_documents'] as const
const allParts = ['tenant_project_accounts', 'tenant_project_contractors', 'tenant_submissions', 'tenant_submission_files', 'tenant_submission_comments', 'tenant_submission_actions', ...parts]

export async function up(knex: Knex) {
  await knex.schema.alterTable('tenant_projects', (t) => {
    t.date('insured_from')
    t.date('insured_until')
  })
  await knex.schema.createTable('tenant_project_inspections', (t) => {
    t.increments('id')
    t.string('region', 16).notNullable().references('regions.code')
    t.integer('project_id').notNullable().references('tenant_projects.id').onDelete('CASCADE')
    t.integer('tenancy_id').notNullable()
    t.specificType('account_user_ids', 'integer[]').notNullable().defaultTo('{}')
    t.string('type', 8).notNullable()
    t.text('items_inspected').notNullable().defaultTo('')
    t.timestamp('inspected_at', { useTz: true }).notNullable()
    t.string('inspected_by', 200).notNullable().defaultTo('')
    t.text('description').notNullable().defaultTo('')
    t.text('remarks').notNullable().defaultTo('')
    t.boolean('follow_up_required').notNullable().defaultTo(false)
    t.boolean('tenant_viewable').notNullable().defaultTo(false)
    t.timestamp('sent_at', { useTz: true })
    t.integer('created_by').references('users.id').onDelete('SET NULL')
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['project_id', 'type'])
  })
  await knex.raw("ALTER TABLE tenant_project_inspections ADD CONSTRAINT tenant_project_inspections_type CHECK (type IN ('INTERIM', 'FINAL'))")

  await knex.schema.createTable('tenant_project_final_documents', (t) => {
    t.increments('id')
    t.string('region', 16).notNullable().references('regions.code')
    t.integer('project_id').notNullable().references('tenant_projects.id').onDelete('CASCADE')
    t.integer('tenancy_id').notNullable()
    t.specificType('account_user_ids', 'integer[]').notNullable().defaultTo('{}')
    t.string('status', 16).notNullable().defaultTo('DRAFT')
    t.boolean('is_exempted').notNullable().defaultTo(false)
    t.timestamp('completed_at', { useTz: true })
    t.timestamp('reminded_at', { useTz: true })
    t.integer('updated_by').references('users.id').onDelete('SET NULL')
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
  })
  await knex.raw(`ALTER TABLE tenant_project_final_documents
    ADD CONSTRAINT tenant_project_final_documents_status CHECK (status IN ('DRAFT', 'EXEMPTED', 'COMPLETED', 'HISTORICAL', 'SEND_REMINDER')),
    ADD CONSTRAINT tenant_project_final_documents_exempted CHECK (status <> 'EXEMPTED' OR is_exempted)`)
  await knex.raw("CREATE UNIQUE INDEX tenant_project_final_documents_current ON tenant_project_final_documents (project_id) WHERE status <> 'HISTORICAL'")
  // Spec §4 "exemption cannot be removed once set": the database refuses it, whoever writes.
  await knex.raw(`
    CREATE FUNCTION tenant_project_final_documents_keep_exemption() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF OLD.is_exempted AND NOT NEW.is_exempted THEN
        RAISE EXCEPTION 'a final documents exemption cannot be removed' USING ERRCODE = 'check_violation', CONSTRAINT = 'tenant_project_final_documents_keep_exemption';
      END IF;
      RETURN NEW;
    END $$`)
  await knex.raw(`CREATE TRIGGER tenant_project_final_documents_keep_exemption BEFORE UPDATE OF is_exempted ON tenant_project_final_documents
    FOR EACH ROW EXECUTE FUNCTION tenant_project_final_documents_keep_exemption()`)

  for (const table of parts) {
    await knex.raw(`CREATE TRIGGER ${table}_project_copy BEFORE INSERT OR UPDATE OF project_id ON ${table} FOR EACH ROW EXECUTE FUNCTION tenant_project_part_copy()`)
  }
  await followParts(knex, allParts)
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
  await followParts(knex, allParts.slice(0, -parts.length))
  await knex.schema.dropTableIfExists('tenant_project_final_documents')
  await knex.raw('DROP FUNCTION IF EXISTS tenant_project_final_documents_keep_exemption()')
  await knex.schema.dropTableIfExists('tenant_project_inspections')
  await knex.schema.alterTable('tenant_projects', (t) => {
    t.dropColumn('insured_from')
    t.dropColumn('insured_until')
  })
}
