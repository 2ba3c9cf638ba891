import type { Knex } from 'knex'

export async function up(knex: Knex) {
  await knex.schema.createTable('settings', (t) => {
    t.increments('id')
    // GLOBAL holds the defaults; a regional row overrides it.
    t.string('region', 16).notNullable().references('regions.code')
    t.string('key').notNullable()
    t.jsonb('value').notNullable()
    t.text('description')
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.unique(['region', 'key'])
  })
  await knex.schema.createTable('audit_log', (t) => {
    t.bigIncrements('id')
    t.timestamp('at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.integer('user_id')
    t.string('username')
    t.string('region', 16)
    t.string('action').notNullable()
    t.string('resource').notNullable()
    t.string('record_id')
    t.jsonb('before')
    t.jsonb('after')
    t.index(['region', 'at'])
    t.index(['resource', 'record_id'])
  })
  // Append-only: the database itself refuses to change history.
  await knex.raw(`
    CREATE FUNCTION audit_log_append_only() RETURNS trigger AS $$
    BEGIN RAISE EXCEPTION 'audit_log is append-only'; END $$ LANGUAGE plpgsql;
    CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log
      FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
  `)
  await knex.schema.createTable('edit_locks', (t) => {
    t.string('resource').notNullable()
    t.string('record_id').notNullable()
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE')
    t.string('username').notNullable()
    t.timestamp('expires_at', { useTz: true }).notNullable()
    t.primary(['resource', 'record_id'])
  })
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('edit_locks')
  await knex.raw('DROP TABLE audit_log; DROP FUNCTION audit_log_append_only()')
  await knex.schema.dropTable('settings')
}
