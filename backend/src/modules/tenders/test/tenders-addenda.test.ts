import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../../test/server.js'
import { closeDueTenders } from '../services/tenders/close-tenders.js'
import { tenderTotal } from '../services/tenders/tender-amounts.js'
import { companiesMailedSince, lastMailId } from './tender-fixtures.js'

// Addenda of issued tenders (issue 3 point 7) over the demo tenders (seeds/tenders.ts,
// seeds/addenda.ts): PR-ES-0003 ISSUED (Alpha SUBMITTED, Beta DRAFT), PR-ES-0008 with addendum 1
// issued, PR-ES-0009 with addendum 1 pending, PR-ES-0010 ISSUED, PR-ES-0001 DRAFT, PR-ES-0004 READY.

/** The line items as vendors read them: without the engineer's rates (the estimate behind the budget). */
const withoutEstimates = (groups: any[]) => groups.map((group) => ({ ...group, lineItems: group.lineItems.map(({ rate: _estimate, ...item }: any) => item) }))

let server: TestServer
const tokens: Record<string, string> = {}
beforeAll(async () => {
  server = await startTestServer()
  for (const name of ['admin', 'pm.hk', 'approver.hk', 'accounting.hk', 'vendor.alpha', 'vendor.beta', 'tenant.acme']) tokens[name] = (await server.login(name)).accessToken
})
afterAll(async () => {
  await server?.stop()
})

const call = async (user: string, method: string, id: unknown, body: Record<string, unknown> = {}, path = 'tenders') =>
  server.api(tokens[user], 'POST', `/v1/${path}`, { id, updatedAt: await server.version(path, id), ...body }, { 'x-service-method': method })
const tenderOf = (prNumber: string) => server.knex('tenders').where({ prNumber }).first()
const userId = async (username: string) => (await server.knex('users').where({ username }).first('id')).id
const companyId = async (name: string) => (await server.knex('companies').where({ name }).first('id')).id
const bidsOf = async (tenderId: string) => {
  const rows = await server.knex('bids').where({ tenderId })
  return { alpha: rows.find((b: any) => b.companyId === alphaId), beta: rows.find((b: any) => b.companyId === betaId) }
}
const mailsTo = async (template: string, address: string) => (await server.knex('mail_messages').where({ template })).filter((mail: any) => JSON.stringify(mail.to).includes(address)).length
const labels = (groups: any[]) => groups.flatMap((group) => group.lineItems.map((item: any) => `${item.id}:${item.addendumLabel ?? '-'}`)).join(' ')
const expectCode = (answer: { status: number; body: any }, status: number, code?: string) => {
  expect(answer.status).toBe(status)
  if (code) expect(answer.body.data?.code).toBe(code)
}

let alphaId: number
let betaId: number
beforeAll(async () => {
  alphaId = await companyId('Alpha Engineering Ltd')
  betaId = await companyId('Beta Builders Ltd')
})

describe('creating an addendum: only on an ISSUED tender before closing, by its person in charge', () => {
  it('refuses vendors, tenants, the approver and staff without the tender', async () => {
    const tender = await tenderOf('PR-ES-0003')
    expectCode(await call('vendor.alpha', 'addendum', tender.id, { updatedAt: tender.updatedAt }), 403)
    expectCode(await call('approver.hk', 'addendum', tender.id, { updatedAt: tender.updatedAt }), 403)
    // Users who cannot read the tender at all do not learn it exists.
    expect([403, 404]).toContain((await call('tenant.acme', 'addendum', tender.id, { updatedAt: tender.updatedAt })).status)
    expect([403, 404]).toContain((await call('accounting.hk', 'addendum', tender.id, { updatedAt: tender.updatedAt })).status)
    expect((await tenderOf('PR-ES-0003')).version).toBe(0)
  })

  it('refuses a tender not ISSUED, one past its closing, and one with an addendum pending', async () => {
    const draft = await tenderOf('PR-ES-0001')
    expectCode(await call('pm.hk', 'addendum', draft.id, { updatedAt: draft.updatedAt }), 409, 'INVALID_TRANSITION')
    const ready = await tenderOf('PR-ES-0004')
    expectCode(await call('pm.hk', 'addendum', ready.id, { updatedAt: ready.updatedAt }), 409, 'INVALID_TRANSITION')
    const pending = await tenderOf('PR-ES-0009')
    expectCode(await call('pm.hk', 'addendum', pending.id, { updatedAt: pending.updatedAt }), 409, 'INVALID_TRANSITION')
    const plain = await tenderOf('PR-ES-0010')
    await server
      .knex('tenders')
      .where({ id: plain.id })
      .update({ closingAt: new Date(Date.now() - 60_000) })
    const late = await tenderOf('PR-ES-0010')
    expectCode(await call('pm.hk', 'addendum', plain.id, { updatedAt: late.updatedAt }), 409, 'INVALID_TRANSITION')
    await server.knex('tenders').where({ id: plain.id }).update({ closingAt: plain.closingAt })
  })

  it('answers 410 on a stale updatedAt', async () => {
    const tender = await tenderOf('PR-ES-0003')
    expectCode(await call('pm.hk', 'addendum', tender.id, { updatedAt: '2020-01-01T00:00:00.000Z' }), 410, 'STALE_WRITE')
  })
})

