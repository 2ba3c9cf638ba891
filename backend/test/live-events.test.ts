import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { feathers } from '@feathersjs/feathers'
import socketio from '@feathersjs/socketio-client'
import { io, type Socket } from 'socket.io-client'
import { startTestServer, type TestServer } from './server.js'

let server: TestServer
const sockets: Socket[] = []

/** A browser's live connection: socket.io in a region, signed in with a token. */
async function connect(username: string, region: string) {
  const { accessToken } = await server.login(username)
  const socket = io(server.url, { query: { region }, transports: ['websocket'], forceNew: true })
  sockets.push(socket)
  const client = feathers().configure(socketio(socket))
  await client.service('authentication').create({ strategy: 'jwt', accessToken })
  const events: Array<{ service: string; event: string; data: any }> = []
  for (const service of ['users', 'buildings', 'tenders', 'bids', 'tender-queries', 'audit-log']) {
    for (const event of ['created', 'patched', 'removed']) {
      client.service(service).on(event, (data: any) => events.push({ service, event, data }))
    }
  }
  /** Resolves with the first event that `match` accepts, past or future. */
  const next = (match: (e: { service: string; event: string; data: any }) => boolean) =>
    new Promise<{ service: string; event: string; data: any }>((resolve) => {
      const found = events.find(match)
      if (found) return resolve(found)
      for (const event of ['created', 'patched', 'removed']) {
        client.service('audit-log').on(event, () => {
          const hit = events.find(match)
          if (hit) resolve(hit)
        })
        client.service('buildings').on(event, () => {
          const hit = events.find(match)
          if (hit) resolve(hit)
        })
      }
    })
  return { events, accessToken, next, client }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 400))

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  for (const socket of sockets) socket.close()
  await server?.stop()
})

