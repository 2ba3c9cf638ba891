import { test as base } from '@playwright/test'
import type { Knex } from 'knex'
import { createKnex } from '../../backend/src/db/knex'
import { openedContexts } from './helpers'

export { expect } from '@playwright/test'
export type { Browser, Page } from '@playwright/test'

/** The e2e server's embedded PostgreSQL (the port playwright.config.ts gives it). */
export const E2E_DATABASE = `postgres://postgres:postgres@127.0.0.1:${process.env.E2E_PG_PORT ?? '25477'}/portal`

/**
 * The specs' `test`. `db`: the e2e server's database, with the app's camelCase mapping, for the factories
 * (backend/src/modules/<module>/seeds/factories.ts): each spec builds the records it works on
 * instead of reserving demo records. One connection pool per worker, closed with it.
 */
export const test = base.extend<{ closeContexts: void }, { db: Knex }>({
  /** Every context a test opened with `signedIn` is closed when the test ends, passed or failed. */
  closeContexts: [
    async ({}, use) => {
      await use()
      for (const context of openedContexts) await context.close().catch(() => undefined)
      openedContexts.clear()
    },
    { auto: true }
  ],
  db: [
    async ({}, use) => {
      const db = createKnex(E2E_DATABASE, 2)
      await use(db)
      await db.destroy()
    },
    { scope: 'worker' }
  ]
})
