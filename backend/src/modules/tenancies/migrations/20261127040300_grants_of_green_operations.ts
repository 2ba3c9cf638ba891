import type { Knex } from 'knex'
import { addMissingGrants, type Grant } from '../../../../../migrations/add-missing-grants.js'

/*
 * Grants of green operation records (the sustainability initiatives tab), which a database seeded
 * before they were built lacks: System Admin holds every permission of the catalogue; a
 * tenancy's master account reads its own tenancy's (tenant-side tabs show sustainability, spec §2).
 * Written out here, not read from the catalogue: a migration keeps meaning what it meant.
 */
export const grantsByGroup: Record<string, Grant[]> = {
  'System Admin': ['create', 'read', 'update', 'delete'].map((action) => ({ resource: 'green-operations', action, attribute: 'any' })),
  'Tenant Admin': [{ resource: 'green-operations', action: 'read', attribute: 'own' }]
}

export const up = (knex: Knex) => addMissingGrants(knex, grantsByGroup)

/** Nothing to undo: a database that has these grants from its seed must keep them. */
export async function down() {}
