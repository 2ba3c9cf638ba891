import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../../test/server.js'
import { liveSockets } from '../../../../test/live.js'
import { createTender, demoParties, type DemoParties } from '../seeds/factories.js'
import { readsAnyTender } from '../services/tenders/tenders.access.js'
import { uploadTenderDocument, useTemporaryFileStorage } from './tender-fixtures.js'
import { abilityOf } from './workflow-actors.js'
import ExcelJS from 'exceljs'
import { exportsService } from '../../../services/exports/exports.js'

/*
 * The access files of a tender's parts, denials first, on real PostgreSQL over real HTTP and a
 * real socket: tender-revisions.access, tender-documents.access, tender-terms.access and
 * purchase-records.access. Each part's "own" is the tender's (tenders.access) or a column of
 * its own (a purchase record's company and person in charge): a vendor of another company, a
 * tenant, staff without the grant and staff in charge of other tenders are each refused.
 */

let server: TestServer
let parties: DemoParties
let dropFiles: () => void
const tokens: Record<string, string> = {}
const live = liveSockets()

beforeAll(async () => {
  server = await startTestServer()
  dropFiles = useTemporaryFileStorage(server)
  if (!(server.app as any).services['exports/:resource']) server.app.configure(exportsService)
  parties = await demoParties(server.knex)
  for (const name of ['admin', 'pm.hk', 'approver.hk', 'accounting.hk', 'vendor.alpha', 'vendor.beta', 'tenant.acme']) tokens[name] = (await server.login(name)).accessToken
})
afterAll(async () => {
  live.close()
  dropFiles?.()
  await server?.stop()
})

const call = (user: string, method: string, path: string, body?: unknown, headers?: Record<string, string>) => server.api(tokens[user], method, `/v1/${path}`, body, headers)
const rows = (response: { body: any }) => (Array.isArray(response.body) ? response.body : (response.body?.data ?? []))

/** A live connection in a region; its events in arrival order. */
const connect = (username: string, region = 'HK', services: string[]) => live.connect(server, tokens[username], region, [...services, 'buildings'], ['created', 'patched', 'removed'])

/**
 * A later event every connection may read (the region's buildings): events arrive in order on a
 * connection, so one about the part would have come first.
 */
async function afterLaterEvent(connections: Array<Awaited<ReturnType<typeof connect>>>) {
  const code = `PA${Date.now().toString(36).toUpperCase()}`
  const created = await call('admin', 'POST', 'buildings', { code, name: `Parts ${code}`, floors: ['G/F'], commonFloor: 'G/F' })
  expect(created.status).toBe(201)
  for (const connection of connections) await connection.until((event) => event.service === 'buildings' && event.data.code === code)
}

describe('tenders.access readsAnyTender asks the ability', () => {
  const caller = (id: number, ...grants: string[]) => ({ provider: 'rest', user: { id, userType: 521 }, ability: abilityOf({ id, userType: 521 }, ...grants) }) as any
  it('is true for a read grant on every tender, false for own tenders only, for none, and for another resource', () => {
    expect(readsAnyTender(caller(7, 'tenders:read:any'))).toBe(true)
    expect(readsAnyTender(caller(7, 'tenders:read:own'))).toBe(false)
    expect(readsAnyTender(caller(7, 'tenders:update:any'))).toBe(false)
    expect(readsAnyTender(caller(7, 'bids:read:any'))).toBe(false)
    expect(readsAnyTender({ provider: 'rest' } as any)).toBe(false)
  })
})

