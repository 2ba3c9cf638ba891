import type { Knex } from 'knex'
import { addMissingGrants, type Grant } from '../../../../../migrations/add-missing-grants.js'

/*
 * Grants a database seeded before this version lacks:
 * - a tenancy's master account updates its own tenancy's green operation records (spec §6
 *   "tenancy sub-accounts have update on ... green operation"; the master can do everything), the
 *   fields a tenant reports only (module.shared `ownFields`); sub-accounts get it from TenancyRecord;
 * - Project Manager records moves and green operation records (spec §6 "move-in/out: read,
 *   create/update"). Neither record holds `managedBy`: the grants are `any`, and both services
 *   read them only through a tenancy the caller reads, so staff in charge reach the tenancies in
 *   their charge only (the live events too). Removing stays with the administrators.
 * Written out here, not read from the catalogue: a migration keeps meaning what it meant.
 */
const any = (resource: string, actions: string[]): Grant[] => actions.map((action) => ({ resource, action, attribute: 'any' }))

export const grantsByGroup: Record<string, Grant[]> = {
  'Tenant Admin': [{ resource: 'green-operations', action: 'update', attribute: 'own' }],
  'Project Manager': [...any('moves', ['create', 'read', 'update']), ...any('green-operations', ['create', 'read', 'update'])]
}

export const up = (knex: Knex) => addMissingGrants(knex, grantsByGroup)

/** Nothing to undo: a database that has these grants from its seed must keep them. */
export async function down() {}
