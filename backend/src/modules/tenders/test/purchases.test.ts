import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../../test/server.js'

let server: TestServer
const tokens: Record<string, string> = {}
let alpha: number
let beta: number
let esSite: number
let cpSite: number
let awardedTender: string
let otherAwardedTender: string
let issuedTender: string
/** The awarded (alpha) bid's total: i1 1 × 1,000.50 + i2 3 × 250.25 less 10% = 1,000.50 + 675.68; the optional item is left out. */
const FINAL = 1676.18

beforeAll(async () => {
  server = await startTestServer()
  for (const name of ['admin', 'pm.hk', 'accounting.hk', 'vendor.alpha', 'vendor.beta']) tokens[name] = (await server.login(name)).accessToken
  const db = server.knex
  alpha = (await db('companies').where({ name: 'Alpha Engineering Ltd' }).first('id')).id
  beta = (await db('companies').where({ name: 'Beta Builders Ltd' }).first('id')).id
  esSite = (await db('sites').where({ region: 'HK', shortName: 'ES' }).first('id')).id
  cpSite = (await db('sites').where({ region: 'HK', shortName: 'CP' }).first('id')).id
  const pm = (await db('users').where({ username: 'pm.hk' }).first('id')).id
  const groups = [
    {
      id: 'g1',
      lineItems: [
        { id: 'i1', itemDesc: 'Preliminaries', itemQty: 1, itemUnit: 'Lot' },
        { id: 'i2', itemDesc: 'Labour', itemQty: 2, itemUnit: 'Man Day', discountType: 'PERCENT', discount: 10 },
        { id: 'i3', itemDesc: 'Optional extra', itemQty: 1, itemUnit: 'Lot', optional: true }
      ]
    }
  ]
  const tender = async (prNumber: string, status: string) =>
    (
      await db('tenders').insert(
        {
          region: 'HK',
          prNumber,
          tenderType: 'TENDER',
          status,
          managedBy: pm,
          siteId: esSite,
          lineItemGroups: JSON.stringify(groups),
          awardedAt: status === 'AWARDED' ? new Date() : null
        },
        ['id']
      )
    )[0].id as string
  const bid = async (tenderId: string, companyId: number, rates: Record<string, number>) =>
    (
      await db('bids').insert(
        {
          region: 'HK',
          tenderId,
          companyId,
          status: 'SUBMITTED',
          content: JSON.stringify({ bidItemQtys: { i2: 3 }, rates })
        },
        ['id']
      )
    )[0].id as string
  awardedTender = await tender('PR-PO-TEST-1', 'AWARDED')
  const winning = await bid(awardedTender, alpha, { i1: 1000.5, i2: 250.25, i3: 99 })
  await bid(awardedTender, beta, { i1: 2000, i2: 300 })
  await db('tenders').where({ id: awardedTender }).update({ recommendedBidId: winning })
  otherAwardedTender = await tender('PR-PO-TEST-2', 'AWARDED')
  const other = await bid(otherAwardedTender, beta, { i1: 1000.5, i2: 250.25 })
  await db('tenders').where({ id: otherAwardedTender }).update({ recommendedBidId: other })
  issuedTender = await tender('PR-PO-TEST-3', 'ISSUED')
  await bid(issuedTender, alpha, { i1: 1000.5, i2: 250.25 })
})
afterAll(async () => {
  await server?.stop()
})

const po = (overrides: Record<string, unknown> = {}) => ({ number: 'PO-TEST-0001', tenderId: awardedTender, companyId: alpha, siteId: esSite, amount: FINAL, retentionPercent: 5, ...overrides })
const create = (user: string, body: unknown, path = 'purchase-orders') => server.api(tokens[user], 'POST', `/v1/${path}`, body)
const expectError = (response: { status: number; body: any }, status: number, code: string) => {
  expect(response.status, JSON.stringify(response.body)).toBe(status)
  expect(response.body.data.code).toBe(code)
}

