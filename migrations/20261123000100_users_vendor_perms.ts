import type { Knex } from 'knex'

/**
 * The vendor permission toggles of a sub-account (spec §6: projects, tenders, standalone work
 * permits, admin vendor contacts, receive e-circulars), from which its rights are built. A
 * text[] like `regions`: the names of `vendorPerms` in abilities/permissions.shared.ts.
 */
export async function up(knex: Knex) {
  await knex.schema.alterTable('users', (t) => {
    t.specificType('vendor_perms', 'text[]').notNullable().defaultTo('{}')
  })
}

export async function down(knex: Knex) {
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('vendor_perms')
  })
}
