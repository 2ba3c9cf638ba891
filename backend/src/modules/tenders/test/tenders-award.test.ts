import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../../test/server.js'
import { companiesMailedSince, lastMailId } from './tender-fixtures.js'

let server: TestServer
const tokens: Record<string, string> = {}
beforeAll(async () => {
  server = await startTestServer()
  for (const name of ['admin', 'pm.hk', 'approver.hk', 'vendor.alpha', 'vendor.beta']) tokens[name] = (await server.login(name)).accessToken
})
afterAll(async () => {
  await server?.stop()
})

const call = async (user: string, method: string, id: string, body: Record<string, unknown> = {}, path = 'tenders') =>
  server.api(tokens[user], 'POST', `/v1/${path}`, { id, updatedAt: await server.version(path, id), ...body }, { 'x-service-method': method })
const tenderOf = (prNumber: string) => server.knex('tenders').where({ prNumber }).first()
const companyId = async (name: string) => (await server.knex('companies').where({ name }).first('id')).id
const bidOf = async (tenderId: string, company: string) =>
  server
    .knex('bids')
    .where({ tenderId, companyId: await companyId(company) })
    .first()
const mailsTo = async (template: string, address: string) => (await server.knex('mail_messages').where({ template })).filter((mail: any) => JSON.stringify(mail.to).includes(address)).length

describe('tenders: recommend and award', () => {
  it('recommends only a SUBMITTED bid of the tender, in REVIEW', async () => {
    const review = await tenderOf('PR-ES-0005')
    const alpha = await bidOf(review.id, 'Alpha Engineering Ltd') // in QUERY (seeded open query)
    const other = await bidOf((await tenderOf('PR-ES-0006')).id, 'Beta Builders Ltd')
    const queried = await call('pm.hk', 'recommend', review.id, { bidId: alpha.id, analysis: 'x' })
    expect(queried.status).toBe(400)
    expect(queried.body.data.code).toBe('RECOMMENDATION_INVALID')
    expect((await call('pm.hk', 'recommend', review.id, { bidId: other.id })).body.data.code).toBe('RECOMMENDATION_INVALID')
    // Not in REVIEW: the ISSUED tender.
    const issued = await tenderOf('PR-ES-0003')
    const issuedBid = await bidOf(issued.id, 'Alpha Engineering Ltd')
    expect((await call('pm.hk', 'recommend', issued.id, { bidId: issuedBid.id })).status).toBe(409)
    // Vendors and the approver may not.
    const beta = await bidOf(review.id, 'Beta Builders Ltd')
    expect((await call('approver.hk', 'recommend', review.id, { bidId: beta.id })).status).toBe(403)
    expect((await call('vendor.beta', 'recommend', review.id, { bidId: beta.id })).status).toBe(403)
  })

  it('refuses the award without a recommendation (400 RECOMMENDATION_REQUIRED)', async () => {
    const review = await tenderOf('PR-ES-0005')
    const refused = await call('pm.hk', 'award', review.id)
    expect(refused.status).toBe(400)
    expect(refused.body.data.code).toBe('RECOMMENDATION_REQUIRED')
    expect((await tenderOf('PR-ES-0005')).status).toBe('REVIEW')
  })

  it('awards the recommended bid: AWARDED, awardedAt, award notice to the winner, regret to the others', async () => {
    const review = await tenderOf('PR-ES-0005')
    const beta = await bidOf(review.id, 'Beta Builders Ltd')
    const recommended = await call('pm.hk', 'recommend', review.id, { bidId: beta.id, analysis: 'Beta is compliant and cheapest.' })
    expect(recommended.status).toBe(200)
    expect(recommended.body).toMatchObject({ status: 'REVIEW', recommendedBidId: beta.id, analysis: 'Beta is compliant and cheapest.' })
    const before = await lastMailId(server)
    const awarded = await call('pm.hk', 'award', review.id)
    expect(awarded.status).toBe(200)
    expect(awarded.body.status).toBe('AWARDED')
    expect(new Date(awarded.body.awardedAt).getTime()).toBeGreaterThan(Date.now() - 60_000)
    expect(await mailsTo('tender.award', 'vendor.beta@example.com')).toBe(1)
    expect(await mailsTo('tender.award', 'vendor.alpha@example.com')).toBe(0)
    expect(await mailsTo('tender.regret', 'vendor.alpha@example.com')).toBe(1)
    expect(await mailsTo('tender.regret', 'vendor.beta@example.com')).toBe(0)
    // Each notice names and addresses its own company only.
    expect(await companiesMailedSince(server, 'tender.award', before)).toEqual([beta.companyId])
    expect(await companiesMailedSince(server, 'tender.regret', before)).toEqual([await companyId('Alpha Engineering Ltd')])
    const audit = await server.knex('audit_log').where({ resource: 'tenders', recordId: review.id, action: 'tenders.award' })
    expect(audit.length).toBe(1)
    // AWARDED is final.
    expect((await call('pm.hk', 'award', review.id)).status).toBe(409)
    expect((await call('pm.hk', 'regretAll', review.id)).status).toBe(409)
  })

  it('regrets all bidders (declined vendors are not mailed): REVIEW → REGRETTED', async () => {
    const ready = await tenderOf('PR-ES-0004') // READY, closed: Alpha submitted, Beta declined
    expect((await call('pm.hk', 'regretAll', ready.id)).status).toBe(409)
    expect((await call('pm.hk', 'open', ready.id)).body.status).toBe('REVIEW')
    const before = await mailsTo('tender.regret', 'vendor.alpha@example.com')
    const regretted = await call('pm.hk', 'regretAll', ready.id)
    expect(regretted.status).toBe(200)
    expect(regretted.body.status).toBe('REGRETTED')
    expect(await mailsTo('tender.regret', 'vendor.alpha@example.com')).toBe(before + 1)
    expect(await mailsTo('tender.regret', 'vendor.beta@example.com')).toBe(0)
  })
})