describe('purchase orders', () => {
  let created: any

  it('creates a PO matching the awarded tender, in the region currency, audited', async () => {
    const response = await create('admin', po())
    expect(response.status, JSON.stringify(response.body)).toBe(201)
    created = response.body
    expect(created).toMatchObject({
      number: 'PO-TEST-0001',
      region: 'HK',
      tenderId: awardedTender,
      companyId: alpha,
      siteId: esSite,
      currency: 'HKD',
      amount: FINAL,
      retentionPercent: 5,
      deduction: 0,
      status: 'ACTIVE'
    })
    const audit = await server
      .knex('audit_log')
      .where({ resource: 'purchase-orders', recordId: String(created.id) })
      .first()
    expect(audit.action).toBe('purchase-orders.create')
    // Amounts may arrive as text with thousands commas.
    const text = await create('admin', po({ number: 'PO-TEST-0002', amount: '1,676.18', currency: 'usd' }))
    expect(text.status, JSON.stringify(text.body)).toBe(201)
    expect(text.body).toMatchObject({ amount: FINAL, currency: 'USD' })
  })

  it('refuses a number under 5 characters', async () => {
    expectError(await create('admin', po({ number: 'PO12' })), 400, 'PO_TOO_SHORT')
    expectError(await create('admin', po({ number: ' PO1 ' })), 400, 'PO_TOO_SHORT')
  })

  it('refuses a tender that is missing or not awarded', async () => {
    expectError(await create('admin', po({ number: 'PO-TEST-0100', tenderId: issuedTender })), 400, 'TENDER_MISMATCH')
    // A tender id that names no tender the caller reads is refused as such (resolve-references.ts).
    expectError(await create('admin', po({ number: 'PO-TEST-0101', tenderId: 'a'.repeat(24) })), 400, 'REFERENCE_INVALID')
  })

  it("refuses a vendor other than the awarded bid's company", async () => {
    expectError(await create('admin', po({ number: 'PO-TEST-0102', companyId: beta })), 400, 'VENDOR_MISMATCH')
  })

  it("refuses a site other than the tender's", async () => {
    expectError(await create('admin', po({ number: 'PO-TEST-0103', siteId: cpSite })), 400, 'SITE_MISMATCH')
  })

  it('refuses a total other than the final amount, or with more than 2 decimals', async () => {
    const off = await create('admin', po({ number: 'PO-TEST-0104', amount: FINAL + 0.01 }))
    expectError(off, 400, 'TOTAL_MISMATCH')
    expect(off.body.data).toMatchObject({ finalAmount: FINAL })
    expect(off.body.message).toContain(FINAL.toLocaleString('en-US', { minimumFractionDigits: 2 }))
    expectError(await create('admin', po({ number: 'PO-TEST-0105', amount: '1676.181' })), 400, 'VALIDATION_FAILED')
  })

  it('refuses a duplicate number in the region, whatever the case', async () => {
    expectError(await create('admin', po()), 409, 'DUPLICATE')
    expectError(await create('admin', po({ number: 'po-test-0001' })), 409, 'DUPLICATE')
  })

  it('patches with the version read; a stale one answers 410', async () => {
    const stale = await server.api(tokens.admin, 'PATCH', `/v1/purchase-orders/${created.id}`, { updatedAt: '2020-01-01T00:00:00Z', retentionPercent: 10 })
    expect(stale.status).toBe(410)
    const patched = await server.api(tokens.admin, 'PATCH', `/v1/purchase-orders/${created.id}`, { updatedAt: created.updatedAt, retentionPercent: 10, deduction: 100 })
    expect(patched.status, JSON.stringify(patched.body)).toBe(200)
    expect(patched.body).toMatchObject({ retentionPercent: 10, deduction: 100, amount: FINAL })
    const mismatch = await server.api(tokens.admin, 'PATCH', `/v1/purchase-orders/${created.id}`, { updatedAt: patched.body.updatedAt, amount: 1 })
    expectError(mismatch, 400, 'TOTAL_MISMATCH')
    const tooMuch = await server.api(tokens.admin, 'PATCH', `/v1/purchase-orders/${created.id}`, { updatedAt: patched.body.updatedAt, deduction: FINAL + 1 })
    expectError(tooMuch, 400, 'VALIDATION_FAILED')
    created = patched.body
  })

  it('denies staff without the permission', async () => {
    expect((await server.api(tokens['accounting.hk'], 'GET', '/v1/purchase-orders')).status).toBe(403)
    expect((await server.api(tokens['accounting.hk'], 'GET', `/v1/purchase-orders/${created.id}`)).status).toBe(403)
    expect((await create('accounting.hk', po({ number: 'PO-TEST-0200' }))).status).toBe(403)
    expect((await create('accounting.hk', po({ number: 'CT-TEST-0200' }), 'contracts')).status).toBe(403)
    expect((await server.api(tokens['accounting.hk'], 'GET', '/v1/purchase-checks?kind=PO&number=PO-TEST-0001')).status).toBe(403)
    expect((await server.api(tokens['accounting.hk'], 'GET', '/v1/purchase-currencies?kind=PO')).status).toBe(403)
  })

  it("lets a project manager raise and read the purchases of the tenders they run, not of others'", async () => {
    // The PO admin raised on pm.hk's tender is managed by the tender's person in charge.
    expect(created.managedBy).toBe((await server.knex('users').where({ username: 'pm.hk' }).first('id')).id)
    const read = await server.api(tokens['pm.hk'], 'GET', `/v1/purchase-orders?tenderId=${awardedTender}`)
    expect(read.status).toBe(200)
    expect(read.body.data.map((row: any) => row.number)).toContain('PO-TEST-0001')
    const own = await create('pm.hk', po({ number: 'PO-TEST-0300' }))
    expect(own.status, JSON.stringify(own.body)).toBe(201)
    // The checks and currencies of the form answer a reader.
    expect((await server.api(tokens['pm.hk'], 'GET', '/v1/purchase-checks?kind=PO&number=PO-TEST-0300')).body).toMatchObject({ isUsed: true, isAwarded: true })
    expect((await server.api(tokens['pm.hk'], 'GET', '/v1/purchase-currencies?kind=CONTRACT')).body[0]).toBe('HKD')
    // Validation still applies to the permitted.
    expectError(await create('pm.hk', po({ number: 'PO-TEST-0301', amount: 1 })), 400, 'TOTAL_MISMATCH')
    // Another manager's awarded tender: neither raised nor read.
    const adminId = (await server.knex('users').where({ username: 'admin' }).first('id')).id
    await server.knex('tenders').where({ id: otherAwardedTender }).update({ managedBy: adminId })
    try {
      expect((await create('pm.hk', po({ number: 'PO-TEST-0302', tenderId: otherAwardedTender, companyId: beta }))).status).toBe(403)
      expect((await create('pm.hk', po({ number: 'CT-TEST-0302', tenderId: otherAwardedTender, companyId: beta }), 'contracts')).status).toBe(403)
      const others = await create('admin', po({ number: 'PO-TEST-0303', tenderId: otherAwardedTender, companyId: beta }))
      expect(others.status).toBe(201)
      expect((await server.api(tokens['pm.hk'], 'GET', `/v1/purchase-orders/${others.body.id}`)).status).toBe(404)
      expect((await server.api(tokens['pm.hk'], 'GET', `/v1/purchase-orders?tenderId=${otherAwardedTender}`)).body.total).toBe(0)
      await server.knex('purchase_orders').where({ id: others.body.id }).delete()
    } finally {
      const pm = (await server.knex('users').where({ username: 'pm.hk' }).first('id')).id
      await server.knex('tenders').where({ id: otherAwardedTender }).update({ managedBy: pm })
    }
    // Raise, read and correct (below): no removal.
    expect((await server.api(tokens['pm.hk'], 'DELETE', `/v1/purchase-orders/${own.body.id}`)).status).toBe(403)
  })

  it("lets a vendor read only its own company's POs, and write none", async () => {
    const own = await server.api(tokens['vendor.alpha'], 'GET', `/v1/purchase-orders/${created.id}`)
    expect(own.status).toBe(200)
    expect(own.body.number).toBe('PO-TEST-0001')
    const alphaList = await server.api(tokens['vendor.alpha'], 'GET', '/v1/purchase-orders')
    expect(alphaList.status).toBe(200)
    expect(alphaList.body.data.every((row: any) => row.companyId === alpha)).toBe(true)
    expect(alphaList.body.data.map((row: any) => row.number)).toContain('PO-TEST-0001')
    expect((await server.api(tokens['vendor.beta'], 'GET', `/v1/purchase-orders/${created.id}`)).status).toBe(404)
    const betaList = await server.api(tokens['vendor.beta'], 'GET', '/v1/purchase-orders')
    expect(betaList.body.data.map((row: any) => row.id)).not.toContain(created.id)
    expect((await create('vendor.alpha', po({ number: 'PO-TEST-0201' }))).status).toBe(403)
    expect((await server.api(tokens['vendor.alpha'], 'PATCH', `/v1/purchase-orders/${created.id}`, { updatedAt: created.updatedAt, retentionPercent: 1 })).status).toBe(403)
  })

  it('seeds a demo PO for the awarded demo tender', async () => {
    const list = await server.api(tokens['vendor.alpha'], 'GET', '/v1/purchase-orders?number=PO-ES-0006')
    expect(list.body.total).toBe(1)
    expect(list.body.data[0]).toMatchObject({ currency: 'HKD', amount: 90000 })
  })
})

