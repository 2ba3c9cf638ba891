import type { Knex } from 'knex'

/*
 * A project's contractors are read by whoever reads their project (projects.access.ts): staff by
 * its person in charge and its site's departments, vendors by its status and its MAIN
 * contractor's primary contact. Their access contract (kit/access.ts) decides on the stored row
 * alone, so each contractor keeps a copy of what of its project those rules ask, `project_readers`:
 * { managedBy, status, siteOpen (a department of the site lists nobody), siteUserIds (the users its
 * departments list), mainUserIds (the MAIN contractors' primary contacts) }. Kept by triggers on
 * the projects, the departments and the contractors themselves; backfilled here.
 */

export async function up(knex: Knex) {
  await knex.schema.alterTable('project_contractors', (t) => {
    t.jsonb('project_readers').notNullable().defaultTo('{}')
  })
  await knex.raw(`
    CREATE FUNCTION project_readers_of(project varchar) RETURNS jsonb LANGUAGE sql STABLE AS $$
      SELECT jsonb_build_object(
        'managedBy', p.managed_by,
        'status', p.status,
        'siteOpen', EXISTS (SELECT 1 FROM departments d WHERE d.region = p.region AND p.site_id = ANY (d.site_ids) AND cardinality(d.user_ids) = 0),
        'siteUserIds', COALESCE((SELECT jsonb_agg(DISTINCT u) FROM departments d, unnest(d.user_ids) AS u WHERE d.region = p.region AND p.site_id = ANY (d.site_ids)), '[]'::jsonb),
        'mainUserIds', COALESCE((SELECT jsonb_agg(DISTINCT c.primary_contact_user_id) FROM project_contractors c
          WHERE c.project_id = p.id AND c.contractor_type = 'MAIN' AND c.primary_contact_user_id IS NOT NULL), '[]'::jsonb))
      FROM projects p WHERE p.id = project
    $$`)
  // Only the copy is written: no trigger below fires again on it, and the rows' updated_at stays (no 410 for their editors).
  await knex.raw(`
    CREATE FUNCTION project_contractors_readers() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_TABLE_NAME = 'projects' THEN
        UPDATE project_contractors SET project_readers = project_readers_of(project_id) WHERE project_id = NEW.id;
      ELSIF TG_TABLE_NAME = 'departments' THEN
        UPDATE project_contractors SET project_readers = project_readers_of(project_id) WHERE project_readers IS DISTINCT FROM project_readers_of(project_id);
      ELSE
        UPDATE project_contractors SET project_readers = project_readers_of(project_id)
        WHERE project_id IN (CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE NEW.project_id END, CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE OLD.project_id END);
      END IF;
      RETURN NULL;
    END $$`)
  await knex.raw(`
    CREATE TRIGGER project_contractors_readers AFTER INSERT OR UPDATE OF project_id, contractor_type, primary_contact_user_id OR DELETE ON project_contractors
    FOR EACH ROW EXECUTE FUNCTION project_contractors_readers()`)
  await knex.raw(`
    CREATE TRIGGER projects_contractor_readers AFTER UPDATE OF managed_by, status, site_id, region ON projects
    FOR EACH ROW WHEN (OLD.managed_by IS DISTINCT FROM NEW.managed_by OR OLD.status IS DISTINCT FROM NEW.status OR OLD.site_id IS DISTINCT FROM NEW.site_id OR OLD.region IS DISTINCT FROM NEW.region)
    EXECUTE FUNCTION project_contractors_readers()`)
  // Departments change seldom (an administrator's edit): every contractor whose copy differs is brought up to date.
  await knex.raw('CREATE TRIGGER departments_project_contractor_readers AFTER INSERT OR UPDATE OR DELETE ON departments FOR EACH STATEMENT EXECUTE FUNCTION project_contractors_readers()')
  await knex.raw('UPDATE project_contractors SET project_readers = project_readers_of(project_id)')
}

export async function down(knex: Knex) {
  await knex.raw('DROP TRIGGER IF EXISTS departments_project_contractor_readers ON departments')
  await knex.raw('DROP TRIGGER IF EXISTS projects_contractor_readers ON projects')
  await knex.raw('DROP TRIGGER IF EXISTS project_contractors_readers ON project_contractors')
  await knex.raw('DROP FUNCTION IF EXISTS project_contractors_readers()')
  await knex.raw('DROP FUNCTION IF EXISTS project_readers_of(varchar)')
  await knex.schema.alterTable('project_contractors', (t) => {
    t.dropColumn('project_readers')
  })
}
