import type { Knex } from 'knex'
import { addMissingGrants, type Grant } from '../../../../../migrations/add-missing-grants.js'

/*
 * Grants of a project's document folders, which a database seeded before them lacks. Written out
 * here, not read from the catalogue: a migration keeps meaning what it meant.
 * - System Admin: files, removes and decides on any project;
 * - Project Manager: files and removes documents on, and approves or rejects the folders of, the projects in
 *   their charge (`own`: managedBy);
 * - Vendor Admin: files and removes documents on its company's projects (`own`: companyId; removes
 *   only what it uploaded).
 * Reading is the project's: whoever reads the project reads its folders.
 */
export const grantsByGroup: Record<string, Grant[]> = {
  'System Admin': [
    { resource: 'project-documents', action: 'create', attribute: 'any' },
    { resource: 'project-documents', action: 'delete', attribute: 'any' },
    { resource: 'project-documents', action: 'approve', attribute: 'any' }
  ],
  'Project Manager': [
    { resource: 'project-documents', action: 'create', attribute: 'own' },
    { resource: 'project-documents', action: 'delete', attribute: 'own' },
    { resource: 'project-documents', action: 'approve', attribute: 'own' }
  ],
  'Vendor Admin': [
    { resource: 'project-documents', action: 'create', attribute: 'own' },
    { resource: 'project-documents', action: 'delete', attribute: 'own' }
  ]
}

export const up = (knex: Knex) => addMissingGrants(knex, grantsByGroup)

/** Nothing to undo: a database that has these grants from its seed must keep them. */
export async function down() {}
