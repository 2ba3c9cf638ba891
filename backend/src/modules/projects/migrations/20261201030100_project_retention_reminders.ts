import type { Knex } from 'knex'

/**
 * The reminders of retention falling due (issue 12 item 7): one row per project and due day once
 * the person in charge was mailed, so the daily job never mails the same due day twice (a changed
 * defects liability date is a new due day, and is reminded again).
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('project_retention_reminders', (t) => {
    t.increments('id')
    t.string('region', 16).notNullable().references('regions.code')
    t.string('project_id', 24).notNullable().references('projects.id').onDelete('CASCADE')
    t.date('due_day').notNullable()
    t.integer('user_id').references('users.id')
    t.bigInteger('held_cents').notNullable()
    t.timestamp('sent_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.unique(['project_id', 'due_day'])
  })
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('project_retention_reminders')
}
