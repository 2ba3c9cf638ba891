import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../../test/server.js'

/*
 * Issue 28 item 6: one read by id costs one JWT check, one cached principal and ability, one SQL
 * statement and one field filter. The JWT's signature, the session and the principal (the user,
 * its groups and the ability built from them) are held per process (authentication.ts,
 * auth/sessions.ts, auth/principals.ts, dropped on change through NOTIFY); the caller's access
 * (the staff's CASL conditions, a vendor's invitation and the statuses it reads a tender in) is
 * in the one statement that reads the tender.
 *
 * Statements are counted with knex's 'query' event while each GET runs, from the second read of
 * the caller on (the first after a sign-in may fill the caches: the caches are what is measured).
 */
let server: TestServer
const statements: string[] = []
const record = (query: { sql: string }) => {
  statements.push(query.sql)
}

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  server?.knex.off('query', record)
  await server?.stop()
})

/** GET /hk/v1/tenders/:id as the token, with every statement it causes. */
async function countedGet(token: string, id: string) {
  statements.length = 0
  server.knex.on('query', record)
  try {
    return await server.api(token, 'GET', `/hk/v1/tenders/${id}`)
  } finally {
    server.knex.off('query', record)
  }
}

const listing = () => statements.map((sql, index) => `${index + 1}. ${sql}`).join('\n')

/** The caller's reads of one tender: each answered from one statement, the tender's, after the first. */
async function expectReads(username: string, prNumber: string, expected: { status: number; statements: number }) {
  const tender = await server.knex('tenders').where({ prNumber }).first('id')
  const { accessToken } = await server.login(username)
  await countedGet(accessToken, tender.id)
  for (let i = 0; i < 2; i++) {
    const response = await countedGet(accessToken, tender.id)
    expect(response.status, JSON.stringify(response.body)).toBe(expected.status)
    if (expected.status === 200) expect(response.body.id).toBe(tender.id)
    expect(statements, listing()).toHaveLength(expected.statements)
    // No account, group, session or region is read again: they come from the process's caches.
    expect(
      statements.filter((sql) => /from "(users|user_groups|security_groups|sessions|regions)"/.test(sql)),
      listing()
    ).toEqual([])
  }
  return statements
}

describe('GET one tender (issue 28 item 6)', () => {
  it('by staff who read every tender: one statement, the tender by region and id', async () => {
    const [sql] = await expectReads('admin', 'PR-ES-0003', { status: 200, statements: 1 })
    expect(sql).toMatch(/^select "tenders"\.\* from "tenders" where /)
  })

  it('by the staff member in charge (own rule): one statement, with the own condition in it', async () => {
    const [sql] = await expectReads('pm.hk', 'PR-ES-0003', { status: 200, statements: 1 })
    expect(sql).toMatch(/"managed_by" = /)
  })

  it('by an invited vendor: one statement, with the invitation and the statuses it reads in it', async () => {
    const [sql] = await expectReads('vendor.beta', 'PR-ES-0003', { status: 200, statements: 1 })
    expect(sql).toMatch(/exists \(select \* from "tender_vendors"/)
    expect(sql).toMatch(/"tenders"\."status" in /)
  })

  it('by a vendor for a tender before its issue: one statement, and not found', async () => {
    await expectReads('vendor.beta', 'PR-ES-0001', { status: 404, statements: 1 })
  })

  it('by a representative (tenders:review) of the tender: one statement, which also finds that the accounts list them', async () => {
    const review = await server.knex('tender_accounts').join('users', 'users.id', 'tender_accounts.user_id').where('users.username', 'accounting.hk').first('tender_accounts.tender_id as tenderId')
    const tender = await server.knex('tenders').where({ id: review.tenderId }).first('prNumber')
    const [sql] = await expectReads('accounting.hk', tender.prNumber, { status: 200, statements: 1 })
    expect(sql).toMatch(/exists \(+select \* from "tender_accounts"/)
  })

  it('by a reviewer who is not the representative of the tender: one statement, and the rules asked of the row', async () => {
    const represented = await server.knex('tender_accounts').pluck('tender_id')
    const other = await server.knex('tenders').where({ region: 'HK' }).whereNotIn('id', represented).orderBy('prNumber').first('prNumber', 'managedBy')
    const accounting = await server.knex('users').where({ username: 'accounting.hk' }).first('id')
    const answered = await server.api((await server.login('accounting.hk')).accessToken, 'GET', `/hk/v1/tenders/${(await server.knex('tenders').where({ prNumber: other.prNumber }).first('id')).id}`)
    // What the rules answer (403 without a tenders read rule, 404 outside the conditions, 200 within), in one statement.
    await expectReads('accounting.hk', other.prNumber, { status: answered.status, statements: 1 })
    expect(other.managedBy).not.toBe(accounting.id)
  })
})
