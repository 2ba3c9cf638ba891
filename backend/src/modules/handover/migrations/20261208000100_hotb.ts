import type { Knex } from 'knex'

/*
 * Handover/takeback (spec hotb §3): the records (`hotb`), the buildings' versioned schedule
 * templates, and each record's condition schedule and key schedule lines. A line keeps a copy of
 * what of its record the `hotb` rules ask (region, tenancy, PIC, status; a key line the type too),
 * kept by triggers, so the record's own CASL rules decide on the line alone. The tenancy's company
 * and trade names are kept on the record for the lists, and follow the tenancy when it is renamed.
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('building_handover_templates', (t) => {
    t.increments('id')
    t.string('region', 16).notNullable().references('regions.code')
    t.integer('building_id').notNullable().references('buildings.id')
    t.integer('version').notNullable()
    t.jsonb('items').notNullable().defaultTo('[]')
    t.jsonb('keys').notNullable().defaultTo('[]')
    t.integer('created_by').references('users.id')
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.unique(['building_id', 'version'])
  })

  await knex.schema.createTable('hotb', (t) => {
    t.increments('id')
    t.string('region', 16).notNullable().references('regions.code')
    t.integer('tenancy_id').notNullable().references('tenancies.id')
    t.string('type', 16).notNullable()
    t.string('premise_building_type', 16).notNullable().defaultTo('asIs')
    t.string('name', 200).notNullable()
    t.string('status', 16).notNullable().defaultTo('DRAFT')
    t.text('status_reason')
    t.integer('building_id').references('buildings.id')
    t.integer('site_id').references('sites.id')
    t.string('company_name')
    t.string('trade_name')
    t.specificType('premises', 'text[]').notNullable().defaultTo('{}')
    t.timestamp('scheduled_at', { useTz: true })
    t.date('actual_date')
    t.text('remark_to_tenant')
    t.text('special_remark')
    t.text('am_remark')
    t.integer('created_by').references('users.id')
    t.integer('managed_by').references('users.id')
    t.integer('approver_id').references('users.id')
    t.string('tenant_contact_name', 200)
    t.string('tenant_contact_phone', 64)
    t.string('tenant_contact_email', 254)
    t.string('company_contact_name', 200)
    t.string('company_contact_phone', 64)
    t.string('company_contact_email', 254)
    t.specificType('additional_emails', 'text[]').notNullable().defaultTo('{}')
    t.integer('template_id').references('building_handover_templates.id')
    t.integer('template_version')
    t.integer('source_hotb_id').references('hotb.id')
    t.timestamp('submitted_at', { useTz: true })
    t.timestamp('approved_at', { useTz: true })
    t.timestamp('arranged_at', { useTz: true })
    t.timestamp('completed_at', { useTz: true })
    t.timestamp('closed_at', { useTz: true })
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['region', 'updated_at'])
    t.index(['tenancy_id', 'type', 'status'])
    t.index(['region', 'scheduled_at'])
  })
  await knex.raw(`ALTER TABLE hotb
    ADD CONSTRAINT hotb_type CHECK (type IN ('HANDOVER', 'TAKEBACK')),
    ADD CONSTRAINT hotb_premise_building_type CHECK (premise_building_type IN ('asIs', 'bareShell', 'others')),
    ADD CONSTRAINT hotb_status CHECK (status IN ('DRAFT', 'WAPPR', 'APPR', 'REJECTED', 'SCHEDULED', 'UNSIGNED', 'COMPLETED', 'CANCELLED')),
    ADD CONSTRAINT hotb_name CHECK (length(btrim(name)) > 0)`)
  // The global search and the list's filters find records by a fragment of these names.
  for (const column of ['name', 'company_name', 'trade_name']) await knex.raw(`CREATE INDEX hotb_${column}_trgm ON hotb USING gin (${column} gin_trgm_ops)`)

  await knex.schema.createTable('hotb_schedule_items', (t) => {
    t.increments('id')
    t.integer('hotb_id').notNullable().references('hotb.id').onDelete('CASCADE')
    t.string('region', 16).notNullable()
    t.integer('tenancy_id').notNullable()
    t.integer('managed_by')
    t.string('status', 16).notNullable()
    t.string('section', 32).notNullable()
    t.integer('position').notNullable().defaultTo(0)
    t.text('item').notNullable()
    t.string('condition', 200)
    t.text('remarks')
    t.string('handover_condition', 200)
    t.text('handover_remarks')
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['hotb_id', 'section', 'position'])
  })
  await knex.raw(`ALTER TABLE hotb_schedule_items ADD CONSTRAINT hotb_schedule_items_section CHECK (section IN (
    'ceilingLighting', 'floor', 'walls', 'entranceDoor', 'airConditioning', 'fireServices', 'windows', 'utilities',
    'underfloorDucting', 'centralAntenna', 'shopfront', 'otherItems', 'disclaimer'))`)

  await knex.schema.createTable('hotb_keys', (t) => {
    t.increments('id')
    t.integer('hotb_id').notNullable().references('hotb.id').onDelete('CASCADE')
    t.string('region', 16).notNullable()
    t.integer('tenancy_id').notNullable()
    t.integer('managed_by')
    t.string('status', 16).notNullable()
    t.string('hotb_type', 16).notNullable()
    t.integer('position').notNullable().defaultTo(0)
    t.string('item', 200).notNullable()
    t.integer('keys').notNullable().defaultTo(0)
    t.integer('keys_handed_over').notNullable().defaultTo(0)
    t.integer('access_cards').notNullable().defaultTo(0)
    t.string('outcome', 16)
    t.integer('charge_cents')
    t.text('waiver_reason')
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['hotb_id', 'position'])
  })
  await knex.raw(`ALTER TABLE hotb_keys
    ADD CONSTRAINT hotb_keys_outcome CHECK (outcome IS NULL OR outcome IN ('RETURNED', 'LOST', 'WAIVED')),
    ADD CONSTRAINT hotb_keys_counts CHECK (keys >= 0 AND keys_handed_over >= 0 AND access_cards >= 0 AND (charge_cents IS NULL OR charge_cents >= 0))`)

  // A line takes its record's copies when written, whatever the writer gave.
  for (const [table, extra] of [
    ['hotb_schedule_items', ''],
    ['hotb_keys', 'NEW.hotb_type := parent.type;']
  ]) {
    await knex.raw(`
      CREATE FUNCTION ${table}_copies() RETURNS trigger AS $$
      DECLARE parent hotb%ROWTYPE;
      BEGIN
        SELECT * INTO parent FROM hotb WHERE id = NEW.hotb_id;
        NEW.region := parent.region;
        NEW.tenancy_id := parent.tenancy_id;
        NEW.managed_by := parent.managed_by;
        NEW.status := parent.status;
        ${extra}
        RETURN NEW;
      END $$ LANGUAGE plpgsql`)
    await knex.raw(`CREATE TRIGGER ${table}_copies BEFORE INSERT OR UPDATE OF hotb_id ON ${table} FOR EACH ROW EXECUTE FUNCTION ${table}_copies()`)
  }
  // The record's copies follow it (its PIC, status, tenancy, region, type); the lines' versions stay.
  await knex.raw(`
    CREATE FUNCTION hotb_lines_follow() RETURNS trigger AS $$
    BEGIN
      UPDATE hotb_schedule_items SET region = NEW.region, tenancy_id = NEW.tenancy_id, managed_by = NEW.managed_by, status = NEW.status WHERE hotb_id = NEW.id;
      UPDATE hotb_keys SET region = NEW.region, tenancy_id = NEW.tenancy_id, managed_by = NEW.managed_by, status = NEW.status, hotb_type = NEW.type WHERE hotb_id = NEW.id;
      RETURN NEW;
    END $$ LANGUAGE plpgsql`)
  await knex.raw(`CREATE TRIGGER hotb_lines_follow AFTER UPDATE OF region, tenancy_id, managed_by, status, type ON hotb
    FOR EACH ROW WHEN (OLD.region IS DISTINCT FROM NEW.region OR OLD.tenancy_id IS DISTINCT FROM NEW.tenancy_id OR OLD.managed_by IS DISTINCT FROM NEW.managed_by
      OR OLD.status IS DISTINCT FROM NEW.status OR OLD.type IS DISTINCT FROM NEW.type)
    EXECUTE FUNCTION hotb_lines_follow()`)
  // The tenancy's names and building follow it onto its records.
  await knex.raw(`
    CREATE FUNCTION hotb_follow_tenancy() RETURNS trigger AS $$
    BEGIN
      UPDATE hotb SET company_name = NEW.company_name, trade_name = NEW.trade_name WHERE tenancy_id = NEW.id;
      RETURN NEW;
    END $$ LANGUAGE plpgsql`)
  await knex.raw(`CREATE TRIGGER hotb_follow_tenancy AFTER UPDATE OF company_name, trade_name ON tenancies
    FOR EACH ROW WHEN (OLD.company_name IS DISTINCT FROM NEW.company_name OR OLD.trade_name IS DISTINCT FROM NEW.trade_name)
    EXECUTE FUNCTION hotb_follow_tenancy()`)
}

export async function down(knex: Knex) {
  await knex.raw('DROP TRIGGER IF EXISTS hotb_follow_tenancy ON tenancies')
  await knex.raw('DROP FUNCTION IF EXISTS hotb_follow_tenancy()')
  await knex.schema.dropTable('hotb_keys')
  await knex.schema.dropTable('hotb_schedule_items')
  await knex.raw('DROP FUNCTION IF EXISTS hotb_lines_follow()')
  await knex.raw('DROP FUNCTION IF EXISTS hotb_keys_copies()')
  await knex.raw('DROP FUNCTION IF EXISTS hotb_schedule_items_copies()')
  await knex.schema.dropTable('hotb')
  await knex.schema.dropTable('building_handover_templates')
}
