import type { Knex } from 'knex'

/*
 * A tenancy's contacts (spec tenancies §3 "Tenancy contact link"): one row per tenancy and contact
 * with its roles as flags (circular, emergency, others, marketing, main, lease, finance), the
 * primary circular flag and the emergency call orders in and out of office hours. The rules live
 * in the database so no write can break them:
 * - one link per tenancy and contact; at least one role; the primary is a circular contact and a
 *   tenancy has one primary at most;
 * - an emergency contact is one with an order in office hours, out of them, or both; each order
 *   is taken once per tenancy (deferred, so a reorder may pass through a duplicate);
 * - a phone or e-mail of a contact linked as circular, emergency or marketing contact cannot be
 *   deleted (spec §5): the trigger answers with the catalogue's code as the check's name.
 * The tenancy records who confirmed its contacts and when (spec §3 confirmor, confirmedBy, confirmedAt).
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('tenancy_contacts', (t) => {
    t.increments('id')
    t.string('region', 16).notNullable().references('regions.code')
    t.integer('tenancy_id').notNullable().references('tenancies.id').onDelete('CASCADE')
    t.integer('ccd_contact_id').notNullable().references('ccd_contacts.id')
    for (const role of ['is_circular', 'is_emergency', 'is_others', 'is_marketing', 'is_main', 'is_lease', 'is_finance', 'c_primary']) t.boolean(role).notNullable().defaultTo(false)
    t.integer('working_hour_order')
    t.integer('non_working_hour_order')
    t.string('role_type', 16)
    t.string('c_floor', 64)
    t.text('o_remarks')
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.unique(['tenancy_id', 'ccd_contact_id'], { indexName: 'tenancy_contacts_once' })
    t.index(['ccd_contact_id'])
    t.index(['region'])
  })
  await knex.raw(`ALTER TABLE tenancy_contacts
    ADD CONSTRAINT tenancy_contacts_some_role CHECK (is_circular OR is_emergency OR is_others OR is_marketing OR is_main OR is_lease OR is_finance),
    ADD CONSTRAINT tenancy_contacts_primary_is_circular CHECK (NOT c_primary OR is_circular),
    ADD CONSTRAINT tenancy_contacts_emergency_orders CHECK (is_emergency = (working_hour_order IS NOT NULL OR non_working_hour_order IS NOT NULL)),
    ADD CONSTRAINT tenancy_contacts_orders_positive CHECK (coalesce(working_hour_order, 1) > 0 AND coalesce(non_working_hour_order, 1) > 0),
    ADD CONSTRAINT tenancy_contacts_working_order UNIQUE (tenancy_id, working_hour_order) DEFERRABLE INITIALLY DEFERRED,
    ADD CONSTRAINT tenancy_contacts_non_working_order UNIQUE (tenancy_id, non_working_hour_order) DEFERRABLE INITIALLY DEFERRED`)
  await knex.raw('CREATE UNIQUE INDEX tenancy_contacts_one_primary ON tenancy_contacts (tenancy_id) WHERE c_primary')

  await knex.raw(`
    CREATE FUNCTION ccd_contacts_keep_role_channels() RETURNS trigger AS $$
    BEGIN
      IF EXISTS (SELECT 1 FROM tenancy_contacts l WHERE l.ccd_contact_id = OLD.id AND (l.is_circular OR l.is_emergency OR l.is_marketing))
         AND EXISTS (
           SELECT 1 FROM jsonb_array_elements(OLD.channels) o
            WHERE o->>'kind' IN ('PHONE', 'EMAIL')
              AND NOT EXISTS (SELECT 1 FROM jsonb_array_elements(NEW.channels) n WHERE n->>'kind' = o->>'kind' AND n->>'normalized' = o->>'normalized'))
      THEN
        RAISE EXCEPTION 'contact % is an e-circular, emergency or marketing contact', OLD.id USING ERRCODE = '23514', CONSTRAINT = 'CONTACT_ROLE_LINKED', TABLE = 'ccd_contacts';
      END IF;
      RETURN NEW;
    END $$ LANGUAGE plpgsql`)
  await knex.raw('CREATE TRIGGER ccd_contacts_keep_role_channels BEFORE UPDATE OF channels ON ccd_contacts FOR EACH ROW EXECUTE FUNCTION ccd_contacts_keep_role_channels()')

  await knex.schema.alterTable('tenancies', (t) => {
    t.string('confirmor', 255)
    t.integer('confirmed_by').references('users.id')
    t.timestamp('confirmed_at', { useTz: true })
    // When the master accounts were last asked to confirm (the reminder job asks once per period).
    t.timestamp('contacts_reminded_at', { useTz: true })
  })
}

export async function down(knex: Knex) {
  await knex.raw('DROP TRIGGER IF EXISTS ccd_contacts_keep_role_channels ON ccd_contacts')
  await knex.raw('DROP FUNCTION IF EXISTS ccd_contacts_keep_role_channels()')
  await knex.schema.dropTable('tenancy_contacts')
  await knex.schema.alterTable('tenancies', (t) => {
    t.dropColumn('confirmor')
    t.dropColumn('confirmed_by')
    t.dropColumn('confirmed_at')
    t.dropColumn('contacts_reminded_at')
  })
}
