import type { Knex } from 'knex'
import { addMissingGrants, type Grant } from '../../../../../migrations/add-missing-grants.js'

/*
 * Grants of the green fit-out (spec §6 "Staff permission attributes: ... green fit-out
 * start/hold/review/comment/preview/send/read points"; issue 30 item 9), which a database seeded
 * before it was built lacks. Written out here: a migration keeps meaning what it meant.
 * - System Admin: all of them;
 * - Approver (PRODUCT.md: approver.hk is the design and technical manager): reviews the folders
 *   (approve, reject, points), and everything else of the scheme;
 * - Project Manager (runs the fit-out): starts, holds and resumes it, comments, previews and sends
 *   its letter, reads the points; the folders' decisions are the reviewers'.
 * The tenant's side (reading its project's green fit-out, uploading into its folders) is the
 * project's own read and update rights, no grant of its own.
 */
const grants = (actions: string[]): Grant[] => actions.map((action) => ({ resource: 'green-fitouts', action, attribute: 'any' }))

export const grantsByGroup: Record<string, Grant[]> = {
  'System Admin': grants(['start', 'hold', 'review', 'comment', 'preview', 'send', 'readPoints']),
  Approver: grants(['start', 'hold', 'review', 'comment', 'preview', 'send', 'readPoints']),
  'Project Manager': grants(['start', 'hold', 'comment', 'preview', 'send', 'readPoints'])
}

export const up = (knex: Knex) => addMissingGrants(knex, grantsByGroup)

/** Nothing to undo: a database that has these grants from its seed must keep them. */
export async function down() {}