describe('the addendum cycle on PR-ES-0003', () => {
  let tender: any
  const approverOf = () => userId('approver.hk')

  it('pm.hk creates addendum 1: version 1, A-DRAFT, the issued content as its draft; vendors still read the issued content', async () => {
    const before = await tenderOf('PR-ES-0003')
    const created = await call('pm.hk', 'addendum', before.id, { updatedAt: before.updatedAt })
    expect(created.status).toBe(200)
    expect(created.body).toMatchObject({ status: 'ISSUED', version: 1, addendumStatus: 'DRAFT' })
    expect(created.body.addendumDraft.lineItemGroups).toEqual(
      before.lineItemGroups.map((group: any) => ({ ...group, lineItems: group.lineItems.map((item: any) => ({ ...item, addendumLabel: null })) }))
    )
    tender = created.body
    const vendor = await server.api(tokens['vendor.alpha'], 'GET', `/v1/tenders/${tender.id}`)
    expect(vendor.status).toBe(200)
    expect(vendor.body).not.toHaveProperty('addendumDraft')
    expect(vendor.body).not.toHaveProperty('addendumStatus')
    expect(vendor.body.version).toBe(0)
    expect(vendor.body.lineItemGroups).toEqual(withoutEstimates(before.lineItemGroups))
    const list = await server.api(tokens['vendor.alpha'], 'GET', '/v1/tenders?$limit=50')
    for (const row of list.body.data) {
      expect(row).not.toHaveProperty('addendumDraft')
      expect(row).not.toHaveProperty('addendumStatus')
    }
    expect(list.body.data.find((row: any) => row.id === tender.id).version).toBe(0)
  })

  it('saves the draft with computed labels (EP edited, NP added); denials: vendor, approver, stale, locked, early closing', async () => {
    const groups = structuredClone(tender.addendumDraft.lineItemGroups)
    groups[0].lineItems[1].itemQty = 50
    groups[0].lineItems.push({ id: 'i9', itemNo: '1.3', itemDesc: 'Cable trays', itemQty: 12, itemUnit: 'm', addendumLabel: 'E' }) // a label sent by the browser is recomputed
    const body = { updatedAt: tender.updatedAt, lineItemGroups: groups, general: { ...tender.general, workingHours: 'Nights only' } }
    expectCode(await call('vendor.alpha', 'saveAddendum', tender.id, body), 403)
    expectCode(await call('approver.hk', 'saveAddendum', tender.id, body), 403)
    expectCode(await call('pm.hk', 'saveAddendum', tender.id, { ...body, updatedAt: '2020-01-01T00:00:00.000Z' }), 410, 'STALE_WRITE')
    expectCode(await call('pm.hk', 'saveAddendum', tender.id, { ...body, closingAt: new Date(Date.now() + 86_400_000).toISOString() }), 400, 'CLOSING_TOO_EARLY')
    const lock = { resource: 'tenders', recordId: tender.id, userId: await userId('admin'), username: 'admin', expiresAt: new Date(Date.now() + 60_000) }
    await server.knex('edit_locks').insert(lock)
    expectCode(await call('pm.hk', 'saveAddendum', tender.id, body), 423, 'EDIT_LOCKED')
    await server.knex('edit_locks').where({ resource: 'tenders', recordId: tender.id }).delete()
    const saved = await call('pm.hk', 'saveAddendum', tender.id, body)
    expect(saved.status).toBe(200)
    expect(labels(saved.body.addendumDraft.lineItemGroups)).toBe('i1:- i2:EP i9:NP')
    expect(saved.body.addendumDraft.general.workingHours).toBe('Nights only')
    // The issued content is untouched until the addendum is issued.
    expect(labels(saved.body.lineItemGroups)).toBe('i1:- i2:-')
    tender = saved.body
  })

  it('refuses line items a tender edit refuses: money with 3 decimals, negative discount, unknown unit; the draft stays', async () => {
    const withItem = (change: Record<string, unknown>) => {
      const groups = structuredClone(tender.addendumDraft.lineItemGroups)
      Object.assign(groups[0].lineItems[0], change)
      return { updatedAt: tender.updatedAt, lineItemGroups: groups }
    }
    expectCode(await call('pm.hk', 'saveAddendum', tender.id, withItem({ rate: 12.345 })), 400, 'MONEY_DECIMALS')
    expectCode(await call('pm.hk', 'saveAddendum', tender.id, withItem({ discountType: 'AMOUNT', discount: 0.001 })), 400, 'MONEY_DECIMALS')
    expectCode(await call('pm.hk', 'saveAddendum', tender.id, withItem({ discountType: 'AMOUNT', discount: -5 })), 400)
    expectCode(await call('pm.hk', 'saveAddendum', tender.id, withItem({ itemUnit: 'bucket' })), 400, 'INVALID_UNIT')
    const stored = await tenderOf('PR-ES-0003')
    expect(labels(stored.addendumDraft.lineItemGroups)).toBe('i1:- i2:EP i9:NP')
    expect(stored.addendumDraft.lineItemGroups[0].lineItems[0]).not.toHaveProperty('rate', 12.345)
    expect((await tenderOf('PR-ES-0003')).updatedAt).toBe(tender.updatedAt)
  })

  it('submits to an approver (not the person in charge), A-WAPPR, with the approval mail; then no more edits', async () => {
    // The person in charge is no approver of the list (tender-approvers): the id names nobody to submit to.
    expectCode(await call('pm.hk', 'submitAddendum', tender.id, { updatedAt: tender.updatedAt, approverId: await userId('pm.hk') }), 400, 'REFERENCE_INVALID')
    expectCode(await call('vendor.alpha', 'submitAddendum', tender.id, { updatedAt: tender.updatedAt, approverId: await approverOf() }), 403)
    expectCode(await call('pm.hk', 'approveAddendum', tender.id, { updatedAt: tender.updatedAt }), 403)
    const mails = await mailsTo('tender.approval-request', 'approver.hk@example.com')
    const submitted = await call('pm.hk', 'submitAddendum', tender.id, { updatedAt: tender.updatedAt, approverId: await approverOf() })
    expect(submitted.status).toBe(200)
    expect(submitted.body).toMatchObject({ status: 'ISSUED', addendumStatus: 'WAPPR', approverId: await approverOf() })
    expect(await mailsTo('tender.approval-request', 'approver.hk@example.com')).toBe(mails + 1)
    // The approver finds it among the addenda waiting for them (the dashboard's list).
    const waiting = await server.api(tokens['approver.hk'], 'GET', `/v1/tenders?status=ISSUED&addendumStatus=WAPPR&approverId=${await approverOf()}`)
    expect(waiting.body.data.map((row: any) => row.id)).toContain(tender.id)
    // Vendors cannot probe a pending addendum by filtering on it.
    expect((await server.api(tokens['vendor.alpha'], 'GET', '/v1/tenders?addendumStatus=WAPPR')).status).toBe(400)
    tender = submitted.body
    expectCode(await call('pm.hk', 'saveAddendum', tender.id, { updatedAt: tender.updatedAt, scope: { generalDesc: 'x' } }), 409, 'INVALID_TRANSITION')
    expectCode(await call('pm.hk', 'issueAddendum', tender.id, { updatedAt: tender.updatedAt }), 409, 'INVALID_TRANSITION')
    expectCode(await call('pm.hk', 'addendum', tender.id, { updatedAt: tender.updatedAt }), 409, 'INVALID_TRANSITION')
  })

  it('the approver rejects with a reason (mail to the person in charge); pm.hk edits, resets, submits again', async () => {
    expectCode(await call('approver.hk', 'rejectAddendum', tender.id, { updatedAt: tender.updatedAt, reason: '   ' }), 400)
    const results = await mailsTo('tender.approval-result', 'pm.hk@example.com')
    const rejected = await call('approver.hk', 'rejectAddendum', tender.id, { updatedAt: tender.updatedAt, reason: 'Cable trays belong to another tender' })
    expect(rejected.status).toBe(200)
    expect(rejected.body).toMatchObject({ addendumStatus: 'REJECTED', rejectReason: 'Cable trays belong to another tender' })
    expect(await mailsTo('tender.approval-result', 'pm.hk@example.com')).toBe(results + 1)
    tender = rejected.body
    const groups = structuredClone(tender.addendumDraft.lineItemGroups)
    groups[0].lineItems[2].itemDesc = 'Cable trays (level 3 only)'
    const saved = await call('pm.hk', 'saveAddendum', tender.id, { updatedAt: tender.updatedAt, lineItemGroups: groups })
    expect(saved.status).toBe(200)
    tender = saved.body
    expectCode(await call('vendor.alpha', 'resetAddendum', tender.id, { updatedAt: tender.updatedAt }), 403)
    expectCode(await call('approver.hk', 'resetAddendum', tender.id, { updatedAt: tender.updatedAt }), 403)
    const reset = await call('pm.hk', 'resetAddendum', tender.id, { updatedAt: tender.updatedAt })
    expect(reset.body.addendumStatus).toBe('DRAFT')
    const again = await call('pm.hk', 'submitAddendum', tender.id, { updatedAt: reset.body.updatedAt, approverId: await approverOf() })
    expect(again.body).toMatchObject({ addendumStatus: 'WAPPR', rejectReason: null })
    tender = again.body
  })

  it('only the chosen approver approves: A-APPR', async () => {
    expectCode(await call('admin', 'approveAddendum', tender.id, { updatedAt: tender.updatedAt }), 409, 'INVALID_TRANSITION')
    expectCode(await call('vendor.beta', 'approveAddendum', tender.id, { updatedAt: tender.updatedAt }), 403)
    const approved = await call('approver.hk', 'approveAddendum', tender.id, { updatedAt: tender.updatedAt })
    expect(approved.status).toBe(200)
    expect(approved.body).toMatchObject({ addendumStatus: 'APPR', approvedBy: await approverOf() })
    tender = approved.body
  })

  it('issue: denials (approver, vendor, stale), then labels N/E, a revision row, bids re-invited, quantities dropped, vendors mailed', async () => {
    const { alpha: alphaBefore, beta: betaBefore } = await bidsOf(tender.id)
    expect(alphaBefore.status).toBe('SUBMITTED')
    expect(betaBefore.status).toBe('DRAFT')
    expectCode(await call('approver.hk', 'issueAddendum', tender.id, { updatedAt: tender.updatedAt }), 403)
    expectCode(await call('vendor.alpha', 'issueAddendum', tender.id, { updatedAt: tender.updatedAt }), 403)
    expectCode(await call('pm.hk', 'issueAddendum', tender.id, { updatedAt: '2020-01-01T00:00:00.000Z' }), 410, 'STALE_WRITE')
    const mails = await mailsTo('tender.addendum', 'vendor.alpha@example.com')
    const before = await lastMailId(server)
    const issued = await call('pm.hk', 'issueAddendum', tender.id, { updatedAt: tender.updatedAt, comment: 'Night works and cable trays' })
    expect(issued.status).toBe(200)
    expect(issued.body).toMatchObject({ status: 'ISSUED', version: 1, addendumStatus: null, addendumDraft: null })
    expect(labels(issued.body.lineItemGroups)).toBe('i1:- i2:E i9:N')
    expect(issued.body.general.workingHours).toBe('Nights only')
    tender = issued.body

    const [revision] = await server.knex('tender_revisions').where({ tenderId: tender.id })
    expect(revision).toMatchObject({ version: 1, comment: 'Night works and cable trays', region: 'HK' })
    expect(revision.changes.map((change: any) => `${change.kind}:${change.path.join('/')}`)).toEqual(['E:general/workingHours', 'E:lineItemGroups/g1/lineItems/i2', 'N:lineItemGroups/g1/lineItems/i9'])

    expect((await server.api(tokens['vendor.alpha'], 'GET', `/v1/tenders/${tender.id}`)).body).toMatchObject({ version: 1, lineItemGroups: withoutEstimates(tender.lineItemGroups) })
    const { alpha, beta } = await bidsOf(tender.id)
    expect(alpha).toMatchObject({ status: 'INVITED', version: 1, termsAccepted: [], receiptDigest: null, submittedAt: null })
    expect(alpha.content.bidItemQtys).toEqual({ i1: 1 })
    expect(alpha.content.rates).toEqual(alphaBefore.content.rates)
    expect(beta).toMatchObject({ status: 'INVITED', termsAccepted: [] })
    expect(await mailsTo('tender.addendum', 'vendor.alpha@example.com')).toBe(mails + 1)
    expect(await mailsTo('tender.addendum', 'vendor.beta@example.com')).toBeGreaterThan(0)
    // One addendum mail per invited company, none naming or addressing another.
    expect((await companiesMailedSince(server, 'tender.addendum', before)).sort()).toEqual([alphaId, betaId].sort())
    const mail = await server.knex('mail_messages').where({ template: 'tender.addendum' }).orderBy('id', 'desc').first()
    expect(mail.text).toContain('/vendors/tenders')
    expect(mail.text).toContain('Night works and cable trays')
  })

  it('a second addendum removes an item: D stays visible, leaves the totals and bidding; v1 labels give way to v2', async () => {
    const created = await call('pm.hk', 'addendum', tender.id, { updatedAt: tender.updatedAt })
    expect(created.body.version).toBe(2)
    expect(labels(created.body.addendumDraft.lineItemGroups)).toBe('i1:- i2:- i9:-')
    const groups = structuredClone(created.body.addendumDraft.lineItemGroups)
    groups[0].lineItems[0].addendumLabel = 'DP'
    const saved = await call('pm.hk', 'saveAddendum', tender.id, { updatedAt: created.body.updatedAt, lineItemGroups: groups })
    expect(labels(saved.body.addendumDraft.lineItemGroups)).toBe('i1:DP i2:- i9:-')
    let current = saved.body
    for (const [user, method, extra] of [
      ['pm.hk', 'submitAddendum', { approverId: await userId('approver.hk') }],
      ['approver.hk', 'approveAddendum', {}],
      ['pm.hk', 'issueAddendum', {}]
    ] as const) {
      const answer = await call(user, method, tender.id, { updatedAt: current.updatedAt, ...extra })
      expect(answer.status).toBe(200)
      current = answer.body
    }
    expect(labels(current.lineItemGroups)).toBe('i1:D i2:- i9:-')
    expect(tenderTotal(current.lineItemGroups.map((group: any) => ({ lineItems: group.lineItems.map((item: any) => ({ ...item, rate: 10 })) })))).toBe((50 + 12) * 10)

    // The vendor's draft keeps nothing for the removed item.
    const { alpha } = await bidsOf(tender.id)
    const bid = await call(
      'vendor.alpha',
      'save',
      alpha.id,
      { updatedAt: (await server.api(tokens['vendor.alpha'], 'GET', `/v1/bids/${alpha.id}`)).body.updatedAt, content: { bidItemQtys: { i1: 3, i2: 50 }, rates: { i1: 100, i2: 200, i9: 5 } } },
      'bids'
    )
    expect(bid.status).toBe(200)
    expect(bid.body.content).toEqual({ bidItemQtys: { i2: 50 }, rates: { i2: 200, i9: 5 } })
    tender = current
  })

  it('revision history: staff and invited vendors read every version; vendors without internal fields', async () => {
    const staff = await server.api(tokens['pm.hk'], 'GET', `/v1/tender-revisions?tenderId=${tender.id}&$sort[version]=1`)
    expect(staff.status).toBe(200)
    expect(staff.body.data.map((revision: any) => revision.version)).toEqual([1, 2])
    expect(staff.body.data[1].changes).toEqual([expect.objectContaining({ kind: 'D', path: ['lineItemGroups', 'g1', 'lineItems', 'i1'] })])
    expect(staff.body.data[0]).toHaveProperty('commentUpdatedBy')
    const one = await server.api(tokens['vendor.alpha'], 'GET', `/v1/tender-revisions?tenderId=${tender.id}&version=1`)
    expect(one.body.data).toHaveLength(1)
    expect(one.body.data[0]).toMatchObject({ version: 1, comment: 'Night works and cable trays', documents: [] })
    expect(one.body.data[0]).not.toHaveProperty('commentUpdatedBy')
    const approver = await server.api(tokens['approver.hk'], 'GET', `/v1/tender-revisions?tenderId=${tender.id}`)
    expect(approver.body.total).toBe(2)
    expectCode(await server.api(tokens['tenant.acme'], 'GET', `/v1/tender-revisions?tenderId=${tender.id}`), 403)
  })

  it('a vendor not invited reads no revision of the tender, by list or by id', async () => {
    const amended = await tenderOf('PR-ES-0008')
    const [revision] = await server.knex('tender_revisions').where({ tenderId: amended.id })
    expect((await server.api(tokens['vendor.beta'], 'GET', `/v1/tender-revisions/${revision.id}`)).status).toBe(200)
    await server.knex('tender_vendors').where({ tenderId: amended.id, companyId: betaId }).delete()
    expect((await server.api(tokens['vendor.beta'], 'GET', `/v1/tender-revisions?tenderId=${amended.id}`)).body.total).toBe(0)
    expectCode(await server.api(tokens['vendor.beta'], 'GET', `/v1/tender-revisions/${revision.id}`), 404)
    expect((await server.api(tokens['vendor.alpha'], 'GET', `/v1/tender-revisions?tenderId=${amended.id}`)).body.total).toBe(1)
    await server.knex('tender_vendors').insert({ tenderId: amended.id, companyId: betaId, invitedAt: new Date() })
  })

  it('the addendum comment: the person in charge edits it; approver, vendor and stale writes are refused', async () => {
    const [revision] = await server.knex('tender_revisions').where({ tenderId: tender.id, version: 2 })
    const body = { updatedAt: revision.updatedAt, comment: 'Item 1.1 is now in the main contract' }
    expectCode(await call('vendor.alpha', 'comment', revision.id, body, 'tender-revisions'), 403)
    expectCode(await call('approver.hk', 'comment', revision.id, body, 'tender-revisions'), 403)
    expectCode(await call('pm.hk', 'comment', revision.id, { ...body, updatedAt: '2020-01-01T00:00:00.000Z' }, 'tender-revisions'), 410, 'STALE_WRITE')
    const saved = await call('pm.hk', 'comment', revision.id, body, 'tender-revisions')
    expect(saved.status).toBe(200)
    expect(saved.body).toMatchObject({ comment: 'Item 1.1 is now in the main contract', commentUpdatedBy: await userId('pm.hk') })
    expect(saved.body.commentUpdatedAt).toBeTruthy()
    expectCode(await call('pm.hk', 'comment', revision.id, body, 'tender-revisions'), 410, 'STALE_WRITE')
  })
})

