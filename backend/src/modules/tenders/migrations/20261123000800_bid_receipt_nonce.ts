import type { Knex } from 'knex'

// Issue 8 finding 4: a receipt digest without a secret could be inverted by trying prices. The
// nonce hashed into each new receipt is kept with the bid, sealed like its prices. Bids
// submitted before keep a null nonce ("receipt issued before nonces").
export async function up(knex: Knex) {
  await knex.schema.alterTable('bids', (t) => {
    t.string('receipt_nonce', 64)
  })
}

export async function down(knex: Knex) {
  await knex.schema.alterTable('bids', (t) => {
    t.dropColumn('receipt_nonce')
  })
}
