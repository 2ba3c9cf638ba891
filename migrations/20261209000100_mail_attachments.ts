import type { Knex } from 'knex'

/*
 * A mail's attachments, recorded with the message so a queued or retried send carries them as the
 * first try did: an appointment's iCalendar file (handover arranged, issue 31 §11). Text files
 * only, kept in the row: `[{ filename, contentType, content }]`.
 */
export async function up(knex: Knex) {
  await knex.schema.alterTable('mail_messages', (t) => {
    t.jsonb('attachments').notNullable().defaultTo('[]')
  })
}

export async function down(knex: Knex) {
  await knex.schema.alterTable('mail_messages', (t) => {
    t.dropColumn('attachments')
  })
}