describe('addendum documents', () => {
  const upload = async (user: string, name: string, text: string) => {
    const form = new FormData()
    form.append('file', new Blob([text], { type: 'application/pdf' }), name)
    form.append('ownerResource', 'tenders')
    const response = await fetch(`${server.url}/v1/files`, { method: 'POST', headers: { authorization: `Bearer ${tokens[user]}` }, body: form })
    expect(response.status).toBe(201)
    return (await response.json())[0]
  }
  const download = (user: string, tenderId: string, fileId: number) =>
    fetch(`${server.url}/v1/tender-revisions/${tenderId}/documents/${fileId}`, { headers: { authorization: `Bearer ${tokens[user]}` } })

  it('pm.hk uploads, the draft takes files of the region by id, the issued revision lists them; unknown or foreign files are refused', async () => {
    const own = await upload('pm.hk', 'Addendum 2 drawings.pdf', '%PDF-1.4 drawings')
    const [foreign] = await server.knex('files').insert({ region: 'SG', name: 'Other region.pdf', mimeType: 'application/pdf', size: 10, sha256: 'a'.repeat(64), storageKey: 'test/other' }, ['id'])
    let tender = await tenderOf('PR-ES-0008')
    const created = await call('pm.hk', 'addendum', tender.id, { updatedAt: tender.updatedAt })
    expect(created.body.version).toBe(2)
    tender = created.body
    expectCode(await call('pm.hk', 'saveAddendum', tender.id, { updatedAt: tender.updatedAt, documentIds: [foreign.id] }), 400, 'REFERENCE_INVALID')
    expectCode(await call('pm.hk', 'saveAddendum', tender.id, { updatedAt: tender.updatedAt, documentIds: [own.id, 999_999] }), 400, 'REFERENCE_INVALID')
    const saved = await call('pm.hk', 'saveAddendum', tender.id, { updatedAt: tender.updatedAt, documentIds: [own.id] })
    expect(saved.status).toBe(200)
    expect(saved.body.addendumDraft.documents).toEqual([{ id: own.id, name: 'Addendum 2 drawings.pdf', size: own.size, mimeType: 'application/pdf' }])
    tender = saved.body

    // Pending: the approver downloads it; vendors do not (not issued yet).
    const pending = await download('approver.hk', tender.id, own.id)
    expect(pending.status).toBe(200)
    expect(await pending.text()).toBe('%PDF-1.4 drawings')
    expect((await download('vendor.alpha', tender.id, own.id)).status).toBe(404)

    for (const [user, method, extra] of [
      ['pm.hk', 'submitAddendum', { approverId: await userId('approver.hk') }],
      ['approver.hk', 'approveAddendum', {}],
      ['pm.hk', 'issueAddendum', {}]
    ] as const) {
      const answer = await call(user, method, tender.id, { updatedAt: tender.updatedAt, ...extra })
      expect(answer.status).toBe(200)
      tender = answer.body
    }
    const history = await server.api(tokens['vendor.alpha'], 'GET', `/v1/tender-revisions?tenderId=${tender.id}&version=2`)
    expect(history.body.data[0]).toMatchObject({ version: 2, changes: [], comment: null, documents: [{ id: own.id, name: 'Addendum 2 drawings.pdf' }] })

    // Issued: invited vendors download it through the revision; nobody gets another file this way.
    const issued = await download('vendor.alpha', tender.id, own.id)
    expect(issued.status).toBe(200)
    expect(issued.headers.get('content-disposition')).toContain('Addendum 2 drawings.pdf')
    expect(await issued.text()).toBe('%PDF-1.4 drawings')
    expect((await download('vendor.alpha', tender.id, foreign.id)).status).toBe(404)
    expect((await download('tenant.acme', tender.id, own.id)).status).toBeGreaterThanOrEqual(403)
    await server.knex('tender_vendors').where({ tenderId: tender.id, companyId: betaId }).delete()
    expect((await download('vendor.beta', tender.id, own.id)).status).toBe(404)
    await server.knex('tender_vendors').insert({ tenderId: tender.id, companyId: betaId, invitedAt: new Date() })
  })
})

