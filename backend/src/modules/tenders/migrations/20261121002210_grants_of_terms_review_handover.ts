import type { Knex } from 'knex'
import { addMissingGrants, type Grant } from '../../../../../migrations/add-missing-grants.js'

/*
 * Grants the demo seed gives since the terms library, tender representatives, addendum documents
 * and the change of person in charge were built, which a database seeded before then lacks:
 * - System Admin holds every permission of the catalogue; the catalogue gained `tender-terms`
 *   (create, read) and `tenders:review`;
 * - Accounting reviews tenders as representative (`tenders:review`, seeds/tender-review.ts);
 * - Project Manager uploads and reads files (addendum documents, seeds/addenda.ts) and hands a
 *   tender over to another person in charge (`tenders:changeManager`, seeds/tender-actions.ts).
 * Added by `addMissingGrants` (to groups of these names that lack them; nothing on a fresh
 * database). The list is written out here, not read from the catalogue: a migration keeps meaning
 * what it meant when written.
 */

export const grantsByGroup: Record<string, Grant[]> = {
  'System Admin': [
    { resource: 'tenders', action: 'review', attribute: 'any' },
    { resource: 'tender-terms', action: 'create', attribute: 'any' },
    { resource: 'tender-terms', action: 'read', attribute: 'any' }
  ],
  Accounting: [{ resource: 'tenders', action: 'review', attribute: 'any' }],
  'Project Manager': [
    { resource: 'files', action: 'create', attribute: 'own' },
    { resource: 'files', action: 'read', attribute: 'own' },
    { resource: 'tenders', action: 'changeManager', attribute: 'own' }
  ]
}

export const up = (knex: Knex) => addMissingGrants(knex, grantsByGroup)

/** Nothing to undo: a database that has these grants from its seed must keep them. */
export async function down() {}
