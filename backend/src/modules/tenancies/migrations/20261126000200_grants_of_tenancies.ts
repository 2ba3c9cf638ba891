import type { Knex } from 'knex'
import { addMissingGrants, type Grant } from '../../../../../migrations/add-missing-grants.js'

/*
 * Grants of tenancy records and leases, which a database seeded before they were built lacks:
 * System Admin holds every permission of the catalogue (which gained `tenancies` and `leases`);
 * staff in charge of their own; a tenancy's master account reads its own tenancy records (spec §6 "Tenant: own tenancies").
 * Written out here, not read from the catalogue: a migration keeps meaning what it meant.
 */
const all = (resource: string, actions: string[]): Grant[] => actions.map((action) => ({ resource, action, attribute: 'any' }))

export const grantsByGroup: Record<string, Grant[]> = {
  'System Admin': [...all('tenancies', ['create', 'read', 'update', 'delete', 'detail', 'changeCompanyName', 'changeStatus', 'linkLeases']), ...all('leases', ['create', 'read', 'update', 'import'])],
  // Staff in charge of tenancies they created (`own`: managedBy); company name, status and leases stay with the administrators.
  'Project Manager': [
    { resource: 'tenancies', action: 'create', attribute: 'own' },
    { resource: 'tenancies', action: 'read', attribute: 'own' },
    { resource: 'tenancies', action: 'update', attribute: 'own' },
    { resource: 'tenancies', action: 'detail', attribute: 'own' }
  ],
  'Tenant Admin': [
    { resource: 'tenancies', action: 'read', attribute: 'own' },
    { resource: 'tenancies', action: 'detail', attribute: 'own' }
  ]
}

export const up = (knex: Knex) => addMissingGrants(knex, grantsByGroup)

/** Nothing to undo: a database that has these grants from its seed must keep them. */
export async function down() {}