describe('contracts', () => {
  const contract = (overrides: Record<string, unknown> = {}) => ({ number: 'C-1', tenderId: awardedTender, companyId: alpha, siteId: esSite, amount: FINAL, ...overrides })

  it('keeps (number, revision) unique and every revision on one tender', async () => {
    const first = await create('admin', contract(), 'contracts')
    expect(first.status, JSON.stringify(first.body)).toBe(201)
    expect(first.body).toMatchObject({ number: 'C-1', revisionNum: 0, currency: 'HKD' })
    const revised = await create('admin', contract({ revisionNum: 1, retentionPercent: 2.5 }), 'contracts')
    expect(revised.status).toBe(201)
    expect(revised.body.revisionNum).toBe(1)
    expectError(await create('admin', contract({ revisionNum: 1 }), 'contracts'), 409, 'DUPLICATE')
    expectError(await create('admin', contract({ revisionNum: 2, tenderId: otherAwardedTender, companyId: beta }), 'contracts'), 400, 'TENDER_MISMATCH')
    expectError(await create('admin', contract({ number: 'C-2', companyId: beta }), 'contracts'), 400, 'VENDOR_MISMATCH')
    expectError(await create('admin', contract({ number: 'C-2', siteId: cpSite }), 'contracts'), 400, 'SITE_MISMATCH')
    expectError(await create('admin', contract({ number: 'C-2', amount: 1 }), 'contracts'), 400, 'TOTAL_MISMATCH')
    const byRevision = await server.api(tokens.admin, 'GET', '/v1/contracts?number=C-1&revisionNum=1')
    expect(byRevision.body.data.map((row: any) => row.revisionNum)).toEqual([1])
  })

  it('lets only the vendor and permitted staff read', async () => {
    expect((await server.api(tokens['accounting.hk'], 'GET', '/v1/contracts')).status).toBe(403)
    const own = await server.api(tokens['vendor.alpha'], 'GET', '/v1/contracts?number=C-1')
    expect(own.body.total).toBe(2)
    const id = own.body.data[0].id
    expect((await server.api(tokens['vendor.beta'], 'GET', `/v1/contracts/${id}`)).status).toBe(404)
  })
})