describe('extending the closing date while an addendum is pending', () => {
  it('the draft follows the extension unless it moves the closing date itself; issuing keeps the extension', async () => {
    let tender = await tenderOf('PR-ES-0009')
    expect(tender.addendumStatus).toBe('DRAFT')
    // The seeded draft moves the closing date (to +14 days): an extension leaves it alone.
    const own = tender.addendumDraft.closingAt
    const later = new Date(new Date(tender.closingAt).getTime() + 2 * 86_400_000).toISOString()
    let extended = await call('pm.hk', 'extend', tender.id, { updatedAt: tender.updatedAt, closingAt: later, reason: 'Site access delayed' })
    expect(extended.status).toBe(200)
    expect(extended.body.addendumDraft.closingAt).toBe(own)
    // A draft that keeps the issued closing date follows the next extension.
    const kept = await call('pm.hk', 'saveAddendum', tender.id, { updatedAt: extended.body.updatedAt, closingAt: extended.body.closingAt })
    expect(kept.status).toBe(200)
    const further = new Date(new Date(later).getTime() + 86_400_000).toISOString()
    extended = await call('pm.hk', 'extend', tender.id, { updatedAt: kept.body.updatedAt, closingAt: further, reason: 'Second delay' })
    expect(new Date(extended.body.addendumDraft.closingAt).toISOString()).toBe(further)
    tender = extended.body
    for (const [user, method, extra] of [
      ['pm.hk', 'submitAddendum', { approverId: await userId('approver.hk') }],
      ['approver.hk', 'approveAddendum', {}],
      ['pm.hk', 'issueAddendum', {}]
    ] as const) {
      const answer = await call(user, method, tender.id, { updatedAt: tender.updatedAt, ...extra })
      expect(answer.status).toBe(200)
      tender = answer.body
    }
    expect(new Date(tender.closingAt).toISOString()).toBe(further)
    const [revision] = await server.knex('tender_revisions').where({ tenderId: tender.id })
    expect(revision.changes.map((change: any) => change.path[0])).not.toContain('closingAt')
  })
})

