import type { Knex } from 'knex'
import { addMissingGrants, type Grant } from '../../../../../migrations/add-missing-grants.js'

/*
 * Grants of purchase orders and contracts, which a database seeded before they were built lacks:
 * - System Admin holds every permission of the catalogue; the catalogue gained `purchase-orders`
 *   and `contracts` (create, read, update, delete);
 * - Project Manager raises and reads the purchase orders and contracts of the tenders they run
 *   (`own`: managed by the tender's person in charge; seeds/purchases.ts gives the same).
 * Added by `addMissingGrants` (to groups of these names that lack them; nothing on a fresh
 * database). The list is written out here, not read from the catalogue: a migration keeps meaning
 * what it meant when written.
 */

const every = (resource: string): Grant[] => ['create', 'read', 'update', 'delete'].map((action) => ({ resource, action, attribute: 'any' }))

export const grantsByGroup: Record<string, Grant[]> = {
  'System Admin': [...every('purchase-orders'), ...every('contracts')],
  'Project Manager': [
    { resource: 'purchase-orders', action: 'create', attribute: 'own' },
    { resource: 'purchase-orders', action: 'read', attribute: 'own' },
    { resource: 'contracts', action: 'create', attribute: 'own' },
    { resource: 'contracts', action: 'read', attribute: 'own' }
  ]
}

export const up = (knex: Knex) => addMissingGrants(knex, grantsByGroup)

/** Nothing to undo: a database that has these grants from its seed must keep them. */
export async function down() {}
