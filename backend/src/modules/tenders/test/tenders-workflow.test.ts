import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../../test/server.js'
import { closeDueTenders } from '../services/tenders/close-tenders.js'
import { addWorkingDays, closingInstant, localDate } from '../services/tenders/closing-date.js'
import { hongKongHolidays } from '../../../../../seeds/public-holidays.js'

/** The demo's Hong Kong public holidays, which the closing dates skip. */
const hongKongDays = hongKongHolidays.map(([date]) => date)
import { companiesMailedSince, lastMailId, termIdsOf, uploadTenderDocument, useTemporaryFileStorage } from './tender-fixtures.js'

let server: TestServer
let dropFiles = () => {}
const tokens: Record<string, string> = {}
beforeAll(async () => {
  server = await startTestServer()
  dropFiles = useTemporaryFileStorage(server)
  for (const name of ['admin', 'pm.hk', 'approver.hk', 'vendor.alpha', 'vendor.beta']) tokens[name] = (await server.login(name)).accessToken
})
afterAll(async () => {
  await server?.stop()
  dropFiles()
})

const call = async (user: string, method: string, id: string, body: Record<string, unknown> = {}, path = 'tenders') =>
  server.api(tokens[user], 'POST', `/v1/${path}`, { id, updatedAt: await server.version(path, id), ...body }, { 'x-service-method': method })
const userId = async (username: string) => (await server.knex('users').where({ username }).first('id')).id
const companyId = async (name: string) => (await server.knex('companies').where({ name }).first('id')).id
const addressesMailedSince = async (template: string, afterId: number): Promise<string[]> =>
  (await server.knex('mail_messages').where({ template }).where('id', '>', afterId).orderBy('id')).flatMap((mail: any) => [...mail.to, ...mail.cc, ...mail.bcc])

describe('purchase request check', () => {
  it('answers each failure with its code, in the spec order', async () => {
    const check = (prNumber: string, kind?: string) => server.api(tokens['pm.hk'], 'POST', '/v1/tender-checks', { prNumber, kind })
    expect((await check('PR-ES-9001')).body.data.code).toBe('SITE_INVALID')
    // A PR without an amount is told the amount is required, not that it does not match the type.
    const noAmount = await check('PR-ES-9002')
    expect(noAmount.status).toBe(400)
    expect(noAmount.body.data).toMatchObject({ code: 'PR_AMOUNT_REQUIRED', field: 'amount' })
    expect(noAmount.body.message).toBe('Purchase request PR-ES-9002 has no amount: the amount is required (it decides between Tender and ITQ).')
    const inChinese = await server.api(tokens['pm.hk'], 'POST', '/v1/tender-checks', { prNumber: 'PR-ES-9002' }, { 'accept-language': 'zh-CN' })
    expect(inChinese.body.message).toBe('采购申请 PR-ES-9002 没有金额：金额为必填项（据此决定招标或询价）。')
    expect((await check('PR-ES-1001', 'ITQ')).body.data.code).toBe('THRESHOLD_ITQ')
    expect((await check('PR-ES-1002', 'TENDER')).body.data.code).toBe('THRESHOLD_TENDER')
    const inUse = await check('PR-ES-0001')
    expect(inUse.status).toBe(409)
    expect(inUse.body.data.code).toBe('PR_IN_USE')
    const ok = await check('PR-ES-1001')
    expect(ok.status).toBe(201)
    expect(ok.body.kind).toBe('TENDER')
  })

  it('refuses a vendor', async () => {
    expect((await server.api(tokens['vendor.alpha'], 'POST', '/v1/tender-checks', { prNumber: 'PR-ES-1001' })).status).toBe(403)
  })
})

