import type { Knex } from 'knex'

/*
 * Signing a handover/takeback in person (issue 31 §7) and its sealed original:
 * - `hotb_signing_sessions`: a one-time link a staff member opens for a party. Only the SHA-256 of
 *   the token is kept; the session is bound to the record's version and content hash as they were
 *   when opened, expires, and is used once.
 * - `hotb_signatures`: what a party signed (the drawn PNG, name, time, method, witness, address,
 *   user agent) and the SHA-256 of the canonical content it signed. One per party and record.
 * - on `hotb`, the sealed PDF (a stored file), the SHA-256 of its bytes and of its content, and
 *   when it was sealed: written once, then refused by a trigger.
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('hotb_signing_sessions', (t) => {
    t.increments('id')
    t.integer('hotb_id').notNullable().references('hotb.id').onDelete('CASCADE')
    t.string('region', 16).notNullable()
    t.string('party', 16).notNullable()
    t.specificType('token_hash', 'char(64)').notNullable().unique()
    t.timestamp('record_version', { useTz: true }).notNullable()
    t.specificType('content_sha256', 'char(64)').notNullable()
    t.integer('opened_by').notNullable().references('users.id')
    t.timestamp('expires_at', { useTz: true }).notNullable()
    t.timestamp('used_at', { useTz: true })
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['hotb_id'])
  })
  await knex.raw(`ALTER TABLE hotb_signing_sessions ADD CONSTRAINT hotb_signing_sessions_party CHECK (party IN ('TENANT', 'LANDLORD'))`)

  await knex.schema.createTable('hotb_signatures', (t) => {
    t.increments('id')
    t.integer('hotb_id').notNullable().references('hotb.id').onDelete('CASCADE')
    t.string('region', 16).notNullable()
    t.integer('session_id').notNullable().references('hotb_signing_sessions.id')
    t.string('party', 16).notNullable()
    t.string('signer_name', 200).notNullable()
    t.binary('image').notNullable()
    t.specificType('image_sha256', 'char(64)').notNullable()
    t.string('method', 32).notNullable().defaultTo('drawn-in-person')
    t.integer('witnessed_by').notNullable().references('users.id')
    t.string('ip', 64)
    t.string('user_agent', 500)
    t.specificType('content_sha256', 'char(64)').notNullable()
    t.timestamp('signed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.unique(['hotb_id', 'party'])
  })
  await knex.raw(`ALTER TABLE hotb_signatures ADD CONSTRAINT hotb_signatures_party CHECK (party IN ('TENANT', 'LANDLORD'))`)

  await knex.schema.alterTable('hotb', (t) => {
    t.integer('sealed_file_id').references('files.id')
    t.specificType('sealed_sha256', 'char(64)')
    t.specificType('sealed_content_sha256', 'char(64)')
    t.timestamp('sealed_at', { useTz: true })
  })
  await knex.raw(`CREATE UNIQUE INDEX hotb_sealed_sha256 ON hotb (sealed_sha256) WHERE sealed_sha256 IS NOT NULL`)
  // A sealed original never changes: its seal is written once.
  await knex.raw(`
    CREATE FUNCTION hotb_seal_immutable() RETURNS trigger AS $$
    BEGIN
      IF OLD.sealed_sha256 IS NOT NULL AND (NEW.sealed_sha256 IS DISTINCT FROM OLD.sealed_sha256 OR NEW.sealed_file_id IS DISTINCT FROM OLD.sealed_file_id
        OR NEW.sealed_content_sha256 IS DISTINCT FROM OLD.sealed_content_sha256 OR NEW.sealed_at IS DISTINCT FROM OLD.sealed_at) THEN
        RAISE EXCEPTION 'hotb % is sealed', OLD.id;
      END IF;
      RETURN NEW;
    END $$ LANGUAGE plpgsql`)
  await knex.raw(`CREATE TRIGGER hotb_seal_immutable BEFORE UPDATE ON hotb FOR EACH ROW EXECUTE FUNCTION hotb_seal_immutable()`)
}

export async function down(knex: Knex) {
  await knex.raw('DROP TRIGGER IF EXISTS hotb_seal_immutable ON hotb')
  await knex.raw('DROP FUNCTION IF EXISTS hotb_seal_immutable()')
  await knex.raw('DROP INDEX IF EXISTS hotb_sealed_sha256')
  await knex.schema.alterTable('hotb', (t) => {
    t.dropColumn('sealed_at')
    t.dropColumn('sealed_content_sha256')
    t.dropColumn('sealed_sha256')
    t.dropColumn('sealed_file_id')
  })
  await knex.schema.dropTable('hotb_signatures')
  await knex.schema.dropTable('hotb_signing_sessions')
}
