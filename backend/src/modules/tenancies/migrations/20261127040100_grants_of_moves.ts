import type { Knex } from 'knex'
import { addMissingGrants, type Grant } from '../../../../../migrations/add-missing-grants.js'

/*
 * Grants of move-in/out records (spec §6 "move-in/out (read, create/update)"), which a database
 * seeded before they were built lacks: System Admin holds every permission of the catalogue.
 * Written out here, not read from the catalogue: a migration keeps meaning what it meant.
 */
export const grantsByGroup: Record<string, Grant[]> = {
  'System Admin': ['create', 'read', 'update', 'delete'].map((action) => ({ resource: 'moves', action, attribute: 'any' }))
}

export const up = (knex: Knex) => addMissingGrants(knex, grantsByGroup)

/** Nothing to undo: a database that has these grants from its seed must keep them. */
export async function down() {}