describe('tender lifecycle with sealed bids', () => {
  let tender: any
  let alphaBid: any

  it('creates a DRAFT Tender or ITQ from the PR, managed by the caller, closing at the earliest date', async () => {
    const itq = await server.api(tokens['pm.hk'], 'POST', '/v1/tenders', { prNumber: 'PR-ES-1002' })
    expect(itq.status).toBe(201)
    expect(itq.body).toMatchObject({ tenderType: 'ITQ', status: 'DRAFT', managedBy: await userId('pm.hk'), prNumber: 'PR-ES-1002' })
    expect(itq.body.id).toMatch(/^[a-z0-9]{24}$/)
    const created = await server.api(tokens['pm.hk'], 'POST', '/v1/tenders', { prNumber: 'PR-ES-1001' })
    expect(created.status).toBe(201)
    expect(created.body.tenderType).toBe('TENDER')
    // The earliest allowed day (5 working days after today in Hong Kong), 17:00 there: less than 5 × 24 h ahead on a Sunday afternoon.
    expect(created.body.closingAt).toBe(closingInstant(addWorkingDays(localDate(new Date(), 'Asia/Hong_Kong'), 5, hongKongDays), '17:00', 'Asia/Hong_Kong').toISOString())
    tender = created.body
    const again = await server.api(tokens['pm.hk'], 'POST', '/v1/tenders', { prNumber: 'PR-ES-1001' })
    expect(again.body.data.code).toBe('PR_IN_USE')
  })

  it('reports missing sections on submit, then accepts the edited tender', async () => {
    const approverId = await userId('approver.hk')
    const missing = await call('pm.hk', 'submit', tender.id, { approverId })
    expect(missing.status).toBe(400)
    expect(missing.body.data.code).toBe('MISSING_FIELDS')
    expect(missing.body.data.list).toEqual(['general', 'scope', 'items', 'attachments'])
    const stale = await server.api(tokens['pm.hk'], 'PATCH', `/v1/tenders/${tender.id}`, { updatedAt: '2020-01-01T00:00:00Z', scope: { generalDesc: 'x' } })
    expect(stale.status).toBe(410)
    const patched = await server.api(tokens['pm.hk'], 'PATCH', `/v1/tenders/${tender.id}`, {
      updatedAt: tender.updatedAt,
      general: { projectDescription: 'Lobby lighting', projectLocation: 'ES1 G/F', paymentTerms: '30 days', conditionsOfContracts: 'STANDARD' },
      scope: { generalDesc: 'Replace all lobby fittings' },
      lineItemGroups: [{ id: 'g1', lineItems: [{ id: 'i1', itemDesc: 'Fittings', itemQty: 120, itemUnit: 'No.' }] }]
    })
    expect(patched.status).toBe(200)
    expect((await uploadTenderDocument(server, tokens['pm.hk'], tender.id, { kind: 'CONDITIONS', description: 'Standard conditions' })).status).toBe(201)
    const submitted = await call('pm.hk', 'submit', tender.id, { approverId })
    expect(submitted.status).toBe(200)
    expect(submitted.body).toMatchObject({ status: 'WAPPR', approverId })
    // Not editable any more.
    const late = await server.api(tokens['pm.hk'], 'PATCH', `/v1/tenders/${tender.id}`, { updatedAt: submitted.body.updatedAt, scope: { generalDesc: 'y' } })
    expect(late.status).toBe(409)
    expect(late.body.data.code).toBe('INVALID_TRANSITION')
    tender = submitted.body
  })

  it('lets only the chosen approver approve; the manager issues to two vendors', async () => {
    expect((await call('pm.hk', 'approve', tender.id)).status).toBe(403)
    const approved = await call('approver.hk', 'approve', tender.id)
    expect(approved.status).toBe(200)
    expect(approved.body.status).toBe('APPR')
    // Only active vendor companies of the region are invited: not a tenant's company, not an inactive vendor.
    const alpha = await companyId('Alpha Engineering Ltd')
    const [inactive] = await server.knex('companies').insert({ region: 'HK', name: `Dormant Works ${Date.now()}`, type: 'C', status: 'INACTIVE' }, ['id'])
    try {
      for (const refused of [await companyId('ACME Trading'), inactive.id]) {
        const answer = await call('pm.hk', 'issue', tender.id, { vendorIds: [alpha, refused] })
        expect(answer.status).toBe(400)
        expect(answer.body.data).toMatchObject({ code: 'REFERENCE_INVALID', field: 'vendorIds' })
      }
    } finally {
      await server.knex('companies').where({ id: inactive.id }).delete()
    }
    expect(await server.knex('bids').where({ tenderId: tender.id })).toHaveLength(0)
    const vendorIds = [await companyId('Alpha Engineering Ltd'), await companyId('Beta Builders Ltd')]
    const before = await lastMailId(server)
    const issued = await call('pm.hk', 'issue', tender.id, { vendorIds })
    expect(issued.status).toBe(200)
    expect(issued.body.status).toBe('ISSUED')
    const bids = await server.knex('bids').where({ tenderId: tender.id })
    expect(bids.map((bid: any) => bid.status)).toEqual(['INVITED', 'INVITED'])
    // One invitation per vendor company, each addressed to that company's accounts only.
    expect((await companiesMailedSince(server, 'tender.invitation', before)).sort()).toEqual([...vendorIds].sort())
    // Only the accounts that see tenders: the master and the sub-account with the Tenders toggle, not alpha.office without it (issue 27 item 10).
    expect(await addressesMailedSince('tender.invitation', before)).toEqual(expect.arrayContaining(['vendor.alpha@example.com', 'alpha.site@example.com']))
    expect(await addressesMailedSince('tender.invitation', before)).not.toContain('alpha.office@example.com')
  })

  it('shows a vendor only its invited tenders and its own bid', async () => {
    const visible = await server.api(tokens['vendor.alpha'], 'GET', `/v1/tenders/${tender.id}`)
    expect(visible.body).toMatchObject({ id: tender.id })
    expect(visible.status).toBe(200)
    const drafts = await server.api(tokens['vendor.alpha'], 'GET', '/v1/tenders?status=DRAFT')
    expect(drafts.body.total).toBe(0)
    const alphaList = await server.api(tokens['vendor.alpha'], 'GET', `/v1/bids?tenderId=${tender.id}`)
    expect(alphaList.body.total).toBe(1)
    alphaBid = alphaList.body.data[0]
    const betaList = await server.api(tokens['vendor.beta'], 'GET', `/v1/bids?tenderId=${tender.id}`)
    expect(betaList.body.data.map((bid: any) => bid.id)).not.toContain(alphaBid.id)
    expect((await server.api(tokens['vendor.beta'], 'GET', `/v1/bids/${alphaBid.id}`)).status).toBe(404)
    expect((await call('vendor.beta', 'save', alphaBid.id, { content: { rates: { i1: 1 } } }, 'bids')).status).toBe(404)
  })

  it('saves and submits the bid with a receipt; staff never see prices before opening', async () => {
    const termsAccepted = await termIdsOf(server, tokens['vendor.alpha'], tender.id)
    const saved = await call('vendor.alpha', 'save', alphaBid.id, { updatedAt: alphaBid.updatedAt, content: { rates: { i1: 777.5 }, bidItemQtys: { i1: 120 } }, termsAccepted }, 'bids')
    expect(saved.status).toBe(200)
    expect(saved.body.content.rates.i1).toBe(777.5)
    const before = await lastMailId(server)
    const submitted = await call('vendor.alpha', 'submit', alphaBid.id, {}, 'bids')
    expect(submitted.status).toBe(200)
    expect(submitted.body.status).toBe('SUBMITTED')
    expect(submitted.body.receiptDigest).toMatch(/^[0-9a-f]{64}$/)
    // The receipt names the bid: to the company's accounts that see tenders only (issue 27 item 10).
    expect(await addressesMailedSince('tender.bid-submitted', before)).toEqual(['vendor.alpha@example.com', 'alpha.site@example.com'])

    for (const staff of ['admin', 'pm.hk']) {
      const list = await server.api(tokens[staff], 'GET', `/v1/bids?tenderId=${tender.id}`)
      expect(list.status).toBe(200)
      expect(list.body.total).toBe(2)
      for (const bid of list.body.data) {
        expect(bid.sealed).toBe(true)
        expect(bid.content).toBeUndefined()
        expect(bid.receiptDigest).toBeUndefined()
      }
      const one = await server.api(tokens[staff], 'GET', `/v1/bids/${alphaBid.id}`)
      expect(one.body.content).toBeUndefined()
      expect(JSON.stringify(one.body)).not.toContain('777.5')
    }
    const audit = await server.knex('audit_log').where({ resource: 'bids', recordId: alphaBid.id })
    expect(audit.length).toBe(2)
    expect(JSON.stringify(audit)).not.toContain('777.5')
    const auditApi = await server.api(tokens.admin, 'GET', `/v1/audit-log?resource=bids`)
    expect(JSON.stringify(auditApi.body)).not.toContain('777.5')
  })

  it('closes at the closing date (READY, still sealed), opens to REVIEW with prices visible', async () => {
    await server
      .knex('tenders')
      .where({ id: tender.id })
      .update({ closingAt: new Date(Date.now() - 1000) })
    expect((await call('vendor.alpha', 'save', alphaBid.id, { content: {} }, 'bids')).body.data.code).toBe('TENDER_CLOSED')
    const result = await closeDueTenders(server.app, new Date())
    expect(result.tenders).toContain(tender.id)
    const ready = await server.api(tokens['pm.hk'], 'GET', `/v1/tenders/${tender.id}`)
    expect(ready.body.status).toBe('READY')
    expect((await server.api(tokens['pm.hk'], 'GET', `/v1/bids/${alphaBid.id}`)).body.content).toBeUndefined()
    const opened = await call('pm.hk', 'open', tender.id)
    expect(opened.status).toBe(200)
    expect(opened.body.status).toBe('REVIEW')
    const bid = await server.api(tokens['pm.hk'], 'GET', `/v1/bids/${alphaBid.id}`)
    expect(bid.body.sealed).toBe(false)
    expect(bid.body.content.rates.i1).toBe(777.5)
  })
})