describe('labels come from addenda only', () => {
  it('a tender edit does not take addendum labels', async () => {
    const draft = await tenderOf('PR-ES-0001')
    const groups = draft.lineItemGroups.map((group: any) => ({ ...group, lineItems: group.lineItems.map((item: any) => ({ ...item, addendumLabel: 'D' })) }))
    const patched = await server.api(tokens['pm.hk'], 'PATCH', `/v1/tenders/${draft.id}`, { updatedAt: draft.updatedAt, lineItemGroups: groups })
    expect(patched.status).toBe(200)
    expect(labels(patched.body.lineItemGroups)).toBe('i1:- i2:-')
  })
})

describe('closing with an addendum pending or approved', () => {
  it('an approved addendum is not issued after the closing date', async () => {
    let tender = await tenderOf('PR-ES-0010')
    for (const [user, method, extra] of [
      ['pm.hk', 'addendum', {}],
      ['pm.hk', 'submitAddendum', { approverId: await userId('approver.hk') }],
      ['approver.hk', 'approveAddendum', {}]
    ] as const) {
      const answer = await call(user, method, tender.id, { updatedAt: tender.updatedAt, ...extra })
      expect(answer.status).toBe(200)
      tender = answer.body
    }
    await server
      .knex('tenders')
      .where({ id: tender.id })
      .update({ closingAt: new Date(Date.now() - 60_000) })
    const late = await tenderOf('PR-ES-0010')
    expectCode(await call('pm.hk', 'issueAddendum', tender.id, { updatedAt: late.updatedAt }), 409, 'INVALID_TRANSITION')
  })

  it('the closing job drops a pending addendum: READY on the issued version', async () => {
    // PR-ES-0009 carries addendum 1 (issued above); addendum 2 is pending when the closing comes.
    const issued = await tenderOf('PR-ES-0009')
    const pending = (await call('pm.hk', 'addendum', issued.id, { updatedAt: issued.updatedAt })).body
    expect(pending).toMatchObject({ version: 2, addendumStatus: 'DRAFT' })
    await server
      .knex('tenders')
      .where({ id: pending.id })
      .update({ closingAt: new Date(Date.now() - 60_000) })
    await closeDueTenders(server.app, new Date())
    expect(await tenderOf('PR-ES-0009')).toMatchObject({ status: 'READY', version: 1, addendumStatus: null, addendumDraft: null })
  })
})
