import type { Knex } from 'knex'

/*
 * Tenant projects (spec tenant projects §3 "Tenant project"): a tenancy's fit-out, reinstatement
 * or facade works, with its name, locations and floors, the terms accepted, and its place in the
 * workflow (tenant-project.workflow.ts). The tenancy's company and trade names are kept on the
 * row for the lists' filters and sorting, and follow the tenancy when it is renamed (trigger).
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('tenant_projects', (t) => {
    t.increments('id')
    t.string('region', 16).notNullable().references('regions.code')
    t.integer('tenancy_id').notNullable().references('tenancies.id')
    t.integer('building_id').references('buildings.id')
    t.string('company_name')
    t.string('trade_name')
    t.string('type', 16).notNullable()
    t.string('project_name', 200).notNullable()
    t.specificType('project_location', 'text[]').notNullable().defaultTo('{}')
    t.specificType('floors', 'text[]').notNullable().defaultTo('{}')
    t.boolean('is_accept').notNullable()
    t.string('status', 16).notNullable().defaultTo('DRAFT')
    t.text('status_reason')
    t.integer('created_by').references('users.id')
    t.timestamp('submitted_at', { useTz: true })
    t.timestamp('accepted_at', { useTz: true })
    t.timestamp('completed_at', { useTz: true })
    t.timestamp('closed_at', { useTz: true })
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['region', 'updated_at'])
    t.index(['tenancy_id'])
  })
  await knex.raw(`ALTER TABLE tenant_projects
    ADD CONSTRAINT tenant_projects_type CHECK (type IN ('Fitout', 'Reinstatement', 'Facade')),
    ADD CONSTRAINT tenant_projects_status CHECK (status IN ('DRAFT', 'SUBMITTED', 'IN_PROGRESS', 'COMPLETED', 'WITHDRAWN', 'CANCELLED')),
    ADD CONSTRAINT tenant_projects_terms CHECK (is_accept),
    ADD CONSTRAINT tenant_projects_name CHECK (length(btrim(project_name)) > 0)`)
  // The global search and the list's filters find projects by a fragment of these names.
  for (const column of ['project_name', 'company_name', 'trade_name']) await knex.raw(`CREATE INDEX tenant_projects_${column}_trgm ON tenant_projects USING gin (${column} gin_trgm_ops)`)
  await knex.raw(`
    CREATE FUNCTION tenant_projects_follow_tenancy() RETURNS trigger AS $$
    BEGIN
      UPDATE tenant_projects SET company_name = NEW.company_name, trade_name = NEW.trade_name, building_id = NEW.building_id
       WHERE tenancy_id = NEW.id;
      RETURN NEW;
    END $$ LANGUAGE plpgsql`)
  await knex.raw(`CREATE TRIGGER tenant_projects_follow_tenancy AFTER UPDATE OF company_name, trade_name, building_id ON tenancies
    FOR EACH ROW WHEN (OLD.company_name IS DISTINCT FROM NEW.company_name OR OLD.trade_name IS DISTINCT FROM NEW.trade_name OR OLD.building_id IS DISTINCT FROM NEW.building_id)
    EXECUTE FUNCTION tenant_projects_follow_tenancy()`)
}

export async function down(knex: Knex) {
  await knex.raw('DROP TRIGGER IF EXISTS tenant_projects_follow_tenancy ON tenancies')
  await knex.raw('DROP FUNCTION IF EXISTS tenant_projects_follow_tenancy()')
  await knex.schema.dropTable('tenant_projects')
}
