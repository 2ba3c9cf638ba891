import type { Knex } from 'knex'

/**
 * Adds the permissions a demo group lacks (the tender seeds' grants). Its own file: the seeds of
 * addenda and purchases use it, and tenders.ts runs those seeds, so importing it from tenders.ts
 * made an import cycle.
 */
export async function grant(trx: Knex, name: string, permissions: Array<{ resource: string; action: string; attribute: string }>) {
  const group = await trx('security_groups').where({ name }).first('id', 'permissions')
  if (!group) return
  const current: typeof permissions = typeof group.permissions === 'string' ? JSON.parse(group.permissions) : group.permissions
  const missing = permissions.filter((p) => !current.some((c) => c.resource === p.resource && c.action === p.action && c.attribute === p.attribute))
  if (missing.length)
    await trx('security_groups')
      .where({ id: group.id })
      .update({ permissions: JSON.stringify([...current, ...missing]) })
}
