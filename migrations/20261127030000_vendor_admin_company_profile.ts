import type { Knex } from 'knex'
import { addMissingGrants, type Grant } from './add-missing-grants.js'

/*
 * A vendor master account keeps its company's profile on /vendors/settings (spec §3, vendor
 * settings): Vendor Admin updates its own company. `own` is the company itself, and the rule lets
 * it write only the profile fields (abilities: ownCompanyProfileFields).
 */
export const grantsByGroup: Record<string, Grant[]> = {
  'Vendor Admin': [{ resource: 'companies', action: 'update', attribute: 'own' }]
}

export const up = (knex: Knex) => addMissingGrants(knex, grantsByGroup)

/** Nothing to undo: a database seeded with the grant must keep it. */
export async function down() {}
