import type { Knex } from 'knex'
import { addMissingGrants, type Grant } from '../../../../../migrations/add-missing-grants.js'

/*
 * Grants of project contractors (spec §6 vendors "project contractor"): the vendor's master
 * account keeps its projects' contractors (`own`: companyId); System Admin holds every action.
 * Staff read them through their project read rule (the service's access file).
 */
const vendor = (actions: string[]): Grant[] => actions.map((action) => ({ resource: 'project-contractors', action, attribute: 'own' }))

export const grantsByGroup: Record<string, Grant[]> = {
  'System Admin': ['create', 'read', 'update', 'delete', 'invite'].map((action) => ({ resource: 'project-contractors', action, attribute: 'any' })),
  'Vendor Admin': vendor(['create', 'read', 'update', 'delete', 'invite'])
}

export const up = (knex: Knex) => addMissingGrants(knex, grantsByGroup)

/** Nothing to undo: a database that has these grants from its seed must keep them. */
export async function down() {}