describe('tender-revisions.access', () => {
  let alphaOnly: string
  let revision: number
  let othersRevision: number

  beforeAll(async () => {
    alphaOnly = (await createTender(server.knex, { status: 'ISSUED', vendors: [parties.alpha], extra: { version: 1 } }, parties)).id
    const adminId = (await server.knex('users').where({ username: 'admin' }).first('id')).id
    const others = (await createTender(server.knex, { status: 'ISSUED', vendors: [parties.alpha], extra: { version: 1, managedBy: adminId } }, parties)).id
    ;[{ id: revision }] = await server.knex('tender_revisions').insert({ region: 'HK', tenderId: alphaOnly, version: 1, comment: 'First addendum', commentUpdatedBy: parties.pm }, ['id'])
    ;[{ id: othersRevision }] = await server.knex('tender_revisions').insert({ region: 'HK', tenderId: others, version: 1, comment: 'Admin addendum' }, ['id'])
  })

  it('lists and reads a revision for the invited vendor and the person in charge only', async () => {
    for (const user of ['vendor.alpha', 'pm.hk', 'admin']) {
      expect(rows(await call(user, 'GET', `tender-revisions?tenderId=${alphaOnly}`)).map((row: any) => row.id)).toEqual([revision])
      expect((await call(user, 'GET', `tender-revisions/${revision}`)).status).toBe(200)
    }
    expect(rows(await call('vendor.beta', 'GET', `tender-revisions?tenderId=${alphaOnly}`))).toEqual([])
    expect((await call('vendor.beta', 'GET', `tender-revisions/${revision}`)).status).toBe(404)
    // In charge of other tenders: the admin's revision is not theirs.
    expect(rows(await call('pm.hk', 'GET', `tender-revisions?id=${othersRevision}`))).toEqual([])
    expect((await call('pm.hk', 'GET', `tender-revisions/${othersRevision}`)).status).toBe(404)
  })

  it('refuses a tenant and staff without a tenders grant before any record (403), the same for an id that does not exist', async () => {
    for (const user of ['tenant.acme', 'accounting.hk']) {
      expect((await call(user, 'GET', `tender-revisions?tenderId=${alphaOnly}`)).status).toBe(403)
      expect((await call(user, 'GET', `tender-revisions/${revision}`)).status).toBe(403)
      expect((await call(user, 'GET', 'tender-revisions/987654321')).status).toBe(403)
    }
  })

  it('hides who edited a comment from vendors, not from staff', async () => {
    expect((await call('vendor.alpha', 'GET', `tender-revisions/${revision}`)).body).not.toHaveProperty('commentUpdatedBy')
    expect(rows(await call('vendor.alpha', 'GET', `tender-revisions?tenderId=${alphaOnly}`))[0]).not.toHaveProperty('commentUpdatedBy')
    expect((await call('pm.hk', 'GET', `tender-revisions/${revision}`)).body).toMatchObject({ commentUpdatedBy: parties.pm })
  })

  it('lets only who updates the tender comment: a vendor and another manager learn nothing, the comment stays', async () => {
    const version = (await server.knex('tender_revisions').where({ id: revision }).first('updatedAt')).updatedAt
    const comment = (user: string, id: number, body: Record<string, unknown> = { updatedAt: version }) =>
      call(user, 'POST', 'tender-revisions', { id, comment: 'Changed', ...body }, { 'x-service-method': 'comment' })
    expect([403, 404]).toContain((await comment('vendor.alpha', revision)).status)
    expect((await comment('vendor.beta', revision, {})).status).toBe(404)
    expect((await comment('pm.hk', othersRevision, {})).status).toBe(404)
    expect((await server.knex('tender_revisions').where({ id: revision }).first('comment')).comment).toBe('First addendum')
  })

  it('over the wire: a comment reaches the person in charge and the invited vendor (without who edited it), never another vendor or a tenant', async () => {
    const pm = await connect('pm.hk', 'HK', ['tender-revisions'])
    const alpha = await connect('vendor.alpha', 'HK', ['tender-revisions'])
    const denied = [await connect('vendor.beta', 'HK', ['tender-revisions']), await connect('tenant.acme', 'HK', ['tender-revisions'])]
    const version = (await server.knex('tender_revisions').where({ id: revision }).first('updatedAt')).updatedAt
    const done = await call('pm.hk', 'POST', 'tender-revisions', { id: revision, comment: 'Site walk moved', updatedAt: version }, { 'x-service-method': 'comment' })
    expect(done.status, JSON.stringify(done.body)).toBe(200)
    const isComment = (event: { service: string; data: any }) => event.service === 'tender-revisions' && event.data.id === revision && event.data.comment === 'Site walk moved'
    await pm.until(isComment)
    await alpha.until(isComment)
    expect(pm.events.find(isComment)!.data).toMatchObject({ commentUpdatedBy: parties.pm })
    expect(alpha.events.find(isComment)!.data).not.toHaveProperty('commentUpdatedBy')
    await afterLaterEvent(denied)
    for (const connection of denied) expect(connection.events.filter((event) => event.service === 'tender-revisions')).toEqual([])
  })
})

