import type { Knex } from 'knex'

/*
 * Region features and tenancy permissions are JSON lists. Before the services encoded jsonb
 * themselves (PortalKnexService `jsonColumns`), saving an empty list stored `{}`, an object,
 * which blanked the Region config screen for every staff user: back to the empty list.
 */
export async function up(knex: Knex) {
  await knex.raw(`UPDATE regions SET features = '[]'::jsonb WHERE jsonb_typeof(features) <> 'array'`)
  await knex.raw(`UPDATE users SET tenancy_perms = '[]'::jsonb WHERE jsonb_typeof(tenancy_perms) <> 'array'`)
}

/** Nothing to undo: `{}` was never a meaningful value. */
export async function down() {}
