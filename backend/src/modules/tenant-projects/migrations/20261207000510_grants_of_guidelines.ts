import type { Knex } from 'knex'
import { addMissingGrants, type Grant } from '../../../../../migrations/add-missing-grants.js'

/*
 * Grants of the fit-out guidelines (spec tenant projects §3, §7 Guidelines), written out here, not
 * read from the catalogue: a migration keeps meaning what it meant.
 * - System Admin: every action;
 * - Project Manager and Approver (the staff who run and review fit-outs): read, edit the drafts and publish;
 * - Tenant Admin and Tenant Contractor (a tenancy's master account, its contractors): read. The
 *   guidelines are the region's, not a tenancy's, so the grant is `any`; what a reader who may not
 *   edit them sees is the published versions only (guidelines.access.ts).
 */
const grants = (resource: string, attribute: 'own' | 'any', actions: string[]): Grant[] => actions.map((action) => ({ resource, action, attribute }))

export const grantsByGroup: Record<string, Grant[]> = {
  'System Admin': grants('guidelines', 'any', ['read', 'create', 'update', 'delete', 'publish']),
  'Project Manager': grants('guidelines', 'any', ['read', 'update', 'publish']),
  Approver: grants('guidelines', 'any', ['read', 'update', 'publish']),
  'Tenant Admin': grants('guidelines', 'any', ['read']),
  'Tenant Contractor': grants('guidelines', 'any', ['read'])
}

export const up = (knex: Knex) => addMissingGrants(knex, grantsByGroup)

/** Nothing to undo: a database that has these grants from its seed must keep them. */
export async function down() {}