describe('tender-documents.access', () => {
  let draft: string
  let document: any

  beforeAll(async () => {
    draft = (await createTender(server.knex, { status: 'DRAFT' }, parties)).id
    const uploaded = await uploadTenderDocument(server, tokens['pm.hk'], draft, { kind: 'ATTACHMENT', description: 'Drawings' }, 'drawings.pdf')
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201)
    document = uploaded.body[0]
  })

  it('lists and serves documents to who reads the tender only: 404 for a vendor before issue and staff in charge of others', async () => {
    expect(rows(await call('pm.hk', 'GET', `tender-documents?tenderId=${draft}`)).map((row: any) => row.id)).toEqual([document.id])
    expect((await call('pm.hk', 'GET', `tender-documents/${document.id}/content`)).status).toBe(200)
    for (const user of ['vendor.alpha', 'vendor.beta']) {
      expect((await call(user, 'GET', `tender-documents?tenderId=${draft}`)).status).toBe(404)
      expect((await call(user, 'GET', `tender-documents/${document.id}/content`)).status).toBe(404)
    }
    for (const user of ['tenant.acme', 'accounting.hk']) expect((await call(user, 'GET', `tender-documents?tenderId=${draft}`)).status).toBe(403)
  })

  it('answers a change by who may not read the tender 404, before any version answer (428/410), as for an id that does not exist', async () => {
    for (const user of ['vendor.alpha', 'vendor.beta', 'tenant.acme', 'accounting.hk']) {
      expect((await call(user, 'PATCH', `tender-documents/${document.id}`, { description: 'Mine' })).status).toBe(404)
      expect((await call(user, 'PATCH', `tender-documents/${document.id}`, { description: 'Mine', updatedAt: '2000-01-01T00:00:00.000Z' })).status).toBe(404)
      expect((await call(user, 'DELETE', `tender-documents/${document.id}`)).status).toBe(404)
      expect((await call(user, 'PATCH', 'tender-documents/987654321', { description: 'Mine' })).status).toBe(404)
    }
    const stored = await server.knex('tender_documents').where({ id: document.id }).first('description')
    expect(stored.description).toBe('Drawings')
  })

  it('still answers the version rules to the person in charge (428 without it, 410 stale) and lets them change it', async () => {
    expect((await call('pm.hk', 'PATCH', `tender-documents/${document.id}`, { description: 'Site drawings' })).status).toBe(428)
    expect((await call('pm.hk', 'PATCH', `tender-documents/${document.id}`, { description: 'Site drawings', updatedAt: '2000-01-01T00:00:00.000Z' })).status).toBe(410)
    const changed = await call('pm.hk', 'PATCH', `tender-documents/${document.id}`, { description: 'Site drawings', updatedAt: document.updatedAt })
    expect(changed.status, JSON.stringify(changed.body)).toBe(200)
    expect(changed.body.description).toBe('Site drawings')
  })

  it('over the wire: a document change reaches the staff who read the tender, never a vendor (even invited, before issue) or a tenant', async () => {
    const draftTender = (await createTender(server.knex, { status: 'DRAFT' }, parties)).id
    await server.knex('tender_vendors').insert({ tenderId: draftTender, companyId: parties.alpha, invitedAt: new Date() })
    const pm = await connect('pm.hk', 'HK', ['tender-documents'])
    const admin = await connect('admin', 'HK', ['tender-documents'])
    const denied = [
      await connect('vendor.alpha', 'HK', ['tender-documents']),
      await connect('vendor.beta', 'HK', ['tender-documents']),
      await connect('tenant.acme', 'HK', ['tender-documents']),
      await connect('accounting.hk', 'HK', ['tender-documents'])
    ]
    const uploaded = await uploadTenderDocument(server, tokens['pm.hk'], draftTender, { kind: 'ATTACHMENT' }, 'plan.pdf')
    expect(uploaded.status).toBe(201)
    const isPlan = (event: { service: string; data: any }) => event.service === 'tender-documents' && event.data.id === uploaded.body[0].id
    await pm.until(isPlan)
    await admin.until(isPlan)
    expect(pm.events.find(isPlan)!.data).toMatchObject({ tenderId: draftTender, name: 'plan.pdf' })
    await afterLaterEvent(denied)
    for (const connection of denied) expect(connection.events.filter((event) => event.service === 'tender-documents')).toEqual([])
  })
})

describe('tender-terms.access', () => {
  it('answers the terms of a tender to its readers only: 404 for a vendor not invited, 403 for a tenant', async () => {
    const alphaOnly = (await createTender(server.knex, { status: 'ISSUED', vendors: [parties.alpha] }, parties)).id
    for (const user of ['vendor.alpha', 'pm.hk']) expect((await call(user, 'GET', `tenders/${alphaOnly}/terms`)).status).toBe(200)
    expect((await call('vendor.beta', 'GET', `tenders/${alphaOnly}/terms`)).status).toBe(404)
    expect((await call('tenant.acme', 'GET', `tenders/${alphaOnly}/terms`)).status).toBe(403)
  })

  it('keeps the terms library to staff holding tender-terms: vendors and tenants are refused it', async () => {
    expect((await call('admin', 'GET', 'tender-terms')).status).toBe(200)
    for (const user of ['vendor.alpha', 'tenant.acme']) expect((await call(user, 'GET', 'tender-terms')).status).toBe(403)
  })
})

