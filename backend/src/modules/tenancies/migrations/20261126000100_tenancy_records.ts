import type { Knex } from 'knex'

/*
 * The tenancy record of spec tenancies §3 on the platform's `tenancies` table (which accounts
 * already point at): the company name as the tenancy shows it, contact lines, site, marketing
 * type, merged flag, opening hours, remarks and the member of staff in charge. The same company
 * name, trade name, building and type may exist once per region, whatever the case (409).
 */
export async function up(knex: Knex) {
  await knex.schema.alterTable('tenancies', (t) => {
    t.string('company_name')
    t.string('general_line')
    t.string('fax_number')
    t.string('email')
    t.integer('site_id').references('sites.id')
    t.string('marketing_type')
    t.boolean('merged').notNullable().defaultTo(false)
    t.jsonb('opening_hours').notNullable().defaultTo('{}')
    t.text('remarks')
    t.integer('managed_by').references('users.id')
  })
  await knex.raw('UPDATE tenancies SET company_name = companies.name FROM companies WHERE companies.id = tenancies.company_id')
  await knex.raw('ALTER TABLE tenancies ALTER COLUMN company_name SET NOT NULL')
  // A tenancy written without its own company name (the platform's demo, other modules) shows its company's.
  await knex.raw(`
    CREATE FUNCTION tenancies_company_name() RETURNS trigger AS $$
    BEGIN
      IF NEW.company_name IS NULL THEN
        SELECT name INTO NEW.company_name FROM companies WHERE id = NEW.company_id;
      END IF;
      RETURN NEW;
    END $$ LANGUAGE plpgsql`)
  await knex.raw('CREATE TRIGGER tenancies_company_name BEFORE INSERT ON tenancies FOR EACH ROW EXECUTE FUNCTION tenancies_company_name()')
  await knex.raw("CREATE UNIQUE INDEX tenancies_same_record ON tenancies (region, lower(company_name), lower(coalesce(trade_name, '')), coalesce(building_id, 0), type)")
  await knex.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm')
  await knex.raw('CREATE INDEX tenancies_company_name_trgm ON tenancies USING gin (company_name gin_trgm_ops)')
  await knex.raw('CREATE INDEX tenancies_trade_name_trgm ON tenancies USING gin (trade_name gin_trgm_ops)')

  await knex.schema.createTable('tenancy_premises', (t) => {
    t.increments('id')
    t.integer('tenancy_id').notNullable().references('tenancies.id').onDelete('CASCADE')
    t.string('floor', 32).notNullable()
    t.string('zone', 64)
    t.date('effective_date').notNullable()
    t.date('end_date')
    t.string('detail')
    t.index(['tenancy_id'])
    t.index(['floor', 'effective_date'])
  })

  await knex.schema.createTable('leases', (t) => {
    t.increments('id')
    t.string('region', 16).notNullable().references('regions.code')
    t.string('number', 64).notNullable()
    t.string('tenant_no', 64).notNullable()
    t.string('lease_type', 4).notNullable()
    t.string('label', 32)
    t.date('lease_start')
    t.date('lease_end')
    t.string('premises')
    t.string('building_code', 32)
    t.string('trade_name')
    t.boolean('active').notNullable().defaultTo(true)
    t.integer('tenancy_id').references('tenancies.id').onDelete('SET NULL')
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['region', 'tenant_no'])
    t.index(['tenancy_id'])
  })
  await knex.raw('CREATE UNIQUE INDEX leases_number ON leases (region, lower(number))')
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('leases')
  await knex.schema.dropTable('tenancy_premises')
  await knex.raw('DROP TRIGGER IF EXISTS tenancies_company_name ON tenancies')
  await knex.raw('DROP FUNCTION IF EXISTS tenancies_company_name()')
  await knex.raw('DROP INDEX IF EXISTS tenancies_same_record')
  await knex.raw('DROP INDEX IF EXISTS tenancies_company_name_trgm')
  await knex.raw('DROP INDEX IF EXISTS tenancies_trade_name_trgm')
  await knex.schema.alterTable('tenancies', (t) => {
    for (const column of ['company_name', 'general_line', 'fax_number', 'email', 'site_id', 'marketing_type', 'merged', 'opening_hours', 'remarks', 'managed_by']) t.dropColumn(column)
  })
}
