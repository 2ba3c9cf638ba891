import type { Knex } from 'knex'
import { addMissingGrants, type Grant } from '../../../../../migrations/add-missing-grants.js'

/*
 * Grants of linking a tenancy's contacts (spec §6 tenancy attribute "link contacts") and exporting
 * its emergency and marketing contacts, which a
 * database seeded before lacks: System Admin on every tenancy, staff in charge on their own.
 * Written out here, not read from the catalogue: a migration keeps meaning what it meant.
 */
export const grantsByGroup: Record<string, Grant[]> = {
  'System Admin': [
    { resource: 'tenancies', action: 'linkContacts', attribute: 'any' },
    { resource: 'tenancy-contacts', action: 'exportEmergency', attribute: 'any' },
    { resource: 'tenancy-contacts', action: 'exportMarketing', attribute: 'any' }
  ],
  'Project Manager': [{ resource: 'tenancies', action: 'linkContacts', attribute: 'own' }]
}

export const up = (knex: Knex) => addMissingGrants(knex, grantsByGroup)

/** Nothing to undo: a database that has these grants from its seed must keep them. */
export async function down() {}
