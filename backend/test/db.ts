import { inject } from 'vitest'
import pg from 'pg'
import { randomBytes } from 'node:crypto'

/** A fresh database for one test file: a copy of the migrated, seeded template. */
export async function createTestDatabase(): Promise<string> {
  const adminUrl = inject('pgAdminUrl')
  const name = `test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name} TEMPLATE portal_template`)
  await admin.end()
  return adminUrl.replace(/\/[^/]*$/, `/${name}`)
}
