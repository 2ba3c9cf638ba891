import type { Knex } from 'knex'
import { addMissingGrants, type Grant } from '../../../../../migrations/add-missing-grants.js'

/*
 * Payment claims are a part of their project (spec §6 vendors "projects (read-update)"): the
 * vendor prepares, submits and resubmits them with `update` on its own projects (`own`:
 * companyId). The vendor's master account gets that rule here (sub-accounts hold it through the
 * Projects toggle); project edits and moves stay staff's (the projects service refuses vendors).
 */
export const grantsByGroup: Record<string, Grant[]> = {
  'Vendor Admin': [{ resource: 'projects', action: 'update', attribute: 'own' }]
}

export const up = (knex: Knex) => addMissingGrants(knex, grantsByGroup)

/** Nothing to undo: a database that has these grants from its seed must keep them. */
export async function down() {}