describe('bids: staff reopen, extension to no-show bidders', () => {
  it('tells only the no-show bidders of an extension', async () => {
    const issued = await tenderOf('PR-ES-0003') // Alpha SUBMITTED, Beta DRAFT (no show)
    const closingAt = new Date(new Date(issued.closingAt).getTime() + 2 * 86_400_000).toISOString()
    const extended = await call('pm.hk', 'extend', issued.id, { closingAt, reason: 'Site access delayed' })
    expect(extended.status).toBe(200)
    expect(await mailsTo('tender.extension', 'vendor.beta@example.com')).toBe(1)
    expect(await mailsTo('tender.extension', 'vendor.alpha@example.com')).toBe(0)
    // The person in charge hears of it too; the closing reads in Hong Kong time, not UTC.
    const staffNotice = await server.knex('mail_messages').where({ template: 'tender.extension-staff' }).first()
    expect(JSON.stringify(staffNotice.to)).toContain('pm.hk@example.com')
    expect(staffNotice.text).toContain('(UTC+08:00)')
    expect(staffNotice.text).toContain('Site access delayed')
  })

  it('lets a vendor decline with a reason under 140 characters; the person in charge is told', async () => {
    const issued = await tenderOf('PR-ES-0003')
    const beta = await bidOf(issued.id, 'Beta Builders Ltd') // DRAFT
    expect((await call('vendor.alpha', 'decline', beta.id, { reason: 'Not ours' }, 'bids')).status).toBe(404)
    const tooLong = await call('vendor.beta', 'decline', beta.id, { reason: 'x'.repeat(140) }, 'bids')
    expect(tooLong.status).toBe(400)
    expect((await bidOf(issued.id, 'Beta Builders Ltd')).status).toBe('DRAFT')
    const declined = await call('vendor.beta', 'decline', beta.id, { reason: 'Fully booked this quarter' }, 'bids')
    expect(declined.status).toBe(200)
    expect(declined.body.status).toBe('DECLINED')
    const notice = await server.knex('mail_messages').where({ template: 'tender.bid-declined' }).first()
    expect(JSON.stringify(notice.to)).toContain('pm.hk@example.com')
    expect(notice.text).toContain('Beta Builders Ltd')
    expect(notice.text).toContain('Fully booked this quarter')
    expect(notice.subject).toBe('Invitation declined: PR-ES-0003')
  })

  it('lets the person in charge reopen a submitted bid while ISSUED; the vendor submits again', async () => {
    const issued = await tenderOf('PR-ES-0003')
    const alpha = await bidOf(issued.id, 'Alpha Engineering Ltd')
    expect((await call('vendor.alpha', 'reopen', alpha.id, {}, 'bids')).status).toBe(403)
    expect((await call('approver.hk', 'reopen', alpha.id, {}, 'bids')).status).toBe(403)
    const reopened = await call('pm.hk', 'reopen', alpha.id, {}, 'bids')
    expect(reopened.status).toBe(200)
    expect(reopened.body.status).toBe('REOPEN')
    expect(reopened.body.content).toBeUndefined() // still sealed for staff
    expect((await call('pm.hk', 'reopen', alpha.id, {}, 'bids')).status).toBe(409)
    // The vendor changes its reopened bid: saved, it stays REOPEN until submitted again.
    const content = { ...alpha.content, rates: { i1: 14_000, i2: 1_400 } }
    const changed = await call('vendor.alpha', 'save', alpha.id, { content }, 'bids')
    expect(changed.status).toBe(200)
    expect(changed.body.status).toBe('REOPEN')
    expect(changed.body.content.rates).toEqual({ i1: 14_000, i2: 1_400 })
    expect((await call('vendor.beta', 'save', alpha.id, { content }, 'bids')).status).toBe(404) // not Beta's to see
    const resubmitted = await call('vendor.alpha', 'submit', alpha.id, {}, 'bids')
    expect(resubmitted.body.status).toBe('SUBMITTED')
    // The confirmation carries the receipt, to Alpha's accounts only, linking to the vendor portal.
    const confirmations = await server.knex('mail_messages').where({ template: 'tender.bid-submitted' })
    const confirmation = confirmations.find((mail: any) => mail.text.includes(resubmitted.body.receiptDigest))
    expect(confirmation).toBeDefined()
    expect(JSON.stringify(confirmation.to)).toContain('vendor.alpha@example.com')
    expect(JSON.stringify(confirmation.to)).not.toContain('vendor.beta@example.com')
    expect(confirmation.text).toContain('/vendors/tenders')
    // After the closing date: no reopening.
    await server
      .knex('tenders')
      .where({ id: issued.id })
      .update({ closingAt: new Date(Date.now() - 1000) })
    const late = await call('pm.hk', 'reopen', alpha.id, {}, 'bids')
    expect(late.status).toBe(409)
    expect(late.body.data.code).toBe('TENDER_CLOSED')
  })
})

