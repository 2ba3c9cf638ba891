import type { Knex } from 'knex'

/*
 * A tenancy's parts (its moves, green operation records and contact links) are read by whoever
 * reads their tenancy: staff by their `tenancies` rule ("own" = the tenancy's `managedBy`), a
 * tenant master account also by the tenancy's company. Their access contracts (kit/access.ts)
 * decide on the stored row alone, so each part keeps a copy of those two columns of its tenancy:
 * set from the tenancy on insert (and when a part changes tenancy), and copied to every part when
 * the tenancy's manager or company changes. Backfilled here.
 */

const parts = ['tenancy_moves', 'green_operations', 'tenancy_contacts'] as const

export async function up(knex: Knex) {
  for (const table of parts) {
    await knex.schema.alterTable(table, (t) => {
      t.integer('tenancy_managed_by').nullable()
      t.integer('tenancy_company_id').nullable()
    })
    await knex.raw(`UPDATE ${table} AS part SET tenancy_managed_by = tenancies.managed_by, tenancy_company_id = tenancies.company_id FROM tenancies WHERE tenancies.id = part.tenancy_id`)
  }
  await knex.raw(`
    CREATE FUNCTION tenancy_part_readers() RETURNS trigger AS $$
    BEGIN
      SELECT managed_by, company_id INTO NEW.tenancy_managed_by, NEW.tenancy_company_id FROM tenancies WHERE id = NEW.tenancy_id;
      RETURN NEW;
    END $$ LANGUAGE plpgsql`)
  for (const table of parts) {
    await knex.raw(`CREATE TRIGGER ${table}_readers BEFORE INSERT OR UPDATE OF tenancy_id, tenancy_managed_by, tenancy_company_id ON ${table} FOR EACH ROW EXECUTE FUNCTION tenancy_part_readers()`)
  }
  // Only a change of the two columns touches the parts: the parts' own updated_at is left as it was (no 410 for their editors).
  await knex.raw(`
    CREATE FUNCTION tenancy_readers_to_parts() RETURNS trigger AS $$
    BEGIN
      ${parts.map((table) => `UPDATE ${table} SET tenancy_managed_by = NEW.managed_by, tenancy_company_id = NEW.company_id WHERE tenancy_id = NEW.id;`).join('\n      ')}
      RETURN NEW;
    END $$ LANGUAGE plpgsql`)
  await knex.raw(`
    CREATE TRIGGER tenancies_readers_to_parts AFTER UPDATE OF managed_by, company_id ON tenancies
    FOR EACH ROW WHEN (OLD.managed_by IS DISTINCT FROM NEW.managed_by OR OLD.company_id IS DISTINCT FROM NEW.company_id)
    EXECUTE FUNCTION tenancy_readers_to_parts()`)
}

export async function down(knex: Knex) {
  await knex.raw('DROP TRIGGER IF EXISTS tenancies_readers_to_parts ON tenancies')
  await knex.raw('DROP FUNCTION IF EXISTS tenancy_readers_to_parts()')
  for (const table of parts) {
    await knex.raw(`DROP TRIGGER IF EXISTS ${table}_readers ON ${table}`)
    await knex.schema.alterTable(table, (t) => {
      t.dropColumn('tenancy_managed_by')
      t.dropColumn('tenancy_company_id')
    })
  }
  await knex.raw('DROP FUNCTION IF EXISTS tenancy_part_readers()')
}
