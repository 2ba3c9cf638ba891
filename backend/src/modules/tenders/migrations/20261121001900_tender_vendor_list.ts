import type { Knex } from 'knex'

/*
 * A vendor's tender list reads its invitations, not the tenders: each invitation row carries a
 * copy of its tender's region, status and closing date (kept by triggers), so the page and its
 * total come from one index on (company, region, …) instead of a join over every tender of the
 * region. The copies are named tender_* so that unqualified tender columns stay unambiguous when
 * the list joins the two tables.
 */
export async function up(knex: Knex) {
  await knex.schema.alterTable('tender_vendors', (t) => {
    t.string('tender_region', 16)
    t.string('tender_status', 16)
    t.timestamp('tender_closing_at', { useTz: true })
  })
  await knex.raw(`
    UPDATE tender_vendors v SET tender_region = t.region, tender_status = t.status, tender_closing_at = t.closing_at
    FROM tenders t WHERE t.id = v.tender_id`)
  await knex.raw(`
    CREATE FUNCTION tender_vendors_copy_tender() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      SELECT region, status, closing_at INTO NEW.tender_region, NEW.tender_status, NEW.tender_closing_at
      FROM tenders WHERE id = NEW.tender_id;
      RETURN NEW;
    END $$;
    CREATE TRIGGER tender_vendors_copy_tender BEFORE INSERT OR UPDATE OF tender_id ON tender_vendors
      FOR EACH ROW EXECUTE FUNCTION tender_vendors_copy_tender();

    CREATE FUNCTION tenders_copy_to_vendors() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE tender_vendors SET tender_region = NEW.region, tender_status = NEW.status, tender_closing_at = NEW.closing_at
      WHERE tender_id = NEW.id;
      RETURN NULL;
    END $$;
    CREATE TRIGGER tenders_copy_to_vendors AFTER UPDATE OF region, status, closing_at ON tenders
      FOR EACH ROW WHEN (OLD.region IS DISTINCT FROM NEW.region OR OLD.status IS DISTINCT FROM NEW.status OR OLD.closing_at IS DISTINCT FROM NEW.closing_at)
      EXECUTE FUNCTION tenders_copy_to_vendors();`)
  // Covering indexes: the page walks the first in closing order, the total counts the second,
  // both without visiting the table.
  await knex.raw(`
    CREATE INDEX tender_vendors_list_by_closing ON tender_vendors (company_id, tender_region, tender_closing_at) INCLUDE (tender_status, tender_id);
    CREATE INDEX tender_vendors_list_by_status ON tender_vendors (company_id, tender_region, tender_status) INCLUDE (tender_id);`)
}

export async function down(knex: Knex) {
  await knex.raw(`
    DROP TRIGGER tenders_copy_to_vendors ON tenders; DROP FUNCTION tenders_copy_to_vendors();
    DROP TRIGGER tender_vendors_copy_tender ON tender_vendors; DROP FUNCTION tender_vendors_copy_tender();`)
  await knex.raw('DROP INDEX tender_vendors_list_by_closing; DROP INDEX tender_vendors_list_by_status')
  await knex.schema.alterTable('tender_vendors', (t) => {
    t.dropColumns('tender_region', 'tender_status', 'tender_closing_at')
  })
}
