import type { Knex } from 'knex'

/*
 * Photos of a record's condition schedule items (spec hotb §3, issue 31 §4). The picture itself is
 * a stored file (`files`, owner `hotb-schedule-items`/item id, with its size, type and SHA-256);
 * the photo row adds what a condition record needs: when it was taken (EXIF when the file has it),
 * who uploaded it and when, and the file's SHA-256 copied here so a sealed document can name it
 * without reading the file. Like the record's other lines, a photo keeps copies of what of its
 * record the `hotb` rules ask (region, tenancy, PIC, status), kept by triggers.
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('hotb_photos', (t) => {
    t.increments('id')
    t.integer('hotb_id').notNullable().references('hotb.id').onDelete('CASCADE')
    t.integer('schedule_item_id').notNullable().references('hotb_schedule_items.id').onDelete('CASCADE')
    t.integer('file_id').notNullable().unique().references('files.id')
    t.string('region', 16).notNullable()
    t.integer('tenancy_id').notNullable()
    t.integer('managed_by')
    t.string('status', 16).notNullable()
    t.string('sha256', 64).notNullable()
    t.text('caption')
    t.timestamp('captured_at', { useTz: true })
    t.integer('uploaded_by').references('users.id')
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['hotb_id', 'schedule_item_id'])
  })
  await knex.raw(`ALTER TABLE hotb_photos ADD CONSTRAINT hotb_photos_sha256 CHECK (sha256 ~ '^[0-9a-f]{64}$')`)
  // A photo's record is its item's record, whatever the writer gave.
  await knex.raw(`
    CREATE FUNCTION hotb_photos_copies() RETURNS trigger AS $$
    DECLARE parent hotb%ROWTYPE;
    BEGIN
      SELECT hotb.* INTO parent FROM hotb JOIN hotb_schedule_items item ON item.hotb_id = hotb.id WHERE item.id = NEW.schedule_item_id;
      NEW.hotb_id := parent.id;
      NEW.region := parent.region;
      NEW.tenancy_id := parent.tenancy_id;
      NEW.managed_by := parent.managed_by;
      NEW.status := parent.status;
      RETURN NEW;
    END $$ LANGUAGE plpgsql`)
  await knex.raw(`CREATE TRIGGER hotb_photos_copies BEFORE INSERT OR UPDATE OF schedule_item_id, hotb_id ON hotb_photos FOR EACH ROW EXECUTE FUNCTION hotb_photos_copies()`)
  // The record's copies follow it onto its photos as onto its other lines.
  await knex.raw(`
    CREATE OR REPLACE FUNCTION hotb_lines_follow() RETURNS trigger AS $$
    BEGIN
      UPDATE hotb_schedule_items SET region = NEW.region, tenancy_id = NEW.tenancy_id, managed_by = NEW.managed_by, status = NEW.status WHERE hotb_id = NEW.id;
      UPDATE hotb_keys SET region = NEW.region, tenancy_id = NEW.tenancy_id, managed_by = NEW.managed_by, status = NEW.status, hotb_type = NEW.type WHERE hotb_id = NEW.id;
      UPDATE hotb_photos SET region = NEW.region, tenancy_id = NEW.tenancy_id, managed_by = NEW.managed_by, status = NEW.status WHERE hotb_id = NEW.id;
      RETURN NEW;
    END $$ LANGUAGE plpgsql`)
}

export async function down(knex: Knex) {
  await knex.raw(`
    CREATE OR REPLACE FUNCTION hotb_lines_follow() RETURNS trigger AS $$
    BEGIN
      UPDATE hotb_schedule_items SET region = NEW.region, tenancy_id = NEW.tenancy_id, managed_by = NEW.managed_by, status = NEW.status WHERE hotb_id = NEW.id;
      UPDATE hotb_keys SET region = NEW.region, tenancy_id = NEW.tenancy_id, managed_by = NEW.managed_by, status = NEW.status, hotb_type = NEW.type WHERE hotb_id = NEW.id;
      RETURN NEW;
    END $$ LANGUAGE plpgsql`)
  await knex.schema.dropTable('hotb_photos')
  await knex.raw('DROP FUNCTION IF EXISTS hotb_photos_copies()')
}
