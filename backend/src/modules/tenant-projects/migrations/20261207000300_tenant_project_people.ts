import type { Knex } from 'knex'

/*
 * A tenant project's people (spec tenant projects §3 "accounts ... TenantProjectAccount with
 * contactFirstName, contactLastName, phone, altPhone, accessType, isContractorAdmin, invitedAt";
 * "contractors (type, typeDesc, company name, primaryContact userId)"; §5 contractor rows; §6 "Tenant
 * project read: allowed with all-projects access or when the user is one of the project's accounts").
 *
 * - `tenant_project_accounts`: who works on the project, by e-mail, linked to the user once invited.
 *   A CONTRACTOR account with `is_contractor_admin` is the main contractor: at most one per project
 *   (partial unique index).
 * - `tenant_project_contractors`: the project's contractor rows (the tenancy contractor rows' rules).
 * - `tenant_projects.account_user_ids`: the users its accounts are linked to, kept by a trigger, so
 *   that "listed in the project's accounts" is a CASL condition on the project's own column
 *   (`accountUserIds` contains the caller: the module's `listedReaders`), not a join.
 * - `tenant_projects.has_external_systems`: spec §5 "Tenant contractor edit is disabled when the
 *   tenant project has external systems".
 * Both part tables keep a copy of what of their project the read rules ask (`tenancy_id`,
 * `account_user_ids`), kept by triggers as the project parts of capital projects keep
 * `project_readers` (projects migration 20261206170000): their access contracts decide on the row.
 */

const parts = ['tenant_project_accounts', 'tenant_project_contractors'] as const

