import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startTestServer, type TestServer } from '../../../../test/server.js'

/*
 * Issue 9 point 8: a bid save does its work once. It used to take about 12 SQL statements, with
 * the bid locked twice (audited write, then the service's own load) and the tender read three
 * times (the write's access check, the transition, the sealing of the answer). Now the audited
 * write locks the bid through the service's access narrowing, the runner reads the tender once
 * and hands it to the sealing, and the answer is the row the update returned.
 *
 * Statements are counted with knex's 'query' event while the request runs (vendor.beta's DRAFT
 * bid on the demo tender PR-ES-0003, ISSUED), the live event's included.
 */
let server: TestServer
let token: string
let bid: any
const statements: string[] = []
const record = (query: { sql: string }) => {
  statements.push(query.sql)
}

beforeAll(async () => {
  server = await startTestServer()
  token = (await server.login('vendor.beta')).accessToken
  const tender = await server.knex('tenders').where({ prNumber: 'PR-ES-0003' }).first('id')
  const company = await server.knex('companies').where({ name: 'Beta Builders Ltd' }).first('id')
  bid = await server.knex('bids').where({ tenderId: tender.id, companyId: company.id }).first()
})
afterAll(async () => {
  server?.knex.off('query', record)
  await server?.stop()
})

/** The save, with every statement it causes: the request's own, then its live event's. */
async function countedSave(updatedAt: string, rate: number, { event = true } = {}) {
  statements.length = 0
  server.knex.on('query', record)
  try {
    const response = await server.api(token, 'POST', '/hk/v1/bids', { id: bid.id, updatedAt, content: { rates: { i1: rate } } }, { 'x-service-method': 'save' })
    const answered = statements.length
    // The live events (the bid's, the audit entry's) go out after the commit, on their own: wait
    // for both to be sent (pg_notify), so none is counted in the next save.
    if (event) await vi.waitFor(() => expect(statements.filter((sql) => /pg_notify/.test(sql))).toHaveLength(2))
    return { response, answered }
  } finally {
    server.knex.off('query', record)
  }
}

const reads = (table: string) => statements.filter((sql) => new RegExp(`^select .* from "${table}"`, 'i').test(sql))
const listing = () => statements.map((sql, index) => `${index + 1}. ${sql}`).join('\n')

describe('a bid save (issue 9 point 8)', () => {
  it('locks the bid once, reads the tender once, and takes a fixed number of statements', async () => {
    const { response: first } = await countedSave(new Date(bid.updatedAt).toISOString(), 100)
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({ id: bid.id, status: 'DRAFT', content: { rates: { i1: 100 } } })
    expect(
      statements.filter((sql) => /for update/i.test(sql)),
      listing()
    ).toHaveLength(1)
    expect(reads('tenders'), listing()).toHaveLength(1)
    // The answer and the event are the row the update returned: the bid is not read again.
    expect(reads('bids'), listing()).toHaveLength(1)
    expect(
      statements.filter((sql) => /^update "bids"/i.test(sql)),
      listing()
    ).toHaveLength(1)
    expect(
      statements.slice(0, WRITE_STATEMENTS).map((sql) => sql.split(' ')[0].toLowerCase()),
      listing()
    ).toEqual(['begin;', 'select', 'select', 'update', 'insert', 'commit;'])
    expect(statements, listing()).toHaveLength(WRITE_STATEMENTS + EVENT_STATEMENTS)

    // The same work the second time: nothing is cached across requests to make the first look cheap.
    const { response: second } = await countedSave(first.body.updatedAt, 200)
    expect(second.status).toBe(200)
    expect(statements, listing()).toHaveLength(WRITE_STATEMENTS + EVENT_STATEMENTS)
  })

  it('still answers 428 without a version and 410 for a stale one, after the one lock and the authorization', async () => {
    const current = await server.version('bids', bid.id)
    const { response: stale } = await countedSave('2020-01-01T00:00:00.000Z', 300, { event: false })
    expect(stale.status).toBe(410)
    // The lock, then the tender the save's authorization reads (a caller who may not save learns
    // 403, not whether its copy is current), then the version answer: nothing is written.
    expect(
      statements.map((sql) => sql.split(' ')[0].toLowerCase()),
      listing()
    ).toEqual(['begin;', 'select', 'select', 'rollback'])
    const missing = await server.api(token, 'POST', '/hk/v1/bids', { id: bid.id, content: {} }, { 'x-service-method': 'save' })
    expect(missing.status).toBe(428)
    expect(await server.version('bids', bid.id)).toBe(current)
  })
})

/** BEGIN, the bid locked as the caller reads it, its tender, the update (returning the row), the audit row, COMMIT. */
const WRITE_STATEMENTS = 6
/** The tender's reviewing representatives (tender-channels.ts), the bid's notice and the audit entry's to the other processes. */
const EVENT_STATEMENTS = 3