describe('corrections and cancellation by the project manager', () => {
  const patch = (user: string, id: number, body: unknown, path = 'purchase-orders') => server.api(tokens[user], 'PATCH', `/v1/${path}/${id}`, body)
  let order: any

  beforeAll(async () => {
    tokens['approver.hk'] = (await server.login('approver.hk')).accessToken
    const raised = await create('pm.hk', po({ number: 'PO-FIX-0001', retentionPercent: 5 }))
    expect(raised.status, JSON.stringify(raised.body)).toBe(201)
    order = raised.body
  })

  it('lets the PM of the tender correct a PO, with the version read; a stale one answers 410', async () => {
    const corrected = await patch('pm.hk', order.id, { updatedAt: order.updatedAt, retentionPercent: 7.5, deduction: 25, number: 'PO-FIX-0002' })
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200)
    expect(corrected.body).toMatchObject({ number: 'PO-FIX-0002', retentionPercent: 7.5, deduction: 25, amount: FINAL, status: 'ACTIVE' })
    // The version the first save read is gone: a second window saving from it is refused.
    const stale = await patch('pm.hk', order.id, { updatedAt: order.updatedAt, retentionPercent: 1 })
    expect(stale.status).toBe(410)
    expect((await server.knex('purchase_orders').where({ id: order.id }).first()).retentionPercent).toBe(7.5)
    // The same checks as a create: the total, and the tender stays the record's own.
    expectError(await patch('pm.hk', order.id, { updatedAt: corrected.body.updatedAt, amount: 1 }), 400, 'TOTAL_MISMATCH')
    expectError(await patch('pm.hk', order.id, { updatedAt: corrected.body.updatedAt, number: 'PO-TEST-0001' }), 409, 'DUPLICATE')
    expectError(await patch('pm.hk', order.id, { updatedAt: corrected.body.updatedAt, tenderId: otherAwardedTender, companyId: beta }), 400, 'TENDER_MISMATCH')
    const audit = await server.knex('audit_log').where({ resource: 'purchase-orders', recordId: String(order.id), action: 'purchase-orders.patch' })
    expect(audit.length).toBeGreaterThanOrEqual(1)
    order = corrected.body
  })

  it('lets the PM cancel a PO: final, and its number is never reused', async () => {
    const cancelled = await patch('pm.hk', order.id, { updatedAt: order.updatedAt, status: 'CANCELLED' })
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200)
    expect(cancelled.body).toMatchObject({ status: 'CANCELLED', number: 'PO-FIX-0002', retentionPercent: 7.5 })
    expectError(await patch('pm.hk', order.id, { updatedAt: cancelled.body.updatedAt, status: 'ACTIVE' }), 409, 'INVALID_TRANSITION')
    expectError(await patch('admin', order.id, { updatedAt: cancelled.body.updatedAt, retentionPercent: 1 }), 409, 'INVALID_TRANSITION')
    expectError(await create('pm.hk', po({ number: 'po-fix-0002' })), 409, 'DUPLICATE')
    expect((await server.api(tokens['pm.hk'], 'GET', '/v1/purchase-checks?kind=PO&number=PO-FIX-0002')).body).toMatchObject({ isUsed: true })
  })

  it('lets the PM correct and cancel a contract revision', async () => {
    const raised = await create('pm.hk', { number: 'CT-FIX-1', revisionNum: 0, tenderId: awardedTender, companyId: alpha, siteId: esSite, amount: FINAL }, 'contracts')
    expect(raised.status, JSON.stringify(raised.body)).toBe(201)
    const corrected = await patch('pm.hk', raised.body.id, { updatedAt: raised.body.updatedAt, retentionPercent: 3 }, 'contracts')
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200)
    expect(corrected.body).toMatchObject({ revisionNum: 0, retentionPercent: 3 })
    const cancelled = await patch('pm.hk', raised.body.id, { updatedAt: corrected.body.updatedAt, status: 'CANCELLED' }, 'contracts')
    expect(cancelled.body.status).toBe('CANCELLED')
  })

  it("refuses another manager's tender, an approver and a vendor", async () => {
    const adminId = (await server.knex('users').where({ username: 'admin' }).first('id')).id
    const others = await create('admin', po({ number: 'PO-FIX-0100', tenderId: otherAwardedTender, companyId: beta }))
    expect(others.status, JSON.stringify(others.body)).toBe(201)
    await server.knex('purchase_orders').where({ id: others.body.id }).update({ managedBy: adminId })
    try {
      expect([403, 404]).toContain((await patch('pm.hk', others.body.id, { updatedAt: others.body.updatedAt, retentionPercent: 1 })).status)
      expect([403, 404]).toContain((await patch('pm.hk', others.body.id, { updatedAt: others.body.updatedAt, status: 'CANCELLED' })).status)
      expect((await server.knex('purchase_orders').where({ id: others.body.id }).first()).status).toBe('ACTIVE')
    } finally {
      await server.knex('purchase_orders').where({ id: others.body.id }).delete()
    }
    const fresh = await create('pm.hk', po({ number: 'PO-FIX-0200' }))
    expect(fresh.status).toBe(201)
    // The approver may not read purchase orders: 404, as for an id that does not exist (no version answer either).
    expect((await patch('approver.hk', fresh.body.id, { updatedAt: fresh.body.updatedAt, status: 'CANCELLED' })).status).toBe(404)
    expect((await patch('vendor.alpha', fresh.body.id, { updatedAt: fresh.body.updatedAt, status: 'CANCELLED' })).status).toBe(403)
    expect((await patch('vendor.alpha', fresh.body.id, { updatedAt: fresh.body.updatedAt, retentionPercent: 0 })).status).toBe(403)
    expect((await server.knex('purchase_orders').where({ id: fresh.body.id }).first()).status).toBe('ACTIVE')
  })
})

