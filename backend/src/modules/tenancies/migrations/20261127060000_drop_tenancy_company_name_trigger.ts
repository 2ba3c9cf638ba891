import type { Knex } from 'knex'

/*
 * Every writer of a tenancy now gives its company name (the tenancy service, the factories and,
 * since this change, the platform's demo seed), so the trigger that filled it in for the demo's
 * insert goes: a tenancy without its own company name is refused (NOT NULL) instead of silently
 * showing whatever its company is called at that moment.
 */
export async function up(knex: Knex) {
  await knex.raw('DROP TRIGGER IF EXISTS tenancies_company_name ON tenancies')
  await knex.raw('DROP FUNCTION IF EXISTS tenancies_company_name()')
}

export async function down(knex: Knex) {
  await knex.raw(`
    CREATE FUNCTION tenancies_company_name() RETURNS trigger AS $$
    BEGIN
      IF NEW.company_name IS NULL THEN
        SELECT name INTO NEW.company_name FROM companies WHERE id = NEW.company_id;
      END IF;
      RETURN NEW;
    END $$ LANGUAGE plpgsql`)
  await knex.raw('CREATE TRIGGER tenancies_company_name BEFORE INSERT ON tenancies FOR EACH ROW EXECUTE FUNCTION tenancies_company_name()')
}