describe('live events', () => {
  it('reach only connections whose ability and region allow the record, without secrets', async () => {
    const adminHk = await connect('admin', 'hk')
    const adminBj = await connect('admin', 'bj')
    const alpha = await connect('vendor.alpha', 'hk')
    const beta = await connect('vendor.beta', 'hk')
    const tenant = await connect('tenant.acme', 'hk')
    const pm = await connect('pm.hk', 'hk')

    const alphaUser = await server.knex('users').where({ username: 'vendor.alpha' }).first()
    const current = await server.api(adminHk.accessToken, 'GET', `/hk/v1/users/${alphaUser.id}`)
    const patched = await server.api(adminHk.accessToken, 'PATCH', `/hk/v1/users/${alphaUser.id}`, { phone: '+852 9000 0000', updatedAt: current.body.updatedAt })
    expect(patched.status).toBe(200)
    await settle()

    const seen = (connection: { events: any[] }) => connection.events.filter((e) => e.service === 'users' && e.data.id === alphaUser.id)
    expect(seen(adminHk)).toHaveLength(1)
    expect(seen(adminHk)[0].data.phone).toBe('+852 9000 0000')
    expect(seen(adminHk)[0].data.password).toBeUndefined()
    expect(seen(alpha)).toHaveLength(1)
    expect(seen(alpha)[0].data.password).toBeUndefined()
    expect(seen(beta)).toHaveLength(0)
    expect(seen(tenant)).toHaveLength(0)
    expect(seen(pm)).toHaveLength(0)
    // vendor.alpha's account is in HK and SG only.
    expect(seen(adminBj)).toHaveLength(0)

    const created = await server.api(adminHk.accessToken, 'POST', '/hk/v1/buildings', { code: 'LIVE1', name: 'Live Tower', floors: ['G/F', '1/F'], commonFloor: 'G/F' })
    expect(created.status).toBe(201)
    await settle()
    const buildingEvents = (connection: { events: any[] }) => connection.events.filter((e) => e.service === 'buildings' && e.data.code === 'LIVE1')
    expect(buildingEvents(adminHk)).toHaveLength(1)
    expect(buildingEvents(pm)).toHaveLength(1)
    expect(buildingEvents(adminBj)).toHaveLength(0)
  })

  it('stop at once for a connection whose session ended', async () => {
    const watcher = await connect('approver.hk', 'hk')
    await server.api(watcher.accessToken, 'DELETE', `/v1/authentication/${watcher.accessToken}`)
    const { accessToken } = await server.login('admin')
    const created = await server.api(accessToken, 'POST', '/hk/v1/buildings', { code: 'LIVE2', name: 'After Logout', floors: ['G/F'], commonFloor: 'G/F' })
    expect(created.status).toBe(201)
    await settle()
    expect(watcher.events.filter((e) => e.data.code === 'LIVE2')).toHaveLength(0)
  })

  it("keep reaching every open connection after an administrator changes a security group (everyone's rights are worked out again)", async () => {
    const watcher = await connect('pm.hk', 'hk')
    const { accessToken } = await server.login('admin')
    const group = (await server.api(accessToken, 'POST', '/hk/v1/security-groups', { name: `Live ${Date.now()}`, permissions: [{ resource: 'buildings', action: 'read', attribute: 'any' }] })).body
    expect((await server.api(accessToken, 'DELETE', `/hk/v1/security-groups/${group.id}`)).status).toBe(200)
    await settle() // the change reaches every process through PostgreSQL NOTIFY, this one too
    const created = await server.api(accessToken, 'POST', '/hk/v1/buildings', { code: 'LIVE3', name: 'After a group change', floors: ['G/F'], commonFloor: 'G/F' })
    expect(created.status).toBe(201)
    // The watcher made no request since: its rights came back without one.
    await watcher.next((e) => e.service === 'buildings' && e.data.code === 'LIVE3')
  })

  it('catch a connection up on what changed before it signed in: each event as its ability reads it, once, from the first read on', async () => {
    const { accessToken } = await server.login('admin')
    // The page's first read: the moment its screen shows, on the server's clock.
    const read = await fetch(`${server.url}/hk/v1/buildings?$limit=1`, { headers: { authorization: `Bearer ${accessToken}` } })
    const since = Number(read.headers.get('x-served-at'))
    expect(since).toBeGreaterThan(0)
    // Changes made before the page's live connection signs in.
    const building = await server.api(accessToken, 'POST', '/hk/v1/buildings', { code: 'CATCH1', name: 'Missed Tower', floors: ['G/F'], commonFloor: 'G/F' })
    expect(building.status).toBe(201)
    const beta = await server.knex('users').where({ username: 'vendor.beta' }).first()
    const account = await server.api(accessToken, 'GET', `/hk/v1/users/${beta.id}`)
    expect((await server.api(accessToken, 'PATCH', `/hk/v1/users/${beta.id}`, { phone: '+852 9111 2222', updatedAt: account.body.updatedAt })).status).toBe(200)

    const admin = await connect('admin', 'hk')
    const alpha = await connect('vendor.alpha', 'hk')
    const adminAnswer = await admin.client.service('live-catchup').create({ since })
    expect(adminAnswer.whole).toBe(true)
    await admin.next((e) => e.service === 'buildings' && e.data.code === 'CATCH1')
    await admin.next((e) => e.service === 'users' && e.data.id === beta.id)
    const betaSeen = admin.events.find((e) => e.service === 'users' && e.data.id === beta.id)!
    expect(betaSeen.data.phone).toBe('+852 9111 2222')
    expect(betaSeen.data.password).toBeUndefined()
    expect(admin.events.filter((e) => e.service === 'buildings' && e.data.code === 'CATCH1')).toHaveLength(1)

    // Another vendor's account is not vendor.alpha's to hear of, late or live.
    await alpha.client.service('live-catchup').create({ since })
    await settle()
    expect(alpha.events.filter((e) => e.service === 'users' && e.data.id === beta.id)).toHaveLength(0)

    // Asked from after the changes, there is nothing to catch up on.
    const later = await connect('admin', 'hk')
    const afterwards = Number((await fetch(`${server.url}/hk/v1/buildings?$limit=1`, { headers: { authorization: `Bearer ${accessToken}` } })).headers.get('x-served-at'))
    expect((await later.client.service('live-catchup').create({ since: afterwards })).replayed).toBe(0)
    await settle()
    expect(later.events.filter((e) => e.data?.code === 'CATCH1')).toHaveLength(0)
  })

  it('catch-up: only a signed-in live connection asks, with a time', async () => {
    const { accessToken } = await server.login('admin')
    // Over REST there is no connection to send anything to.
    const rest = await server.api(accessToken, 'POST', '/hk/v1/live-catchup', { since: 0 })
    expect(rest.status).toBe(400)
    const admin = await connect('admin', 'hk')
    for (const since of ['yesterday', -1, null, Number.NaN]) {
      await expect(admin.client.service('live-catchup').create({ since })).rejects.toMatchObject({ code: 400 })
    }
    // A socket that never signed in is told to.
    const socket = io(server.url, { query: { region: 'hk' }, transports: ['websocket'], forceNew: true })
    sockets.push(socket)
    const stranger = feathers().configure(socketio(socket))
    await expect(stranger.service('live-catchup').create({ since: 0 })).rejects.toMatchObject({ code: 401 })
  })

  it('tender review: invited vendors get their tender (vendor view) and their own bid and issued queries; drafts stay with staff', async () => {
    const pm = await connect('pm.hk', 'hk')
    const alpha = await connect('vendor.alpha', 'hk')
    const beta = await connect('vendor.beta', 'hk')
    const tenant = await connect('tenant.acme', 'hk')
    const review = await server.knex('tenders').where({ prNumber: 'PR-ES-0005' }).first()
    const betaCompany = (await server.knex('companies').where({ name: 'Beta Builders Ltd' }).first('id')).id
    const betaBid = await server.knex('bids').where({ tenderId: review.id, companyId: betaCompany }).first()
    const on = (connection: { events: any[] }, service: string) => connection.events.filter((e) => e.service === service)

    // A draft query on Beta's bid: staff only, though Beta's `queries` rule names its company.
    const draft = await server.api(pm.accessToken, 'POST', '/hk/v1/tender-queries', { bidId: betaBid.id, question: 'Unsent question', closingAt: new Date(Date.now() + 2 * 86_400_000).toISOString() })
    expect(draft.status).toBe(201)
    await settle()
    expect(on(pm, 'tender-queries').map((e) => e.event)).toEqual(['created'])
    expect(on(beta, 'tender-queries')).toHaveLength(0)
    expect(on(alpha, 'tender-queries')).toHaveLength(0)

    // Issued: Beta gets the query and its bid (now QUERY, without prices); Alpha nothing.
    const issued = await server.api(pm.accessToken, 'POST', '/hk/v1/tender-queries', { id: draft.body.id, updatedAt: draft.body.updatedAt }, { 'x-service-method': 'issue' })
    expect(issued.status).toBe(200)
    await settle()
    expect(on(beta, 'tender-queries').map((e) => [e.event, e.data.status, e.data.question])).toEqual([['patched', 'ISSUED', 'Unsent question']])
    expect(on(alpha, 'tender-queries')).toHaveLength(0)
    expect(on(tenant, 'tender-queries')).toHaveLength(0)

    // Beta answers: the query and its bid (back to SUBMITTED) go to pm and Beta only.
    const answered = await server.api(beta.accessToken, 'POST', '/hk/v1/tender-queries', { id: draft.body.id, updatedAt: issued.body.updatedAt, answer: 'Answered' }, { 'x-service-method': 'answer' })
    expect(answered.status).toBe(200)
    await settle()
    expect(on(pm, 'tender-queries').at(-1)?.data).toMatchObject({ status: 'SUBMITTED', answer: 'Answered' })
    expect(
      on(pm, 'bids')
        .filter((e) => e.data.id === betaBid.id)
        .map((e) => e.data.status)
    ).toEqual(['QUERY', 'SUBMITTED'])

    // The tender's own events reach the invited vendors with the vendor view (no analysis).
    const tenderEvents = (connection: { events: any[] }) => on(connection, 'tenders').filter((e) => e.data.id === review.id)
    const chosen = await server.api(
      pm.accessToken,
      'POST',
      '/hk/v1/tenders',
      { id: review.id, updatedAt: await server.version('tenders', review.id), bidId: betaBid.id, analysis: 'Internal analysis' },
      { 'x-service-method': 'recommend' }
    )
    expect(chosen.status).toBe(200)
    await settle()
    expect(tenderEvents(pm).at(-1)?.data.analysis).toBe('Internal analysis')
    for (const vendor of [alpha, beta]) {
      expect(tenderEvents(vendor).length).toBeGreaterThan(0)
      expect(tenderEvents(vendor).every((e) => e.data.analysis === undefined && e.data.recommendedBidId === undefined)).toBe(true)
    }
    expect(tenderEvents(tenant)).toHaveLength(0)
    // Bid events: each vendor only its own bid, and never the prices.
    expect(on(beta, 'bids').length).toBeGreaterThan(0)
    expect(on(beta, 'bids').every((e) => e.data.companyId === betaCompany && e.data.content === undefined)).toBe(true)
    expect(on(alpha, 'bids').filter((e) => e.data.companyId === betaCompany)).toHaveLength(0)
  })

  it('an issued addendum: each invited vendor hears its own bid re-invited, without prices; staff hear both', async () => {
    const pm = await connect('pm.hk', 'hk')
    const alpha = await connect('vendor.alpha', 'hk')
    const approver = (await server.login('approver.hk')).accessToken
    const tender = await server.knex('tenders').where({ prNumber: 'PR-ES-0010' }).first()
    const [alphaCompany, betaCompany] = await Promise.all(['Alpha Engineering Ltd', 'Beta Builders Ltd'].map(async (name) => (await server.knex('companies').where({ name }).first('id')).id))
    const method = (token: string, name: string, body: Record<string, unknown>) => server.api(token, 'POST', '/hk/v1/tenders', body, { 'x-service-method': name })
    let record = (await method(pm.accessToken, 'addendum', { id: tender.id, updatedAt: tender.updatedAt })).body
    const approverId = (await server.knex('users').where({ username: 'approver.hk' }).first('id')).id
    record = (await method(pm.accessToken, 'submitAddendum', { id: tender.id, updatedAt: record.updatedAt, approverId })).body
    record = (await method(approver, 'approveAddendum', { id: tender.id, updatedAt: record.updatedAt })).body
    const issued = await method(pm.accessToken, 'issueAddendum', { id: tender.id, updatedAt: record.updatedAt, comment: 'Live' })
    expect(issued.status).toBe(200)
    await settle()
    const bidEvents = (connection: { events: any[] }) => connection.events.filter((e) => e.service === 'bids' && e.data.tenderId === tender.id)
    expect(bidEvents(alpha).map((e) => [e.data.companyId, e.data.status])).toEqual([[alphaCompany, 'INVITED']])
    expect(bidEvents(alpha)[0].data.content).toBeUndefined()
    expect(
      bidEvents(pm)
        .map((e) => e.data.companyId)
        .sort()
    ).toEqual([alphaCompany, betaCompany].sort())
    expect(bidEvents(pm).every((e) => e.data.content === undefined && e.data.receiptDigest === undefined)).toBe(true)
  })

  it("audit entries reach, live, only those who may read that region's audit log", async () => {
    const adminHk = await connect('admin', 'hk')
    const adminBj = await connect('admin', 'bj')
    const pm = await connect('pm.hk', 'hk')
    const vendor = await connect('vendor.alpha', 'hk')
    const created = await server.api(
      adminHk.accessToken,
      'POST',
      '/hk/v1/buildings',
      { code: 'LIVEA1', name: 'Audited Tower', floors: ['G/F'], commonFloor: 'G/F' },
      { 'x-cms-action': 'buildings.create' }
    )
    expect(created.status).toBe(201)
    const isEntry = (e: { service: string; data: any }) => e.service === 'audit-log' && e.data.resource === 'buildings' && e.data.recordId === String(created.body.id)
    const entry = await adminHk.next(isEntry)
    expect(entry.event).toBe('created')
    expect(entry.data).toMatchObject({ region: 'HK', action: 'buildings.create', username: 'admin' })
    expect(entry.data.after).toMatchObject({ code: 'LIVEA1' })
    // pm.hk hears the building itself (it may read buildings) but not its audit entry, which was sent first.
    await pm.next((e) => e.service === 'buildings' && e.data.code === 'LIVEA1')
    expect(pm.events.filter((e) => e.service === 'audit-log')).toEqual([])
    expect(vendor.events.filter((e) => e.service === 'audit-log')).toEqual([])
    // Beijing's log does not show Hong Kong's entry: admin in BJ hears BJ's next entry, and only that.
    const bj = await server.api(adminBj.accessToken, 'POST', '/bj/v1/buildings', { code: 'LIVEA2', name: 'Audited BJ', floors: ['G/F'], commonFloor: 'G/F' })
    expect(bj.status).toBe(201)
    await adminBj.next((e) => e.service === 'audit-log' && e.data.recordId === String(bj.body.id))
    expect(adminBj.events.filter((e) => e.service === 'audit-log').map((e) => e.data.region)).toEqual(['BJ'])
    expect(adminHk.events.filter((e) => e.service === 'audit-log' && e.data.region === 'BJ')).toEqual([])
  })
})
