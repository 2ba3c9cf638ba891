import type { Knex } from 'knex'

/*
 * A project's parts (its contractors, document folders, schedule lines and change orders) are read by whoever
 * reads their project (projects.access.ts): staff by its person in charge and its site's
 * departments, vendors by its company, its status and its MAIN contractor's primary contact.
 * Their access contracts (kit/access.ts) decide on the stored row alone, so each part keeps a copy
 * of what of its project those rules ask, `project_readers`: { companyId, managedBy, status,
 * siteOpen (a department of the site lists nobody), siteUserIds (the users its departments list),
 * mainUserIds (the MAIN contractors' primary contacts) }. Set as a part is written, kept by
 * triggers on the projects, the departments and the MAIN contractors; backfilled here.
 */

const parts = ['project_contractors', 'project_folders', 'project_schedule_lines', 'project_change_orders'] as const

export async function up(knex: Knex) {
  for (const table of parts) {
    await knex.schema.alterTable(table, (t) => {
      t.jsonb('project_readers').notNullable().defaultTo('{}')
    })
  }
  await knex.raw(`
    CREATE FUNCTION project_readers_of(project varchar) RETURNS jsonb LANGUAGE sql STABLE AS $$
      SELECT jsonb_build_object(
        'companyId', p.company_id,
        'managedBy', p.managed_by,
        'status', p.status,
        'siteOpen', EXISTS (SELECT 1 FROM departments d WHERE d.region = p.region AND p.site_id = ANY (d.site_ids) AND cardinality(d.user_ids) = 0),
        'siteUserIds', COALESCE((SELECT jsonb_agg(DISTINCT u) FROM departments d, unnest(d.user_ids) AS u WHERE d.region = p.region AND p.site_id = ANY (d.site_ids)), '[]'::jsonb),
        'mainUserIds', COALESCE((SELECT jsonb_agg(DISTINCT c.primary_contact_user_id) FROM project_contractors c
          WHERE c.project_id = p.id AND c.contractor_type = 'MAIN' AND c.primary_contact_user_id IS NOT NULL), '[]'::jsonb))
      FROM projects p WHERE p.id = project
    $$`)
  const refresh = (where: string) => parts.map((table) => `UPDATE ${table} SET project_readers = project_readers_of(project_id) WHERE ${where};`).join('\n        ')
  // A part takes its copy as it is written.
  await knex.raw(`
    CREATE FUNCTION project_part_copy() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.project_readers := project_readers_of(NEW.project_id);
      RETURN NEW;
    END $$`)
  for (const table of parts) {
    await knex.raw(`CREATE TRIGGER ${table}_project_copy BEFORE INSERT OR UPDATE OF project_id ON ${table} FOR EACH ROW EXECUTE FUNCTION project_part_copy()`)
  }
  // A change of the project, of its site's departments or of its MAIN contractor changes the copies of its parts. Only the copy
  // is written: no trigger here fires again on it, and the parts' updated_at stays (no 410 for their editors).
  await knex.raw(`
    CREATE FUNCTION project_part_readers() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      changed varchar[];
    BEGIN
      IF TG_TABLE_NAME = 'departments' THEN
        ${refresh('project_readers IS DISTINCT FROM project_readers_of(project_id)')}
        RETURN NULL;
      END IF;
      IF TG_TABLE_NAME = 'projects' THEN
        changed := ARRAY[NEW.id];
      ELSIF TG_OP = 'INSERT' THEN
        IF NEW.contractor_type <> 'MAIN' THEN RETURN NULL; END IF;
        changed := ARRAY[NEW.project_id];
      ELSIF TG_OP = 'DELETE' THEN
        IF OLD.contractor_type <> 'MAIN' THEN RETURN NULL; END IF;
        changed := ARRAY[OLD.project_id];
      ELSE
        IF OLD.contractor_type <> 'MAIN' AND NEW.contractor_type <> 'MAIN' THEN RETURN NULL; END IF;
        changed := ARRAY[NEW.project_id, OLD.project_id];
      END IF;
      ${refresh('project_id = ANY (changed)')}
      RETURN NULL;
    END $$`)
  await knex.raw(`
    CREATE TRIGGER project_contractors_project_readers AFTER INSERT OR UPDATE OF project_id, contractor_type, primary_contact_user_id OR DELETE ON project_contractors
    FOR EACH ROW EXECUTE FUNCTION project_part_readers()`)
  await knex.raw(`
    CREATE TRIGGER projects_part_readers AFTER UPDATE OF company_id, managed_by, status, site_id, region ON projects
    FOR EACH ROW WHEN (OLD.company_id IS DISTINCT FROM NEW.company_id OR OLD.managed_by IS DISTINCT FROM NEW.managed_by OR OLD.status IS DISTINCT FROM NEW.status
      OR OLD.site_id IS DISTINCT FROM NEW.site_id OR OLD.region IS DISTINCT FROM NEW.region)
    EXECUTE FUNCTION project_part_readers()`)
  // Departments change seldom (an administrator's edit): every part whose copy differs is brought up to date.
  await knex.raw('CREATE TRIGGER departments_project_part_readers AFTER INSERT OR UPDATE OR DELETE ON departments FOR EACH STATEMENT EXECUTE FUNCTION project_part_readers()')
  // An approved change order stays final in all it says; its copy of who reads its project follows the project like any part's.
  await knex.raw(`
    CREATE OR REPLACE FUNCTION project_change_orders_approved_final() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF OLD.status = 'APPROVED' AND (to_jsonb(NEW) - 'project_readers') IS DISTINCT FROM (to_jsonb(OLD) - 'project_readers') THEN
        RAISE EXCEPTION 'an approved change order is final' USING ERRCODE = 'check_violation', CONSTRAINT = 'project_change_orders_approved_final';
      END IF;
      RETURN NEW;
    END $$`)
  for (const table of parts) await knex.raw(`UPDATE ${table} SET project_readers = project_readers_of(project_id)`)
}

export async function down(knex: Knex) {
  await knex.raw('DROP TRIGGER IF EXISTS departments_project_part_readers ON departments')
  await knex.raw('DROP TRIGGER IF EXISTS projects_part_readers ON projects')
  await knex.raw('DROP TRIGGER IF EXISTS project_contractors_project_readers ON project_contractors')
  for (const table of parts) await knex.raw(`DROP TRIGGER IF EXISTS ${table}_project_copy ON ${table}`)
  await knex.raw('DROP FUNCTION IF EXISTS project_part_readers()')
  await knex.raw('DROP FUNCTION IF EXISTS project_part_copy()')
  await knex.raw('DROP FUNCTION IF EXISTS project_readers_of(varchar)')
  await knex.raw(`
    CREATE OR REPLACE FUNCTION project_change_orders_approved_final() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF OLD.status = 'APPROVED' THEN
        RAISE EXCEPTION 'an approved change order is final' USING ERRCODE = 'check_violation', CONSTRAINT = 'project_change_orders_approved_final';
      END IF;
      RETURN NEW;
    END $$`)
  for (const table of parts) {
    await knex.schema.alterTable(table, (t) => {
      t.dropColumn('project_readers')
    })
  }
}