export async function up(knex: Knex) {
  await knex.schema.alterTable('tenant_projects', (t) => {
    t.specificType('account_user_ids', 'integer[]').notNullable().defaultTo('{}')
    t.boolean('has_external_systems').notNullable().defaultTo(false)
  })
  await knex.raw('CREATE INDEX tenant_projects_account_user_ids ON tenant_projects USING gin (account_user_ids)')

  await knex.schema.createTable('tenant_project_accounts', (t) => {
    t.increments('id')
    t.string('region', 16).notNullable().references('regions.code')
    t.integer('project_id').notNullable().references('tenant_projects.id').onDelete('CASCADE')
    t.integer('tenancy_id').notNullable()
    t.specificType('account_user_ids', 'integer[]').notNullable().defaultTo('{}')
    t.integer('user_id').references('users.id').onDelete('SET NULL')
    t.string('email', 254).notNullable()
    t.string('contact_first_name', 100).notNullable()
    t.string('contact_last_name', 100).notNullable()
    t.string('phone', 32)
    t.string('alt_phone', 32)
    t.string('access_type', 16).notNullable()
    t.boolean('is_contractor_admin').notNullable().defaultTo(false)
    t.timestamp('invited_at', { useTz: true })
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['project_id'])
    t.index(['user_id'])
  })
  await knex.raw(`ALTER TABLE tenant_project_accounts
    ADD CONSTRAINT tenant_project_accounts_access_type CHECK (access_type IN ('TENANT', 'CONTRACTOR')),
    ADD CONSTRAINT tenant_project_accounts_admin_is_contractor CHECK (NOT is_contractor_admin OR access_type = 'CONTRACTOR')`)
  await knex.raw('CREATE UNIQUE INDEX tenant_project_accounts_email_unique ON tenant_project_accounts (project_id, lower(email))')
  // The main contractor: one per project.
  await knex.raw('CREATE UNIQUE INDEX tenant_project_accounts_one_main_contractor ON tenant_project_accounts (project_id) WHERE is_contractor_admin')

  await knex.schema.createTable('tenant_project_contractors', (t) => {
    t.increments('id')
    t.string('region', 16).notNullable().references('regions.code')
    t.integer('project_id').notNullable().references('tenant_projects.id').onDelete('CASCADE')
    t.integer('tenancy_id').notNullable()
    t.specificType('account_user_ids', 'integer[]').notNullable().defaultTo('{}')
    t.string('user_account', 254)
    t.string('first_name', 100).notNullable()
    t.string('last_name', 100).notNullable()
    t.string('contractor_type', 32).notNullable()
    t.string('company_name', 200).notNullable()
    t.string('office_tel', 32)
    t.string('mobile', 32).notNullable()
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['project_id'])
  })
  await knex.raw(`ALTER TABLE tenant_project_contractors
    ADD CONSTRAINT tenant_project_contractors_type CHECK (contractor_type IN ('MAIN', 'AC', 'ELECTRICAL', 'FIRE_SERVICE', 'PLUMBING', 'SECURITY', 'OTHER'))`)

  // A part takes its project's copy as it is written.
  await knex.raw(`
    CREATE FUNCTION tenant_project_part_copy() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      SELECT p.tenancy_id, p.account_user_ids, p.region INTO NEW.tenancy_id, NEW.account_user_ids, NEW.region FROM tenant_projects p WHERE p.id = NEW.project_id;
      RETURN NEW;
    END $$`)
  for (const table of parts) {
    await knex.raw(`CREATE TRIGGER ${table}_project_copy BEFORE INSERT OR UPDATE OF project_id ON ${table} FOR EACH ROW EXECUTE FUNCTION tenant_project_part_copy()`)
  }
  // The project's listed users follow its accounts (only the column is written: its updated_at stays, no 410 for its editors).
  await knex.raw(`
    CREATE FUNCTION tenant_project_listed_users() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      changed integer[];
    BEGIN
      IF TG_OP = 'INSERT' THEN changed := ARRAY[NEW.project_id];
      ELSIF TG_OP = 'DELETE' THEN changed := ARRAY[OLD.project_id];
      ELSE changed := ARRAY[NEW.project_id, OLD.project_id];
      END IF;
      UPDATE tenant_projects p SET account_user_ids = listed.ids
        FROM (SELECT q.id, COALESCE((SELECT array_agg(DISTINCT a.user_id ORDER BY a.user_id) FROM tenant_project_accounts a WHERE a.project_id = q.id AND a.user_id IS NOT NULL), '{}') AS ids
                FROM tenant_projects q WHERE q.id = ANY (changed)) listed
       WHERE p.id = listed.id AND p.account_user_ids IS DISTINCT FROM listed.ids;
      RETURN NULL;
    END $$`)
  await knex.raw(`CREATE TRIGGER tenant_project_accounts_listed_users AFTER INSERT OR UPDATE OF project_id, user_id OR DELETE ON tenant_project_accounts
    FOR EACH ROW EXECUTE FUNCTION tenant_project_listed_users()`)
  // A change of the project's readers (its tenancy, its listed users) changes its parts' copies.
  await knex.raw(`
    CREATE FUNCTION tenant_project_parts_follow() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      ${parts.map((table) => `UPDATE ${table} SET tenancy_id = NEW.tenancy_id, account_user_ids = NEW.account_user_ids, region = NEW.region WHERE project_id = NEW.id;`).join('\n      ')}
      RETURN NULL;
    END $$`)
  await knex.raw(`CREATE TRIGGER tenant_projects_parts_follow AFTER UPDATE OF tenancy_id, account_user_ids, region ON tenant_projects
    FOR EACH ROW WHEN (OLD.tenancy_id IS DISTINCT FROM NEW.tenancy_id OR OLD.account_user_ids IS DISTINCT FROM NEW.account_user_ids OR OLD.region IS DISTINCT FROM NEW.region)
    EXECUTE FUNCTION tenant_project_parts_follow()`)
}

export async function down(knex: Knex) {
  await knex.raw('DROP TRIGGER IF EXISTS tenant_projects_parts_follow ON tenant_projects')
  await knex.raw('DROP FUNCTION IF EXISTS tenant_project_parts_follow()')
  await knex.schema.dropTableIfExists('tenant_project_contractors')
  await knex.schema.dropTableIfExists('tenant_project_accounts')
  await knex.raw('DROP FUNCTION IF EXISTS tenant_project_listed_users()')
  await knex.raw('DROP FUNCTION IF EXISTS tenant_project_part_copy()')
  await knex.schema.alterTable('tenant_projects', (t) => {
    t.dropColumn('account_user_ids')
    t.dropColumn('has_external_systems')
  })
}
