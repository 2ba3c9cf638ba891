import type { Knex } from 'knex'
import { addMissingGrants, type Grant } from '../../../../../migrations/add-missing-grants.js'

/*
 * Grants of the post-fit-out submissions (issue 30 item 8; spec §4 "complete post-fitout"), which a
 * database seeded before they were built lacks. Written out here: a migration keeps meaning what it meant.
 * - System Admin: all of them;
 * - Approver (PRODUCT.md: approver.hk reviews fit-outs on site) and Project Manager (runs the
 *   fit-out): read, start, review (tick guidelines, file letters), complete and remove a round.
 * The tenant's side (reading its project's rounds, uploading to the current one) is the project's
 * own read and update rights, no grant of its own.
 */
const all: Grant[] = ['read', 'start', 'update', 'complete', 'delete'].map((action) => ({ resource: 'tenant-project-post-fitout-submissions', action, attribute: 'any' }))

export const grantsByGroup: Record<string, Grant[]> = {
  'System Admin': all,
  Approver: all,
  'Project Manager': all
}

export const up = (knex: Knex) => addMissingGrants(knex, grantsByGroup)

/** Nothing to undo: a database that has these grants from its seed must keep them. */
export async function down() {}