describe('cancel, the workflow action (purchase.workflow.ts, run by the shared transition runner)', () => {
  const cancel = (user: string, id: number, updatedAt: unknown, path = 'purchase-orders') => server.api(tokens[user], 'POST', `/v1/${path}`, { id, updatedAt }, { 'x-service-method': 'cancel' })

  it('cancels an ACTIVE PO and contract revision for the PM of its tender, once, audited as the action', async () => {
    for (const [path, body] of [
      ['purchase-orders', po({ number: 'PO-WF-0001' })],
      ['contracts', { number: 'CT-WF-1', revisionNum: 0, tenderId: awardedTender, companyId: alpha, siteId: esSite, amount: FINAL }]
    ] as const) {
      const raised = await create('pm.hk', body, path)
      expect(raised.status, JSON.stringify(raised.body)).toBe(201)
      expect((await cancel('pm.hk', raised.body.id, undefined, path)).status).toBe(428)
      const cancelled = await cancel('pm.hk', raised.body.id, raised.body.updatedAt, path)
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200)
      expect(cancelled.body).toMatchObject({ id: raised.body.id, status: 'CANCELLED', number: raised.body.number })
      expectError(await cancel('pm.hk', raised.body.id, cancelled.body.updatedAt, path), 409, 'INVALID_TRANSITION')
      const audit = await server.knex('audit_log').where({ resource: path, recordId: String(raised.body.id), action: `${path}.cancel` })
      expect(audit).toHaveLength(1)
      expect(audit[0].before.status).toBe('ACTIVE')
      expect(audit[0].after.status).toBe('CANCELLED')
    }
  })

  it("refuses a vendor (403), staff who may not read it or another manager's record (404), and leaves it ACTIVE", async () => {
    const adminId = (await server.knex('users').where({ username: 'admin' }).first('id')).id
    const mine = await create('pm.hk', po({ number: 'PO-WF-0002' }))
    const others = await create('admin', po({ number: 'PO-WF-0003', tenderId: otherAwardedTender, companyId: beta }))
    await server.knex('purchase_orders').where({ id: others.body.id }).update({ managedBy: adminId })
    expect((await cancel('vendor.alpha', mine.body.id, mine.body.updatedAt)).status).toBe(403)
    expect((await cancel('vendor.beta', mine.body.id, mine.body.updatedAt)).status).toBe(404)
    expect((await cancel('accounting.hk', mine.body.id, mine.body.updatedAt)).status).toBe(404)
    expect((await cancel('pm.hk', others.body.id, others.body.updatedAt)).status).toBe(404)
    expect((await cancel('pm.hk', 987654321, mine.body.updatedAt)).status).toBe(404)
    const rows = await server.knex('purchase_orders').whereIn('id', [mine.body.id, others.body.id]).pluck('status')
    expect(rows).toEqual(['ACTIVE', 'ACTIVE'])
  })
})

