import type { Knex } from 'knex'

/** A permission triple as security groups store it. */
export interface Grant {
  resource: string
  action: string
  attribute: 'own' | 'any'
}

/** A group holds a grant when it holds the same right, or the same right on any record (any covers own). */
const covers = (held: Grant, grant: Grant) => held.resource === grant.resource && held.action === grant.action && (held.attribute === grant.attribute || held.attribute === 'any')

/**
 * For the grant migrations: adds each grant to the security group of that name when the group
 * exists and does not hold it yet; nothing else is touched, and a second run changes nothing.
 * On a fresh database the groups do not exist yet (the seed writes them after the migrations).
 */
export async function addMissingGrants(knex: Knex, grantsByGroup: Readonly<Record<string, readonly Grant[]>>) {
  for (const [name, grants] of Object.entries(grantsByGroup)) {
    const group = await knex('security_groups').where({ name }).forUpdate().first('id', 'permissions')
    if (!group) continue
    const current: Grant[] = typeof group.permissions === 'string' ? JSON.parse(group.permissions) : (group.permissions ?? [])
    const missing = grants.filter((grant) => !current.some((held) => covers(held, grant)))
    if (missing.length) {
      await knex('security_groups')
        .where({ id: group.id })
        .update({ permissions: JSON.stringify([...current, ...missing]), updatedAt: knex.fn.now() })
    }
  }
}
