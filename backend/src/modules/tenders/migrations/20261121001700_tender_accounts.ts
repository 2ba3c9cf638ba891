import type { Knex } from 'knex'

// Tender accounts (spec §3 "accounts", §6): the users a tender's person in charge lists as its
// representatives; a representative is one listed with invitedAt, and reviews the tender in REVIEW.
export async function up(knex: Knex) {
  await knex.schema.createTable('tender_accounts', (t) => {
    t.string('tender_id', 24).notNullable().references('tenders.id').onDelete('CASCADE')
    t.integer('user_id').notNullable().references('users.id')
    t.timestamp('invited_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.integer('invited_by').references('users.id')
    t.primary(['tender_id', 'user_id'])
    t.index(['user_id'])
  })
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('tender_accounts')
}
