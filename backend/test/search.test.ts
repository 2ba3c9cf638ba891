import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTender } from '../src/modules/tenders/seeds/factories.js'
import { startTestServer, type TestServer } from './server.js'

// Issue 10, point 10: the global search (Ctrl+K) finds what the caller may read, and nothing else.

let server: TestServer
const tokens: Record<string, string> = {}

beforeAll(async () => {
  server = await startTestServer()
  for (const user of ['admin', 'pm.hk', 'vendor.alpha', 'tenant.acme']) tokens[user] = (await server.login(user)).accessToken
  // A tender of Singapore, which no Hong Kong search may find.
  await createTender(server.knex, { prNumber: 'PR-SG-ZEBRA', description: 'Zebra crossing repaint', extra: { region: 'SG' } })
})
afterAll(async () => {
  await server?.stop()
})

const search = async (user: string | null, words: string, region = 'hk') => {
  const { status, body } = await server.api(user ? tokens[user] : null, 'GET', `/${region}/v1/search?q=${encodeURIComponent(words)}`)
  return { status, hits: body?.data as any[], body }
}

describe('GET search', () => {
  it("finds the region's tenders by description or PR number, named by PR number", async () => {
    const { status, hits } = await search('pm.hk', 'CHILLER')
    expect(status).toBe(200)
    expect(hits).toEqual([{ resource: 'tenders', id: expect.any(String), title: 'PR-ES-0002', detail: 'ES2 chiller replacement' }])
    // (The project of that tender's purchase order, PO-ES-0006, is found beside it.)
    expect((await search('pm.hk', 'es-0006')).hits.filter((hit) => hit.resource === 'tenders').map((hit) => hit.title)).toEqual(['PR-ES-0006'])
  })

  it("never finds another region's record, even for an administrator of both", async () => {
    expect((await search('pm.hk', 'zebra')).hits).toEqual([])
    expect((await search('admin', 'zebra')).hits).toEqual([])
    expect((await search('admin', 'zebra', 'sg')).hits.map((hit) => hit.title)).toEqual(['PR-SG-ZEBRA'])
  })

  it('finds accounts only for those who may read them: staff administrators, a vendor its own company', async () => {
    const admin = (await search('admin', 'alan lee')).hits
    expect(admin).toEqual([{ resource: 'users', id: expect.any(Number), title: 'Alan Lee (Alpha Engineering)', detail: 'vendor.alpha@example.com', extra: { userType: 401 } }])
    // The project manager has no grant on accounts; the vendor none on tenders.
    expect((await search('pm.hk', 'alan lee')).hits).toEqual([])
    expect((await search('vendor.alpha', 'chiller')).hits).toEqual([])
    expect((await search('vendor.alpha', 'alan')).hits.map((hit) => hit.title)).toEqual(['Alan Lee (Alpha Engineering)'])
    expect((await search('vendor.alpha', 'betty')).hits).toEqual([])
    expect((await search('tenant.acme', 'alan')).hits).toEqual([])
  })

  it('takes the words literally: % and _ match themselves, not everything', async () => {
    expect((await search('admin', '%%')).hits).toEqual([])
    expect((await search('admin', '__')).hits).toEqual([])
  })

  it('answers nothing for fewer than 2 characters, 400 for more than 100, 401 without login', async () => {
    expect(await search('admin', ' a ')).toMatchObject({ status: 200, hits: [] })
    expect((await search('admin', 'x'.repeat(101))).status).toBe(400)
    expect((await search('admin', 'x'.repeat(101))).body.data.code).toBe('VALIDATION_FAILED')
    expect((await search(null, 'alan')).status).toBe(401)
  })
})
