import type { Knex } from 'knex'
import { addMissingGrants, type Grant } from '../../../../../migrations/add-missing-grants.js'

/*
 * Project Manager corrects (a wrong retention %, deduction or number) and cancels the purchase
 * orders and contracts of the tenders they run: `update` on `own` records, which for these
 * resources means managed by the tender's person in charge (seeds/purchases.ts gives the same).
 * Added by `addMissingGrants` to a database seeded before; nothing on a fresh database. Written
 * out, not read from the seed: a migration keeps meaning what it meant when written.
 */
export const grantsByGroup: Record<string, Grant[]> = {
  'Project Manager': [
    { resource: 'purchase-orders', action: 'update', attribute: 'own' },
    { resource: 'contracts', action: 'update', attribute: 'own' }
  ]
}

export const up = (knex: Knex) => addMissingGrants(knex, grantsByGroup)

/** Nothing to undo: a database that has these grants from its seed must keep them. */
export async function down() {}
