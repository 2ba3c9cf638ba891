import type { Knex } from 'knex'
import { addMissingGrants, type Grant } from '../../../../../migrations/add-missing-grants.js'

/*
 * Grants of handover/takeback (spec hotb §6 "handover: read, create, approve, arrange, update
 * others, change PIC, reset to draft"), which a database seeded before the module lacks. Written
 * out here, not read from the catalogue: a migration keeps meaning what it meant.
 * - System Admin: every action;
 * - Project Manager (pm.hk, the staff running handovers): reads the region's records, creates
 *   them, edits those they are in charge of (not others': no updateOthers), submits, arranges,
 *   marks unsigned, completes, requests changes, changes the PIC, resets to draft and cancels;
 * - Approver (approver.hk): reads the region's records, approves or rejects them;
 * - Tenant Admin, a tenancy's master account: reads its own tenancy's records (once scheduled:
 *   module.shared.ts `ownScope`); a sub-account gets the same through its HandoverTakeback perm;
 * - Accounting: nothing.
 */
const grants = (resource: string, attribute: 'own' | 'any', actions: string[]): Grant[] => actions.map((action) => ({ resource, action, attribute }))

export const grantsByGroup: Record<string, Grant[]> = {
  'System Admin': grants('hotb', 'any', ['read', 'create', 'update', 'updateOthers', 'submit', 'approve', 'resetToDraft', 'arrange', 'complete', 'requestChange', 'changePic', 'cancel']),
  'Project Manager': grants('hotb', 'any', ['read', 'create', 'update', 'submit', 'arrange', 'complete', 'requestChange', 'changePic', 'resetToDraft', 'cancel']),
  Approver: grants('hotb', 'any', ['read', 'approve']),
  'Tenant Admin': grants('hotb', 'own', ['read'])
}

export const up = (knex: Knex) => addMissingGrants(knex, grantsByGroup)

/** Nothing to undo: a database that has these grants from its seed must keep them. */
export async function down() {}
