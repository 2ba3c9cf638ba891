import type { Knex } from 'knex'

/**
 * Addenda of issued tenders. The pending addendum's content lives beside the issued content
 * (`tenders.addendum_draft`), so vendors keep bidding on the issued version until the addendum is
 * issued. Revision rows get a region (region-scoped reads), the comment's editor and time, and
 * `updated_at` for stale-write checks on the comment.
 */
export async function up(knex: Knex) {
  await knex.schema.alterTable('tenders', (t) => {
    t.jsonb('addendum_draft')
  })
  await knex.schema.alterTable('tender_revisions', (t) => {
    t.string('region', 16).references('regions.code')
    t.timestamp('comment_updated_at', { useTz: true })
    t.integer('comment_updated_by').references('users.id')
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now())
  })
  await knex.raw('UPDATE tender_revisions SET region = tenders.region FROM tenders WHERE tenders.id = tender_revisions.tender_id')
  await knex.schema.alterTable('tender_revisions', (t) => {
    t.dropNullable('region')
    t.index(['region', 'tender_id'])
  })
}

export async function down(knex: Knex) {
  await knex.schema.alterTable('tender_revisions', (t) => {
    t.dropIndex(['region', 'tender_id'])
    t.dropColumn('updated_at')
    t.dropColumn('comment_updated_by')
    t.dropColumn('comment_updated_at')
    t.dropColumn('region')
  })
  await knex.schema.alterTable('tenders', (t) => {
    t.dropColumn('addendum_draft')
  })
}