describe('tender approvers lookup', () => {
  it('offers the staff who may approve tenders in the region, not the caller, and refuses vendors', async () => {
    const server = await startTestServer()
    try {
      const pm = await server.login('pm.hk')
      const { status, body } = await server.api(pm.accessToken, 'GET', '/hk/v1/tender-approvers')
      expect(status).toBe(200)
      const usernames = body.data.map((user: any) => user.username)
      expect(usernames).toContain('approver.hk')
      expect(usernames).not.toContain('pm.hk')
      expect(usernames).not.toContain('vendor.alpha')
      const vendor = await server.login('vendor.alpha')
      expect((await server.api(vendor.accessToken, 'GET', '/hk/v1/tender-approvers')).status).toBe(403)
    } finally {
      await server.stop()
    }
  })
})

describe('person in charge handover (changeManager)', () => {
  it('offers the staff who run tenders, hands the tender over and refuses the others', async () => {
    const tender = await server.knex('tenders').where({ prNumber: 'PR-ES-0404' }).first()
    // The lookup of who may take over: staff granted tenders:update (admin), not the caller nor approvers.
    const lookup = await server.api(tokens['pm.hk'], 'GET', '/hk/v1/tender-approvers?role=manager')
    expect(lookup.status).toBe(200)
    const usernames = lookup.body.data.map((user: any) => user.username)
    expect(usernames).toContain('admin')
    expect(usernames).not.toContain('pm.hk')
    expect(usernames).not.toContain('approver.hk')
    const handOver = (user: string, to: number) => call(user, 'changeManager', tender.id, { userId: to, updatedAt: tender.updatedAt })
    expect((await handOver('approver.hk', await userId('admin'))).status).toBe(403)
    expect((await handOver('vendor.alpha', await userId('admin'))).status).toBe(403) // invited: reads it, may not hand it over
    expect((await handOver('pm.hk', await userId('vendor.alpha'))).status).toBe(400) // not staff
    const done = await handOver('pm.hk', await userId('admin'))
    expect(done.status).toBe(200)
    expect(done.body.managedBy).toBe(await userId('admin'))
    expect(done.body.status).toBe('ISSUED')
    // No longer pm.hk's: it cannot hand it over again.
    expect((await call('pm.hk', 'changeManager', tender.id, { userId: await userId('pm.hk'), updatedAt: done.body.updatedAt })).status).not.toBe(200)
  })
})
