import type { Knex } from 'knex'
import { addMissingGrants, type Grant } from '../../../../../migrations/add-missing-grants.js'

/*
 * Grants of non-tenant projects (spec §6 "Project permissions: read; manage own; change person in
 * charge"), which a database seeded before the module lacks. Written out here, not read from the
 * catalogue: a migration keeps meaning what it meant.
 * - System Admin: everything on projects;
 * - Project Manager: reads the projects of the sites of their departments, creates and manages
 *   those in their charge (`own`: managedBy);
 * - Vendor Admin (a vendor's master account): its company's projects once invited (`own`:
 *   companyId). Sub-accounts read them through the Projects toggle (vendorPermGrants).
 */
const all = (resource: string, actions: string[]): Grant[] => actions.map((action) => ({ resource, action, attribute: 'any' }))

export const grantsByGroup: Record<string, Grant[]> = {
  'System Admin': all('projects', ['create', 'read', 'update', 'changeManager']),
  'Project Manager': [
    { resource: 'projects', action: 'read', attribute: 'any' },
    { resource: 'projects', action: 'create', attribute: 'own' },
    { resource: 'projects', action: 'update', attribute: 'own' }
  ],
  'Vendor Admin': [{ resource: 'projects', action: 'read', attribute: 'own' }]
}

export const up = (knex: Knex) => addMissingGrants(knex, grantsByGroup)

/** Nothing to undo: a database that has these grants from its seed must keep them. */
export async function down() {}
