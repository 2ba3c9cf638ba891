import type { Knex } from 'knex'
import { addMissingGrants, type Grant } from '../../../../../migrations/add-missing-grants.js'

/*
 * Grants of vendor performance (spec §6 feature-to-group "performance to Performance"), written out
 * here, not read from the catalogue: a migration keeps meaning what it meant.
 * - System Admin: reads every rating and rates any project it reads;
 * - Project Manager: reads the region's ratings (the standings matter when inviting vendors) and
 *   rates the vendors of the projects in its charge (`own`: managedBy), its rating tasks included.
 * Vendors get none: a vendor sees no ratings, its own neither.
 */
export const grantsByGroup: Record<string, Grant[]> = {
  'System Admin': [
    { resource: 'vendor-ratings', action: 'read', attribute: 'any' },
    { resource: 'vendor-ratings', action: 'create', attribute: 'any' }
  ],
  'Project Manager': [
    { resource: 'vendor-ratings', action: 'read', attribute: 'any' },
    { resource: 'vendor-ratings', action: 'create', attribute: 'own' }
  ]
}

export const up = (knex: Knex) => addMissingGrants(knex, grantsByGroup)

/** Nothing to undo: a database that has these grants from its seed must keep them. */
export async function down() {}
