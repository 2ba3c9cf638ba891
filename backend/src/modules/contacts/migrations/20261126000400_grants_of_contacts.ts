import type { Knex } from 'knex'
import { addMissingGrants, type Grant } from '../../../../../migrations/add-missing-grants.js'

/*
 * Grants of the central contacts database, which a database seeded before it was built lacks:
 * - System Admin holds every permission of the catalogue (contacts and CCD companies, merge, export);
 * - Approver (design and technical manager) reads contacts and companies;
 * - Vendor Admin reads, creates and updates its own company's contacts (spec §6: the vendor-contacts
 *   update right); `own` for a vendor is its company.
 * Written out here, not read from the catalogue: a migration keeps meaning what it meant when written.
 */

const every = (resource: string, actions: string[]): Grant[] => actions.map((action) => ({ resource, action, attribute: 'any' }))

export const grantsByGroup: Record<string, Grant[]> = {
  'System Admin': [...every('ccdcontacts', ['create', 'read', 'update', 'delete', 'merge', 'export']), ...every('ccdcompanies', ['create', 'read', 'update'])],
  Approver: every('ccdcontacts', ['read']).concat(every('ccdcompanies', ['read'])),
  'Vendor Admin': ['read', 'create', 'update'].map((action) => ({ resource: 'ccdcontacts', action, attribute: 'own' as const }))
}

export const up = (knex: Knex) => addMissingGrants(knex, grantsByGroup)

/** Nothing to undo: a database that has these grants from its seed must keep them. */
export async function down() {}
