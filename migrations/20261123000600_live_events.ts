import type { Knex } from 'knex'

/*
 * Live events shared between server processes travel by NOTIFY, whose payload must stay under
 * 8000 bytes; a bigger one (a tender with its long texts) is kept here for a minute under an id
 * that the NOTIFY carries instead (backend/src/event-bridge.ts).
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('live_events', (t) => {
    t.bigIncrements('id')
    t.timestamp('at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.text('payload').notNullable()
  })
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('live_events')
}