describe('number checks', () => {
  const check = (query: string, user = 'admin') => server.api(tokens[user], 'GET', `/v1/purchase-checks?${query}`)

  it('answers isAwarded and isUsed', async () => {
    expect((await check('kind=PO&number=PO-TEST-0001')).body).toMatchObject({ isAwarded: true, isUsed: true })
    expect((await check('kind=PO&number=PO-NONE-9999')).body).toMatchObject({ isAwarded: false, isUsed: false })
    expect((await check('kind=CONTRACT&number=C-1&revisionNum=1')).body).toMatchObject({ isAwarded: true, isUsed: true })
    expect((await check('kind=CONTRACT&number=C-1&revisionNum=7')).body).toMatchObject({ isAwarded: false, isUsed: false })
    // A PO number already used by a contract counts as used.
    expect((await check('kind=PO&number=C-1')).body).toMatchObject({ isAwarded: false, isUsed: true })
    expect((await check('kind=PO')).status).toBe(400)
  })

  it('answers isSiteValid for a site: the record of that number (and revision) is for that site', async () => {
    expect((await check(`kind=CONTRACT&number=C-1&revisionNum=1&siteId=${esSite}`)).body).toMatchObject({ siteId: esSite, isSiteValid: true })
    expect((await check(`kind=CONTRACT&number=C-1&siteId=${cpSite}`)).body).toMatchObject({ isSiteValid: false })
    expect((await check(`kind=PO&number=PO-NONE-9999&siteId=${esSite}`)).body).toMatchObject({ isSiteValid: false })
    expect((await check('kind=PO&number=PO-TEST-0001')).body.isSiteValid).toBeUndefined()
    expect((await check(`kind=PO&number=PO-TEST-0001&siteId=${esSite}`, 'accounting.hk')).status).toBe(403)
  })

  it("answers only about records the caller reads: nothing of another vendor's or another manager's numbers (issue 8, finding 14)", async () => {
    // PO-TEST-0001 is Alpha's, on an awarded tender of pm.hk's.
    expect((await check('kind=PO&number=PO-TEST-0001', 'vendor.alpha')).body).toMatchObject({ isAwarded: true, isUsed: true })
    expect((await check('kind=PO&number=PO-TEST-0001', 'pm.hk')).body).toMatchObject({ isAwarded: true, isUsed: true })
    expect((await check('kind=PO&number=po-test-0001', 'vendor.beta')).body).toMatchObject({ isAwarded: false, isUsed: false })
    expect((await check(`kind=PO&number=PO-TEST-0001&siteId=${esSite}`, 'vendor.beta')).body).toMatchObject({ isAwarded: false, isUsed: false, isSiteValid: false })
    // Nor through the other kind: a contract number asked as a PO number.
    expect((await check('kind=PO&number=C-1', 'vendor.beta')).body).toMatchObject({ isAwarded: false, isUsed: false })
    // Another manager's tender: pm.hk learns nothing of its numbers; its vendor and admin do.
    const adminId = (await server.knex('users').where({ username: 'admin' }).first('id')).id
    const pmId = (await server.knex('users').where({ username: 'pm.hk' }).first('id')).id
    await server.knex('tenders').where({ id: otherAwardedTender }).update({ managedBy: adminId })
    try {
      const others = await create('admin', po({ number: 'PO-TEST-0400', tenderId: otherAwardedTender, companyId: beta }))
      expect(others.status, JSON.stringify(others.body)).toBe(201)
      expect((await check('kind=PO&number=PO-TEST-0400', 'pm.hk')).body).toMatchObject({ isAwarded: false, isUsed: false })
      expect((await check('kind=PO&number=PO-TEST-0400', 'vendor.alpha')).body).toMatchObject({ isAwarded: false, isUsed: false })
      expect((await check('kind=PO&number=PO-TEST-0400', 'vendor.beta')).body).toMatchObject({ isAwarded: true, isUsed: true })
      expect((await check('kind=PO&number=PO-TEST-0400')).body).toMatchObject({ isAwarded: true, isUsed: true })
      await server.knex('purchase_orders').where({ id: others.body.id }).delete()
    } finally {
      await server.knex('tenders').where({ id: otherAwardedTender }).update({ managedBy: pmId })
    }
    // A tenant reads no purchase at all: refused before any number is looked at.
    const tenant = (await server.login('tenant.acme')).accessToken
    expect((await server.api(tenant, 'GET', '/v1/purchase-checks?kind=PO&number=PO-TEST-0001')).status).toBe(403)
  })
})