describe('purchase-records.access', () => {
  let tender: string
  let order: any
  const FINAL = 1000

  beforeAll(async () => {
    const groups = [{ id: 'g1', lineItems: [{ id: 'i1', itemDesc: 'Works', itemQty: 1, itemUnit: 'Lot' }] }]
    tender = (await createTender(server.knex, { status: 'AWARDED', vendors: [parties.alpha, parties.beta], lineItemGroups: groups as any }, parties)).id
    const [{ id: bid }] = await server.knex('bids').insert({ region: 'HK', tenderId: tender, companyId: parties.alpha, status: 'SUBMITTED', content: JSON.stringify({ rates: { i1: FINAL } }) }, ['id'])
    await server.knex('tenders').where({ id: tender }).update({ recommendedBidId: bid, awardedAt: new Date() })
    const site = (await server.knex('tenders').where({ id: tender }).first('siteId')).siteId
    const raised = await call('pm.hk', 'POST', 'purchase-orders', { number: `PO-PA-${Date.now().toString(36)}`, tenderId: tender, companyId: parties.alpha, siteId: site, amount: FINAL })
    expect(raised.status, JSON.stringify(raised.body)).toBe(201)
    order = raised.body
  })

  it("lists and reads a PO for its vendor and its tender's person in charge, not for another vendor (404) or manager", async () => {
    for (const user of ['vendor.alpha', 'pm.hk', 'admin']) {
      expect(rows(await call(user, 'GET', `purchase-orders?tenderId=${tender}`)).map((row: any) => row.id)).toEqual([order.id])
      expect((await call(user, 'GET', `purchase-orders/${order.id}`)).status).toBe(200)
    }
    expect(rows(await call('vendor.beta', 'GET', `purchase-orders?tenderId=${tender}`))).toEqual([])
    expect((await call('vendor.beta', 'GET', `purchase-orders/${order.id}`)).status).toBe(404)
    const adminId = (await server.knex('users').where({ username: 'admin' }).first('id')).id
    await server.knex('purchase_orders').where({ id: order.id }).update({ managedBy: adminId })
    try {
      expect(rows(await call('pm.hk', 'GET', `purchase-orders?tenderId=${tender}`))).toEqual([])
      expect((await call('pm.hk', 'GET', `purchase-orders/${order.id}`)).status).toBe(404)
    } finally {
      await server.knex('purchase_orders').where({ id: order.id }).update({ managedBy: parties.pm })
    }
  })

  it("exports a vendor its own company's POs only, and refuses the export to staff without the grant", async () => {
    const numbersIn = async (user: string) => {
      const response = await fetch(`${server.url}/v1/exports/purchase-orders?tenderId=${tender}`, { headers: { authorization: `Bearer ${tokens[user]}` } })
      if (!response.ok) return response.status
      const workbook = new ExcelJS.Workbook()
      await workbook.xlsx.load((await response.arrayBuffer()) as any)
      const cells: string[] = []
      workbook.worksheets[0].eachRow((row) => (row.values as any[]).forEach((value) => cells.push(String(value))))
      return cells.includes(order.number)
    }
    expect(await numbersIn('vendor.alpha')).toBe(true)
    expect(await numbersIn('pm.hk')).toBe(true)
    expect(await numbersIn('vendor.beta')).toBe(false)
    expect(await numbersIn('approver.hk')).toBe(403)
  })

  it('refuses a tenant and staff without the grant the list (403), and answers them nothing of an id', async () => {
    for (const user of ['tenant.acme', 'approver.hk']) {
      expect((await call(user, 'GET', 'purchase-orders')).status).toBe(403)
      expect([403, 404]).toContain((await call(user, 'GET', `purchase-orders/${order.id}`)).status)
    }
  })

  it('over the wire: a cancelled PO reaches its vendor and the person in charge, never another vendor or a tenant', async () => {
    const pm = await connect('pm.hk', 'HK', ['purchase-orders'])
    const alpha = await connect('vendor.alpha', 'HK', ['purchase-orders'])
    const denied = [await connect('vendor.beta', 'HK', ['purchase-orders']), await connect('tenant.acme', 'HK', ['purchase-orders']), await connect('approver.hk', 'HK', ['purchase-orders'])]
    const cancelled = await call('pm.hk', 'POST', 'purchase-orders', { id: order.id, updatedAt: order.updatedAt }, { 'x-service-method': 'cancel' })
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200)
    const isOrder = (event: { service: string; data: any }) => event.service === 'purchase-orders' && event.data.id === order.id
    await pm.until(isOrder)
    await alpha.until(isOrder)
    expect(alpha.events.find(isOrder)!.data).toMatchObject({ status: 'CANCELLED' })
    await afterLaterEvent(denied)
    for (const connection of denied) expect(connection.events.filter(isOrder)).toEqual([])
  })
})
