import type { Knex } from 'knex'

/**
 * The retention reminders sent (issue 12 item 7: "a reminder 30 days before" retention falls
 * due): one per project and defects liability date, so the daily job mails each once, and again
 * only when the date moves.
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('project_retention_reminders', (t) => {
    t.increments('id')
    t.string('project_id', 24).notNullable().references('projects.id').onDelete('CASCADE')
    t.date('dlp_date').notNullable()
    t.timestamp('reminded_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.unique(['project_id', 'dlp_date'])
  })
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('project_retention_reminders')
}
