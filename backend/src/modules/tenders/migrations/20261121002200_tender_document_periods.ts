import type { Knex } from 'knex'

/*
 * A tender document's effective period (spec §3 "documents and attachments with effective
 * dates", §9 "effective dates include the whole end day"): effective_date is its first day, the
 * new effective_until its last (empty: still in effect). The service checks the order with its
 * own message; the constraint keeps any other writer to it.
 */
export async function up(knex: Knex) {
  await knex.schema.alterTable('tender_documents', (t) => {
    t.date('effective_until')
    t.check('effective_until IS NULL OR effective_date IS NULL OR effective_until >= effective_date', [], 'tender_documents_effective_period')
  })
}

export async function down(knex: Knex) {
  await knex.schema.alterTable('tender_documents', (t) => {
    t.dropChecks('tender_documents_effective_period')
    t.dropColumn('effective_until')
  })
}
