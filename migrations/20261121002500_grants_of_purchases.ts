import type { Knex } from 'knex'

/*
 * Grants of purchase orders and contracts, which a database seeded before they were built lacks:
 * - System Admin holds every permission of the catalogue; the catalogue gained `purchase-orders`
 *   and `contracts` (create, read, update, delete);
 * - Project Manager raises and reads the purchase orders and contracts of the tenders they run
 *   (`own`: managed by the tender's person in charge; seeds/purchases.ts gives the same).
 * Each grant is added to the group of that name when the group exists and lacks it (the same right
 * on any record counts as held); nothing else is touched. On a fresh database the groups do not
 * exist yet (the seed writes them after the migrations), so this does nothing there. The list is
 * written out here, not read from the catalogue: a migration keeps meaning what it meant.
 */
interface Grant { resource: string; action: string; attribute: 'own' | 'any' }

const every = (resource: string): Grant[] => ['create', 'read', 'update', 'delete'].map((action) => ({ resource, action, attribute: 'any' }))

export const grantsByGroup: Record<string, Grant[]> = {
  'System Admin': [...every('purchase-orders'), ...every('contracts')],
  'Project Manager': [
    { resource: 'purchase-orders', action: 'create', attribute: 'own' },
    { resource: 'purchase-orders', action: 'read', attribute: 'own' },
    { resource: 'contracts', action: 'create', attribute: 'own' },
    { resource: 'contracts', action: 'read', attribute: 'own' }
  ]
}

/** A group holds a grant when it holds the same right, or the same right on any record (any covers own). */
const covers = (held: Grant, grant: Grant) =>
  held.resource === grant.resource && held.action === grant.action && (held.attribute === grant.attribute || held.attribute === 'any')

export async function up(knex: Knex) {
  for (const [name, grants] of Object.entries(grantsByGroup)) {
    const group = await knex('security_groups').where({ name }).forUpdate().first('id', 'permissions')
    if (!group) continue
    const current: Grant[] = typeof group.permissions === 'string' ? JSON.parse(group.permissions) : group.permissions ?? []
    const missing = grants.filter((grant) => !current.some((held) => covers(held, grant)))
    if (missing.length) {
      await knex('security_groups').where({ id: group.id }).update({ permissions: JSON.stringify([...current, ...missing]), updatedAt: knex.fn.now() })
    }
  }
}

/** Nothing to undo: a database that has these grants from its seed must keep them. */
export async function down() {}
