import type { Knex } from 'knex'
import { addMissingGrants, type Grant } from '../../../../../migrations/add-missing-grants.js'

/*
 * Grants of a tenancy's accounts and contractors, which a database seeded before they were built
 * lacks: System Admin holds every permission of the catalogue (any tenancy); a tenancy's master
 * account (Tenant Admin) manages its own tenancy's (spec §6 "Master account users manage sub
 * users"). A sub-account's SubAdmin perm gives the same `own` rights (tenancyPermGrants).
 * Written out here, not read from the catalogue: a migration keeps meaning what it meant.
 */
const accountActions = ['create', 'read', 'update', 'invite', 'lock', 'unlock', 'enable', 'disable']
const contractorActions = ['create', 'read', 'update', 'delete', 'invite']
const grants = (attribute: 'own' | 'any'): Grant[] => [
  ...accountActions.map((action) => ({ resource: 'tenancy-accounts', action, attribute })),
  ...contractorActions.map((action) => ({ resource: 'tenancy-contractors', action, attribute }))
]

export const grantsByGroup: Record<string, Grant[]> = {
  'System Admin': grants('any'),
  'Tenant Admin': grants('own')
}

export const up = (knex: Knex) => addMissingGrants(knex, grantsByGroup)

/** Nothing to undo: a database that has these grants from its seed must keep them. */
export async function down() {}
