import type { Knex } from 'knex'
import { addMissingGrants, type Grant } from '../../../../../migrations/add-missing-grants.js'

/*
 * Grants of the deposit ledger (spec §6 "Staff permission attributes: ... deposit, accounting";
 * "A tenant's deposit, insurance and inspection documents always load; for staff only with the
 * matching read right"), which a database seeded before it was built lacks:
 * - System Admin: everything;
 * - Accounting (accounting.hk, "Deposits, refunds and payments"): reads the region's projects,
 *   records the deposit, its deductions (with their evidence: files it uploads) and the management
 *   fee, sends their notices, confirms refunds;
 * - Project Manager: reads them, sends the deposit notice, passes a refund on (notified, resumed);
 * - Tenant Admin: its tenancy's deposit (and whether its main contractor may request the refund),
 *   refund (requests it), deductions and fee, read. The project's other users read them through
 *   the project (the access contracts), whatever their grants.
 */
const grants = (resource: string, attribute: 'own' | 'any', actions: string[]): Grant[] => actions.map((action) => ({ resource, action, attribute }))

export const grantsByGroup: Record<string, Grant[]> = {
  'System Admin': [
    ...grants('tenant-project-deposits', 'any', ['read', 'create', 'update', 'notify']),
    ...grants('tenant-project-deductions', 'any', ['read', 'create']),
    ...grants('tenant-project-refunds', 'any', ['read', 'notifyProjectManager', 'notifyAccounting', 'resume', 'confirm']),
    ...grants('tenant-project-management-fees', 'any', ['read', 'create', 'update', 'notify'])
  ],
  Accounting: [
    ...grants('tenant-projects', 'any', ['read']),
    ...grants('files', 'own', ['create', 'read']),
    ...grants('tenant-project-deposits', 'any', ['read', 'create', 'update', 'notify']),
    ...grants('tenant-project-deductions', 'any', ['read', 'create']),
    ...grants('tenant-project-refunds', 'any', ['read', 'notifyProjectManager', 'confirm']),
    ...grants('tenant-project-management-fees', 'any', ['read', 'create', 'update', 'notify'])
  ],
  'Project Manager': [
    ...grants('tenant-project-deposits', 'any', ['read', 'notify']),
    ...grants('tenant-project-deductions', 'any', ['read']),
    ...grants('tenant-project-refunds', 'any', ['read', 'notifyAccounting', 'resume']),
    ...grants('tenant-project-management-fees', 'any', ['read'])
  ],
  'Tenant Admin': [...grants('tenant-project-deposits', 'own', ['read', 'update']), ...grants('tenant-project-refunds', 'own', ['read', 'request'])]
}

export const up = (knex: Knex) => addMissingGrants(knex, grantsByGroup)

/** Nothing to undo: a database that has these grants from its seed must keep them. */
export async function down() {}
