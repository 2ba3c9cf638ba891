import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../../test/server.js'
import { closeDueTenders } from '../services/tenders/close-tenders.js'

let server: TestServer
const tokens: Record<string, string> = {}
beforeAll(async () => {
  server = await startTestServer()
  for (const name of ['admin', 'pm.hk', 'approver.hk', 'accounting.hk', 'vendor.alpha', 'vendor.beta', 'tenant.acme']) tokens[name] = (await server.login(name)).accessToken
})
afterAll(async () => {
  await server?.stop()
})

const path = '/v1/tender-queries'
const call = async (user: string, method: string, id: number, body: Record<string, unknown> = {}) =>
  server.api(tokens[user], 'POST', path, { id, updatedAt: await server.version('tender-queries', id), ...body }, { 'x-service-method': method })
const tenderOf = (prNumber: string) => server.knex('tenders').where({ prNumber }).first()
const companyId = async (name: string) => (await server.knex('companies').where({ name }).first('id')).id
const bidOf = async (tenderId: string, company: string) =>
  server
    .knex('bids')
    .where({ tenderId, companyId: await companyId(company) })
    .first()
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString()

describe('tender queries: draft, issue, answer', () => {
  let review: any
  let betaBid: any
  let query: any

  beforeAll(async () => {
    review = await tenderOf('PR-ES-0005') // REVIEW: Alpha has an ISSUED query (bid QUERY), Beta answered one
    betaBid = await bidOf(review.id, 'Beta Builders Ltd')
  })

  it('lets the person in charge draft a query on a SUBMITTED bid of a tender in REVIEW', async () => {
    expect((await server.api(tokens['vendor.beta'], 'POST', path, { bidId: betaBid.id, question: 'Q?', closingAt: inDays(2) })).status).toBe(403)
    expect((await server.api(tokens['approver.hk'], 'POST', path, { bidId: betaBid.id, question: 'Q?', closingAt: inDays(2) })).status).toBe(403)
    const past = await server.api(tokens['pm.hk'], 'POST', path, { bidId: betaBid.id, question: 'Q?', closingAt: inDays(-1) })
    expect(past.status).toBe(400)
    expect(past.body.data.code).toBe('CLOSING_TOO_EARLY')
    const issuedTender = await tenderOf('PR-ES-0003')
    const notReview = await server.api(tokens['pm.hk'], 'POST', path, { bidId: (await bidOf(issuedTender.id, 'Alpha Engineering Ltd')).id, question: 'Q?', closingAt: inDays(2) })
    expect(notReview.status).toBe(409)
    const created = await server.api(tokens['pm.hk'], 'POST', path, { bidId: betaBid.id, question: '  Please break down item 1.2.  ', closingAt: inDays(2) })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ status: 'DRAFT', bidId: betaBid.id, tenderId: review.id, order: 2, question: 'Please break down item 1.2.' })
    query = created.body
    // Drafts are the staff's: the vendor does not see them.
    expect((await server.api(tokens['vendor.beta'], 'GET', `${path}/${query.id}`)).status).toBe(404)
    const edited = await server.api(tokens['pm.hk'], 'PATCH', `${path}/${query.id}`, { updatedAt: query.updatedAt, question: 'Please break down item 1.2 by trade.' })
    expect(edited.status).toBe(200)
    query = edited.body
  })

  it('issues the query: ISSUED, bid → QUERY, the vendor is mailed', async () => {
    expect((await call('vendor.beta', 'issue', query.id)).status).toBe(404) // drafts are invisible to vendors
    const issued = await call('pm.hk', 'issue', query.id)
    expect(issued.status).toBe(200)
    expect(issued.body.status).toBe('ISSUED')
    expect((await bidOf(review.id, 'Beta Builders Ltd')).status).toBe('QUERY')
    const mails = (await server.knex('mail_messages').where({ template: 'tender.query' })).filter((mail: any) => JSON.stringify(mail.to).includes('vendor.beta@example.com'))
    expect(mails.length).toBe(1)
    expect(mails[0].text).toContain('item 1.2 by trade')
    expect((await call('pm.hk', 'issue', query.id)).status).toBe(409)
    // An issued query is no longer edited or removed.
    expect((await server.api(tokens['pm.hk'], 'DELETE', `${path}/${query.id}`)).status).toBe(409)
    query = issued.body
  })

  it("shows vendors only their company's queries; staff the queries of tenders they may read", async () => {
    const beta = await server.api(tokens['vendor.beta'], 'GET', `${path}?tenderId=${review.id}`)
    expect(beta.status).toBe(200)
    const betaId = await companyId('Beta Builders Ltd')
    expect(beta.body.total).toBe(2)
    expect(beta.body.data.every((q: any) => q.companyId === betaId)).toBe(true)
    const alpha = await server.api(tokens['vendor.alpha'], 'GET', `${path}?tenderId=${review.id}`)
    expect(alpha.body.data.map((q: any) => q.id)).not.toContain(query.id)
    expect((await server.api(tokens['vendor.alpha'], 'GET', `${path}/${query.id}`)).status).toBe(404)
    const pm = await server.api(tokens['pm.hk'], 'GET', `${path}?tenderId=${review.id}`)
    expect(pm.body.total).toBe(3)
    const approver = await server.api(tokens['approver.hk'], 'GET', `${path}?tenderId=${review.id}`)
    expect(approver.body.total).toBe(3)
    // accounting.hk holds no tender rights but is the demo representative of this REVIEW tender
    // (tenders:review): it follows its queries, and no other tender's.
    const representative = await server.api(tokens['accounting.hk'], 'GET', path)
    expect(representative.status).toBe(200)
    expect(representative.body.total).toBe(3)
    expect(representative.body.data.every((q: any) => q.tenderId === review.id)).toBe(true)
    expect((await server.api(tokens['tenant.acme'], 'GET', path)).status).toBe(403)
  })

  it("lets only the bid's vendor answer, before closing: SUBMITTED, bid → SUBMITTED, manager mailed", async () => {
    expect((await call('vendor.alpha', 'answer', query.id, { answer: 'Not ours' })).status).toBe(404)
    expect((await call('pm.hk', 'answer', query.id, { answer: 'staff' })).status).toBe(403)
    const answered = await call('vendor.beta', 'answer', query.id, { answer: 'Labour 60%, materials 40%.' })
    expect(answered.status).toBe(200)
    expect(answered.body).toMatchObject({ status: 'SUBMITTED', answer: 'Labour 60%, materials 40%.' })
    expect((await bidOf(review.id, 'Beta Builders Ltd')).status).toBe('SUBMITTED')
    expect((await server.knex('mail_messages').where({ template: 'tender.query-response' })).some((mail: any) => JSON.stringify(mail.to).includes('pm.hk@example.com'))).toBe(true)
    expect((await call('vendor.beta', 'answer', query.id, { answer: 'again' })).status).toBe(409)
  })

  it('refuses an answer after the query closed (409 QUERY_CLOSED)', async () => {
    const alphaQuery = await server
      .knex('tender_queries')
      .where({ tenderId: review.id, companyId: await companyId('Alpha Engineering Ltd') })
      .first()
    await server
      .knex('tender_queries')
      .where({ id: alphaQuery.id })
      .update({ closingAt: new Date(Date.now() - 1000) })
    const late = await call('vendor.alpha', 'answer', alphaQuery.id, { answer: 'Too late' })
    expect(late.status).toBe(409)
    expect(late.body.data.code).toBe('QUERY_CLOSED')
  })

  it('the closing sweep moves issued queries past closing to NO_RESPONSE and their bids back to SUBMITTED', async () => {
    const alphaQuery = await server
      .knex('tender_queries')
      .where({ tenderId: review.id, companyId: await companyId('Alpha Engineering Ltd') })
      .first()
    expect((await bidOf(review.id, 'Alpha Engineering Ltd')).status).toBe('QUERY')
    const result = await closeDueTenders(server.app, new Date())
    expect(result.queries).toEqual([alphaQuery.id])
    expect((await server.knex('tender_queries').where({ id: alphaQuery.id }).first()).status).toBe('NO_RESPONSE')
    expect((await bidOf(review.id, 'Alpha Engineering Ltd')).status).toBe('SUBMITTED')
    expect((await server.knex('audit_log').where({ resource: 'tender-queries', action: 'tender-queries.expire' })).length).toBe(1)
    // Answered queries stay as they are.
    expect((await server.knex('tender_queries').where({ id: query.id }).first()).status).toBe('SUBMITTED')
  })

  it('removes a draft', async () => {
    const created = await server.api(tokens['pm.hk'], 'POST', path, { bidId: betaBid.id, question: 'Scrap me', closingAt: inDays(1) })
    expect((await server.api(tokens['vendor.beta'], 'DELETE', `${path}/${created.body.id}`)).status).toBe(404)
    expect((await server.api(tokens['pm.hk'], 'DELETE', `${path}/${created.body.id}`)).status).toBe(200)
    expect(await server.knex('tender_queries').where({ id: created.body.id }).first()).toBeUndefined()
  })
})