describe('tenders: what vendors read', () => {
  it('strips internal fields for vendors on get and find; the recommendation shows once AWARDED', async () => {
    const awarded = await tenderOf('PR-ES-0006')
    const review = await tenderOf('PR-ES-0004') // REGRETTED above; give it internal fields
    await server
      .knex('tenders')
      .where({ id: review.id })
      .update({ analysis: 'secret analysis', rejectReason: 'old reason', recommendedBidId: (await bidOf(review.id, 'Alpha Engineering Ltd')).id })
    const one = await server.api(tokens['vendor.alpha'], 'GET', `/v1/tenders/${review.id}`)
    expect(one.status).toBe(200)
    for (const field of ['analysis', 'approverId', 'approvedBy', 'rejectReason', 'recommendedBidId']) expect(one.body).not.toHaveProperty(field)
    expect(one.body.managedBy).toBeDefined()
    expect(JSON.stringify(one.body)).not.toContain('secret analysis')
    const list = await server.api(tokens['vendor.alpha'], 'GET', '/v1/tenders?$limit=50')
    expect(list.body.total).toBeGreaterThan(2)
    for (const tender of list.body.data) {
      for (const field of ['analysis', 'approverId', 'approvedBy', 'rejectReason']) expect(tender).not.toHaveProperty(field)
      if (tender.status !== 'AWARDED') expect(tender).not.toHaveProperty('recommendedBidId')
    }
    const won = await server.api(tokens['vendor.alpha'], 'GET', `/v1/tenders/${awarded.id}`)
    expect(won.body.recommendedBidId).toBe(awarded.recommendedBidId)
    expect(won.body).not.toHaveProperty('analysis')
    // Nor can they probe the hidden fields through filters or sorts.
    expect((await server.api(tokens['vendor.alpha'], 'GET', `/v1/tenders?approverId=1`)).status).toBe(400)
    expect((await server.api(tokens['vendor.alpha'], 'GET', `/v1/tenders?$sort[approvedBy]=1`)).status).toBe(400)
    // Staff still read them.
    const staff = await server.api(tokens['pm.hk'], 'GET', `/v1/tenders/${review.id}`)
    expect(staff.body.analysis).toBe('secret analysis')
    expect(staff.body.approverId).toBeDefined()
  })
})

