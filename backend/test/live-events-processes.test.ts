import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { feathers } from '@feathersjs/feathers'
import socketio from '@feathersjs/socketio-client'
import { io, type Socket } from 'socket.io-client'
import { startTestServer, type TestServer } from './server.js'
import { launchPortal, signInAt, stopAllPortals, until, waitUp, type PortalProcess } from './processes.js'

// Two server processes on one database (issue 8, #11): this test's server (A) and `npm start`
// in a process of its own (B), as N processes behind a load balancer run.
let a: TestServer
let b: PortalProcess
const sockets: Socket[] = []

interface Heard {
  service: string
  event: string
  data: any
}

/** A browser's live connection to the process at `url`, signed in there. */
async function connect(url: string, username: string, region = 'hk') {
  const accessToken = await signInAt(url, username)
  const socket = io(url, { query: { region }, transports: ['websocket'], forceNew: true })
  sockets.push(socket)
  const client = feathers().configure(socketio(socket))
  await client.service('authentication').create({ strategy: 'jwt', accessToken })
  const heard: Heard[] = []
  for (const service of ['buildings', 'tenders', 'bids', 'tender-queries']) {
    for (const event of ['created', 'patched', 'removed']) {
      client.service(service).on(event, (data: any) => heard.push({ service, event, data }))
    }
  }
  return heard
}

const on = (heard: Heard[], service: string, match: (data: any) => boolean) => heard.filter((e) => e.service === service && match(e.data))

beforeAll(async () => {
  a = await startTestServer()
  b = await waitUp(launchPortal({ PORT: 0, DATABASE_URL: a.databaseUrl }))
}, 300_000)

afterAll(async () => {
  for (const socket of sockets) socket.close()
  await stopAllPortals()
  await a?.stop()
}, 120_000)