describe('currencies', () => {
  const currencies = (kind: string, user = 'admin') => server.api(tokens[user], 'GET', `/v1/purchase-currencies?kind=${kind}`)

  it('offers the region currency first, then the others its records of that kind carry', async () => {
    const [order] = await server.knex('purchase_orders').where({ region: 'HK' }).limit(1).select('id', 'currency')
    await server.knex('purchase_orders').where({ id: order.id }).update({ currency: 'USD' })
    expect((await currencies('PO')).body).toEqual(['HKD', 'USD'])
    await server.knex('purchase_orders').where({ id: order.id }).update({ currency: order.currency })
    expect((await currencies('CONTRACT')).body[0]).toBe('HKD')
    expect((await currencies('PR', 'pm.hk')).status).toBe(200)
    expect((await currencies('PO', 'accounting.hk')).status).toBe(403)
    expect((await currencies('XX')).status).toBe(400)
  })
})

describe('migration 2500: purchase grants for databases seeded before', () => {
  type Grant = { resource: string; action: string; attribute: string }
  const key = (grant: Grant) => `${grant.resource}:${grant.action}:${grant.attribute}`
  const groupRow = (name: string) => server.knex('security_groups').where({ name }).first('id', 'permissions')
  const grantsOf = async (name: string) => ((await groupRow(name)).permissions as Grant[]).map(key)

  it('gives Project Manager and System Admin the grants the seed gives, once, and leaves other groups alone', async () => {
    const { grantsByGroup, up } = await import('../migrations/20261121002500_grants_of_purchases.js')
    const before = Object.fromEntries(await Promise.all(Object.keys(grantsByGroup).map(async (name) => [name, await grantsOf(name)])))
    for (const [name, grants] of Object.entries(grantsByGroup)) {
      expect(before[name]).toEqual(expect.arrayContaining(grants.map(key)))
      const group = await groupRow(name)
      const kept = (group.permissions as Grant[]).filter((held) => !grants.some((grant) => key(grant) === key(held)))
      await server
        .knex('security_groups')
        .where({ id: group.id })
        .update({ permissions: JSON.stringify(kept) })
    }
    const accounting = await groupRow('Accounting')
    server.app.get('principals').invalidate()
    expect((await server.api((await server.login('pm.hk')).accessToken, 'GET', '/v1/purchase-orders')).status).toBe(403)

    await server.knex.transaction((trx) => up(trx))
    await server.knex.transaction((trx) => up(trx))
    for (const name of Object.keys(grantsByGroup)) {
      const held = await grantsOf(name)
      expect([...held].sort()).toEqual([...before[name]].sort())
      expect(new Set(held).size).toBe(held.length)
    }
    expect(await groupRow('Accounting')).toEqual(accounting)
    server.app.get('principals').invalidate()
    expect((await server.api((await server.login('pm.hk')).accessToken, 'GET', '/v1/purchase-orders')).status).toBe(200)
  })
})

describe('migration 2600: the project manager corrects purchases on databases seeded before', () => {
  it('gives Project Manager update on its own purchase orders and contracts, once', async () => {
    const { grantsByGroup, up } = await import('../migrations/20261121002600_grants_to_correct_purchases.js')
    const key = (grant: { resource: string; action: string; attribute: string }) => `${grant.resource}:${grant.action}:${grant.attribute}`
    const group = await server.knex('security_groups').where({ name: 'Project Manager' }).first('id', 'permissions')
    const wanted = grantsByGroup['Project Manager'].map(key)
    expect(group.permissions.map(key)).toEqual(expect.arrayContaining(wanted))
    const kept = group.permissions.filter((held: any) => !wanted.includes(key(held)))
    await server
      .knex('security_groups')
      .where({ id: group.id })
      .update({ permissions: JSON.stringify(kept) })
    await server.knex.transaction((trx) => up(trx))
    await server.knex.transaction((trx) => up(trx))
    const held = (await server.knex('security_groups').where({ id: group.id }).first('permissions')).permissions.map(key)
    expect([...held].sort()).toEqual(group.permissions.map(key).sort())
    server.app.get('principals').invalidate()
  })
})