describe('tenders list: amount and period filters', () => {
  it('filters on the amount as text, with commas and comparison symbols', async () => {
    const list = (query: string) => server.api(tokens.admin, 'GET', `/v1/tenders?region=HK&$limit=50&${query}`)
    const numbers = async (query: string) => ((await list(query)).body.data as any[]).map((t) => t.prNumber).sort()
    expect(await numbers(`amount=${encodeURIComponent('>=1,000,000')}`)).toEqual(['PR-ES-0001', 'PR-ES-0002', 'PR-ES-0006', 'PR-ES-0301'])
    expect(await numbers(`amount=${encodeURIComponent('< 650,000')}`)).toEqual(['PR-ES-0004'])
    expect(await numbers(`amount=${encodeURIComponent('<=649,999.999')}`)).toEqual(['PR-ES-0004']) // decimals cut to 2
    expect(await numbers(`amount=${encodeURIComponent('650,000')}`)).toEqual(['PR-ES-0003'])
    expect(await numbers(`amount=${encodeURIComponent('<=650000.00')}`)).toEqual(['PR-ES-0003', 'PR-ES-0004'])
    // The adapter syntax still works (the list screen sends it).
    expect(await numbers('amount[$gt]=3000000')).toEqual(['PR-ES-0002'])
    const garbage = await list(`amount=${encodeURIComponent('>=abc')}`)
    expect(garbage.status).toBe(400)
    expect(garbage.body.data.code).toBe('INVALID_NUMBER')
    expect((await list(`amount=${encodeURIComponent('-5')}`)).body.data.code).toBe('INVALID_NUMBER')
    // An empty amount filters nothing: every HK tender.
    const [{ count }] = await server.knex('tenders').where({ region: 'HK' }).count('* as count')
    expect((await list('amount=')).body.total).toBe(Number(count))
  })

  it('filters on closingAt by period (1W, 2W, 3W, 1M, ALL); unknown periods are refused', async () => {
    const now = Date.now()
    const day = 86_400_000
    await server
      .knex('tenders')
      .where({ prNumber: 'PR-ES-0001' })
      .update({ closingAt: new Date(now - 10 * day) })
    await server
      .knex('tenders')
      .where({ prNumber: 'PR-ES-0002' })
      .update({ closingAt: new Date(now - 20 * day) })
    await server
      .knex('tenders')
      .where({ prNumber: 'PR-ES-0007' })
      .update({ closingAt: new Date(now - 40 * day) })
    const ids = async (period: string, extra = '') => {
      const answer = await server.api(tokens.admin, 'GET', `/v1/tenders?region=HK&$limit=50&period=${period}${extra}`)
      return (answer.body.data as any[]).map((t) => t.prNumber)
    }
    const week = await ids('1W')
    expect(week).not.toContain('PR-ES-0001')
    expect(await ids('2W')).toContain('PR-ES-0001')
    expect(await ids('2W')).not.toContain('PR-ES-0002')
    expect(await ids('3W')).toContain('PR-ES-0002')
    expect(await ids('1M')).not.toContain('PR-ES-0007')
    expect(await ids('ALL')).toContain('PR-ES-0007')
    expect(await ids('1M', `&amount=${encodeURIComponent('>3,000,000')}`)).toEqual(['PR-ES-0002'])
    expect((await server.api(tokens.admin, 'GET', '/v1/tenders?period=1Y')).status).toBe(400)
  })
})