describe('live events across server processes', () => {
  it('a record created and patched through one process reaches the sockets of the other, once each, in order', async () => {
    const adminOnB = await connect(b.url, 'admin')
    const adminOnA = await connect(a.url, 'admin')
    const pmOnB = await connect(b.url, 'pm.hk')
    const adminBjOnB = await connect(b.url, 'admin', 'bj')
    const { accessToken } = await a.login('admin')

    const created = await a.api(accessToken, 'POST', '/hk/v1/buildings', { code: 'XPROC1', name: 'Across', floors: ['G/F'], commonFloor: 'G/F' })
    expect(created.status).toBe(201)
    const patched = await a.api(accessToken, 'PATCH', `/hk/v1/buildings/${created.body.id}`, { name: 'Across processes', updatedAt: created.body.updatedAt })
    expect(patched.status).toBe(200)

    const ofIt = (data: any) => data.id === created.body.id
    await until('B to hear the patch', () => on(adminOnB, 'buildings', ofIt).length === 2 && on(pmOnB, 'buildings', ofIt).length === 2, 30_000)
    for (const heard of [adminOnB, pmOnB]) {
      expect(on(heard, 'buildings', ofIt).map((e) => [e.event, e.data.name])).toEqual([
        ['created', 'Across'],
        ['patched', 'Across processes']
      ])
    }
    // The writer's own process hears it once (its own NOTIFY is not taken for another's).
    await until('A to hear the patch', () => on(adminOnA, 'buildings', ofIt).length === 2, 30_000)
    expect(on(adminOnA, 'buildings', ofIt).map((e) => e.event)).toEqual(['created', 'patched'])

    // Back the other way, and the region still decides: Beijing's admin heard nothing of HK's building.
    const tokenB = await signInAt(b.url, 'admin')
    const response = await fetch(`${b.url}/bj/v1/buildings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tokenB}` },
      body: JSON.stringify({ code: 'XPROC2', name: 'From B', floors: ['G/F'], commonFloor: 'G/F' })
    })
    expect(response.status).toBe(201)
    const fromB = (await response.json()).id
    await until('B to hear its own write', () => on(adminBjOnB, 'buildings', (data) => data.id === fromB).length === 1, 30_000)
    expect(on(adminBjOnB, 'buildings', ofIt)).toHaveLength(0)
    expect(on(adminOnA, 'buildings', (data) => data.id === fromB)).toHaveLength(0)
  }, 120_000)

  it("a list's total counted on one process follows a record added through the other, and a row written outside the portal", async () => {
    const tokenA = (await a.login('admin')).accessToken
    const tokenB = await signInAt(b.url, 'admin')
    const totalOnB = async () => {
      const response = await fetch(`${b.url}/hk/v1/buildings?$limit=1`, { headers: { authorization: `Bearer ${tokenB}` } })
      return ((await response.json()) as { total: number }).total
    }
    const before = await totalOnB()
    expect(await totalOnB()).toBe(before) // counted once, then kept
    expect((await a.api(tokenA, 'POST', '/hk/v1/buildings', { code: 'XCOUNT1', name: 'Counted', floors: ['G/F'], commonFloor: 'G/F' })).status).toBe(201)
    await until('the other process counts the new building', async () => (await totalOnB()) === before + 1, 10_000)
    // A row written by another program on the same database is counted too.
    await a.knex.raw(`INSERT INTO buildings (region, code, name, floors, common_floor) VALUES ('HK', 'XCOUNT2', 'Written elsewhere', '["G/F"]', 'G/F')`)
    await until('the other process counts the building written outside the portal', async () => (await totalOnB()) === before + 2, 10_000)
  })

  it("a vendor on the other process hears its own bid's events and never another vendor's; sealed fields never travel", async () => {
    const pmOnB = await connect(b.url, 'pm.hk')
    const alphaOnB = await connect(b.url, 'vendor.alpha')
    const betaOnB = await connect(b.url, 'vendor.beta')
    const tenantOnB = await connect(b.url, 'tenant.acme')
    const pm = (await a.login('pm.hk')).accessToken
    const review = await a.knex('tenders').where({ prNumber: 'PR-ES-0005' }).first()
    const companyId = async (name: string) => (await a.knex('companies').where({ name }).first('id')).id
    const [alphaCompany, betaCompany] = [await companyId('Alpha Engineering Ltd'), await companyId('Beta Builders Ltd')]
    const bidOf = (company: number) => a.knex('bids').where({ tenderId: review.id, companyId: company }).first()
    const [alphaBid, betaBid] = [await bidOf(alphaCompany), await bidOf(betaCompany)]

    // A query on Beta's bid, issued through A (Beta's bid goes to QUERY); then Alpha answers its
    // open query (seeded), through A too (Alpha's bid goes back to SUBMITTED). The draft's question
    // is longer than a NOTIFY may carry: it travels through `live_events`.
    const longQuestion = `Please confirm the scope: ${'範圍'.repeat(1500)}`
    const draft = await a.api(pm, 'POST', '/hk/v1/tender-queries', { bidId: betaBid.id, question: longQuestion, closingAt: new Date(Date.now() + 2 * 86_400_000).toISOString() })
    expect(draft.status).toBe(201)
    const issued = await a.api(pm, 'POST', '/hk/v1/tender-queries', { id: draft.body.id, updatedAt: draft.body.updatedAt }, { 'x-service-method': 'issue' })
    expect(issued.status).toBe(200)
    const alphaQuery = await a.knex('tender_queries').where({ bidId: alphaBid.id, status: 'ISSUED' }).first()
    const alpha = (await a.login('vendor.alpha')).accessToken
    const answered = await a.api(alpha, 'POST', '/hk/v1/tender-queries', { id: alphaQuery.id, answer: 'Confirmed', updatedAt: alphaQuery.updatedAt }, { 'x-service-method': 'answer' })
    expect(answered.status).toBe(200)

    const bidEvents = (heard: Heard[], bid: any) => on(heard, 'bids', (data) => data.id === bid.id)
    // Alpha's events come after Beta's: once Alpha has heard its own, Beta's would have reached it.
    await until('Alpha to hear its own bid', () => bidEvents(alphaOnB, alphaBid).length > 0 && bidEvents(pmOnB, alphaBid).length > 0, 30_000)
    await until('Beta to hear its own bid', () => bidEvents(betaOnB, betaBid).length > 0, 30_000)

    expect(bidEvents(betaOnB, betaBid).map((e) => e.data.status)).toEqual(['QUERY'])
    expect(bidEvents(alphaOnB, alphaBid).map((e) => e.data.status)).toEqual(['SUBMITTED'])
    expect(on(alphaOnB, 'bids', (data) => data.companyId !== alphaCompany)).toHaveLength(0)
    expect(on(betaOnB, 'bids', (data) => data.companyId !== betaCompany)).toHaveLength(0)
    expect(on(alphaOnB, 'tender-queries', (data) => data.bidId === betaBid.id)).toHaveLength(0)
    expect(on(betaOnB, 'tender-queries', (data) => data.bidId === alphaBid.id)).toHaveLength(0)
    // Drafts stay with staff; the tenant hears nothing of bids or queries.
    expect(on(betaOnB, 'tender-queries', (data) => data.status === 'DRAFT')).toHaveLength(0)
    expect(tenantOnB.filter((e) => e.service === 'bids' || e.service === 'tender-queries')).toHaveLength(0)

    expect(bidEvents(pmOnB, betaBid).map((e) => e.data.status)).toEqual(['QUERY'])
    expect(bidEvents(pmOnB, alphaBid).map((e) => e.data.status)).toEqual(['SUBMITTED'])
    for (const heard of [pmOnB, alphaOnB, betaOnB]) {
      expect(on(heard, 'bids', () => true).every((e) => e.data.content === undefined && e.data.receiptDigest === undefined && e.data.termsAccepted === undefined)).toBe(true)
    }
    // The staff's draft, too big for a NOTIFY, arrived whole, through `live_events`.
    expect(Number((await a.knex('live_events').count('* as n').first())?.n)).toBeGreaterThan(0)
    const drafts = on(pmOnB, 'tender-queries', (data) => data.status === 'DRAFT')
    expect(drafts.map((e) => [e.event, e.data.question])).toEqual([['created', longQuestion]])
    expect(on(betaOnB, 'tender-queries', (data) => data.bidId === betaBid.id).map((e) => [e.event, e.data.status, e.data.question])).toEqual([['patched', 'ISSUED', longQuestion]])
  }, 120_000)
})
