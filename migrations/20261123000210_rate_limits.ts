import type { Knex } from 'knex'

// Sign-in attempts per account and per address (rate-limiter-flexible's Postgres store), shared by
// every process on the database. The layout is the package's own.
export async function up(knex: Knex) {
  await knex.raw(`CREATE TABLE rate_limits (
    key varchar(255) PRIMARY KEY,
    points integer NOT NULL DEFAULT 0,
    expire bigint
  )`)
}

export async function down(knex: Knex) {
  await knex.schema.dropTable('rate_limits')
}
