import type { Knex } from 'knex'

/*
 * Grants the demo seed gives since the terms library, tender representatives, addendum documents
 * and the change of person in charge were built, which a database seeded before then lacks:
 * - System Admin holds every permission of the catalogue; the catalogue gained `tender-terms`
 *   (create, read) and `tenders:review`;
 * - Accounting reviews tenders as representative (`tenders:review`, seeds/tender-review.ts);
 * - Project Manager uploads and reads files (addendum documents, seeds/addenda.ts) and hands a
 *   tender over to another person in charge (`tenders:changeManager`, seeds/tender-actions.ts).
 * Each grant is added to the group of that name when the group exists and lacks it (the same
 * right on any record counts as held); nothing else is touched. On a fresh database the groups do not exist yet (the seed runs after the
 * migrations and writes them with these grants), so this does nothing there. The list is written
 * out here, not read from the catalogue: a migration keeps meaning what it meant when written.
 */
interface Grant { resource: string; action: string; attribute: 'own' | 'any' }

export const grantsByGroup: Record<string, Grant[]> = {
  'System Admin': [
    { resource: 'tenders', action: 'review', attribute: 'any' },
    { resource: 'tender-terms', action: 'create', attribute: 'any' },
    { resource: 'tender-terms', action: 'read', attribute: 'any' }
  ],
  Accounting: [
    { resource: 'tenders', action: 'review', attribute: 'any' }
  ],
  'Project Manager': [
    { resource: 'files', action: 'create', attribute: 'own' },
    { resource: 'files', action: 'read', attribute: 'own' },
    { resource: 'tenders', action: 'changeManager', attribute: 'own' }
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
