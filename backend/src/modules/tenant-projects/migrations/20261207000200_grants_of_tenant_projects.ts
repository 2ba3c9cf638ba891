import type { Knex } from 'knex'
import { addMissingGrants, type Grant } from '../../../../../migrations/add-missing-grants.js'

/*
 * Grants of tenant projects, which a database seeded before they were built lacks. Written out
 * here, not read from the catalogue: a migration keeps meaning what it meant.
 * - System Admin: every action;
 * - Project Manager (landlord staff running fit-outs): reads every project of the region, keeps it
 *   up to date, accepts, completes and cancels it;
 * - Approver (design and technical manager): reads every project of the region;
 * - Tenant Admin, a tenancy's master account (spec §6 "can do everything"): its own tenancy's
 *   projects: creates, edits, submits, withdraws and deletes drafts. A sub-account gets the same
 *   but deleting through its TenantProject perm (module.shared.ts).
 */
const grants = (resource: string, attribute: 'own' | 'any', actions: string[]): Grant[] => actions.map((action) => ({ resource, action, attribute }))

export const grantsByGroup: Record<string, Grant[]> = {
  'System Admin': grants('tenant-projects', 'any', ['create', 'read', 'update', 'delete', 'submit', 'accept', 'complete', 'withdraw', 'cancel']),
  'Project Manager': grants('tenant-projects', 'any', ['read', 'update', 'accept', 'complete', 'cancel']),
  Approver: grants('tenant-projects', 'any', ['read']),
  'Tenant Admin': grants('tenant-projects', 'own', ['create', 'read', 'update', 'delete', 'submit', 'withdraw'])
}

export const up = (knex: Knex) => addMissingGrants(knex, grantsByGroup)

/** Nothing to undo: a database that has these grants from its seed must keep them. */
export async function down() {}
