import type { Knex } from 'knex'
import { addMissingGrants, type Grant } from '../../../../../migrations/add-missing-grants.js'

/*
 * Grants of the project control's inspections, final documents and insurance (spec §6 "Staff
 * permission attributes: ... inspection, insurance, final-docs reminder/complete/exempt"), which a
 * database seeded before they were built lacks. Written out here: a migration keeps meaning what it meant.
 * - System Admin: all of them;
 * - Approver (PRODUCT.md: approver.hk reviews fit-outs on site): records and sends inspections,
 *   reminds, completes and exempts final documents;
 * - Project Manager (runs the fit-out): the same, and keeps the insurance certificate.
 * The tenant's side (reading a sent inspection, the final documents, its insurance) is the
 * project's own read right, no grant of its own.
 */
const grants = (resource: string, actions: string[]): Grant[] => actions.map((action) => ({ resource, action, attribute: 'any' }))

const inspection = grants('tenant-project-inspections', ['inspection'])
const finalDocuments = grants('tenant-project-final-documents', ['reminder', 'complete', 'exempt'])
const insurance = grants('tenant-project-insurance-files', ['insurance'])

export const grantsByGroup: Record<string, Grant[]> = {
  'System Admin': [...inspection, ...finalDocuments, ...insurance],
  Approver: [...inspection, ...finalDocuments],
  'Project Manager': [...inspection, ...finalDocuments, ...insurance]
}

export const up = (knex: Knex) => addMissingGrants(knex, grantsByGroup)

/** Nothing to undo: a database that has these grants from its seed must keep them. */
export async function down() {}
