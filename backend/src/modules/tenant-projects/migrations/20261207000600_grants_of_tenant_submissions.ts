import type { Knex } from 'knex'
import { addMissingGrants, type Grant } from '../../../../../migrations/add-missing-grants.js'

/*
 * Grants of the fit-out review (spec §6 "Staff permission attributes: design comment, technical
 * comment, preview, send"), which a database seeded before the review was built lacks:
 * - System Admin: every step;
 * - Approver (PRODUCT.md: approver.hk is "design and technical manager"): design, CP and technical
 *   review, comments, reassigning a step;
 * - Project Manager: reassigning a step and cancelling a batch (runs the fit-out).
 * The tenant's side (starting, filing, sending a batch, answering comments) is the project's own
 * update right, no grant of its own.
 */
const grants = (actions: string[]): Grant[] => actions.map((action) => ({ resource: 'tenant-submissions', action, attribute: 'any' }))

export const grantsByGroup: Record<string, Grant[]> = {
  'System Admin': grants(['designReview', 'cpReview', 'techReview', 'comment', 'reassign', 'cancel']),
  Approver: grants(['designReview', 'cpReview', 'techReview', 'comment', 'reassign']),
  'Project Manager': grants(['reassign', 'cancel'])
}

export const up = (knex: Knex) => addMissingGrants(knex, grantsByGroup)

/** Nothing to undo: a database that has these grants from its seed must keep them. */
export async function down() {}
