import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import ExcelJS from 'exceljs'
import { startTestServer, type TestServer } from '../../../../test/server.js'
import { REVIEW_JOURNEY_PR } from '../seeds/tender-review.js'

/*
 * The review side of a tender (issue 3 points 6 and 8): prices sealed until opening for every
 * staff role, tender representatives (valid users only, REVIEW only), queries on the bids, and
 * the recommendation and award, with their denials. Runs on the seeded READY tender of the
 * review journey (PR-ES-0301: SUBMITTED bids from Alpha and Beta, closing passed).
 */

let server: TestServer
const tokens: Record<string, string> = {}
const REP = 'rep.vendor'

beforeAll(async () => {
  server = await startTestServer()
  // A vendor-portal TenderAccount (461) holding "review as tender representative", like an outside
  // quantity surveyor; the password is the demo one.
  const alpha = await server.knex('users').where({ username: 'vendor.alpha' }).first()
  const [group] = await server.knex('security_groups').insert(
    {
      name: 'Tender Representative',
      domain: 'CMS',
      description: 'Reviews tenders it is listed on',
      permissions: JSON.stringify([
        { resource: 'tenders', action: 'read', attribute: 'own' },
        { resource: 'tenders', action: 'review', attribute: 'any' }
      ])
    },
    ['id']
  )
  const [rep] = await server.knex('users').insert(
    {
      username: REP,
      email: `${REP}@example.com`,
      displayName: 'Rita Quantity (QS)',
      password: alpha.password,
      passwordChangedAt: new Date(),
      domain: 'CMS',
      source: 'EXT',
      userType: 461,
      regions: ['HK'],
      defaultRegion: 'HK',
      enabled: true,
      invitedAt: new Date()
    },
    ['id']
  )
  await server.knex('user_groups').insert({ userId: rep.id, region: 'HK', groupId: group.id })
  for (const name of ['admin', 'pm.hk', 'approver.hk', 'accounting.hk', 'vendor.alpha', 'vendor.beta', REP]) tokens[name] = (await server.login(name)).accessToken
})
afterAll(async () => {
  await server?.stop()
})

const call = async (user: string, method: string, id: string | number, body: Record<string, unknown> = {}, path = 'tenders') =>
  server.api(tokens[user], 'POST', `/v1/${path}`, { id, updatedAt: await server.version(path, id), ...body }, { 'x-service-method': method })
const get = (user: string, path: string) => server.api(tokens[user], 'GET', `/v1/${path}`)
const tenderOf = (prNumber: string) => server.knex('tenders').where({ prNumber }).first()
const userId = async (username: string) => (await server.knex('users').where({ username }).first('id')).id
const companyId = async (name: string) => (await server.knex('companies').where({ name }).first('id')).id
const bidOf = async (tenderId: string, company: string) =>
  server
    .knex('bids')
    .where({ tenderId, companyId: await companyId(company) })
    .first()
/** A denial: 403, or 404 where the caller may not even see the record. */
const refused = (response: { status: number }) => expect([403, 404]).toContain(response.status)
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString()

describe('tender review', () => {
  let tender: any

  beforeAll(async () => {
    tender = await tenderOf(REVIEW_JOURNEY_PR)
  })

  it('keeps the comparison data sealed before REVIEW for every staff role', async () => {
    expect(tender.status).toBe('READY')
    for (const user of ['admin', 'pm.hk', 'approver.hk']) {
      const bids = await get(user, `bids?tenderId=${tender.id}`)
      expect(bids.status).toBe(200)
      expect(bids.body.data).toHaveLength(2)
      for (const bid of bids.body.data) {
        expect(bid.sealed).toBe(true)
        expect(bid.content).toBeUndefined()
      }
      const one = await get(user, `bids/${bids.body.data[0].id}`)
      expect(one.body.content).toBeUndefined()
    }
    // Nor through the comparison spreadsheet.
    for (const user of ['admin', 'pm.hk', 'approver.hk']) {
      const sealed = await get(user, `tender-comparisons/${tender.id}`)
      expect(sealed.status).toBe(409)
      expect(sealed.body.data.code).toBe('TENDER_SEALED')
    }
    // Each vendor reads its own prices, and only its own bid.
    const alpha = await get('vendor.alpha', `bids?tenderId=${tender.id}`)
    expect(alpha.body.data).toHaveLength(1)
    expect(alpha.body.data[0].content.rates.i1).toBe(25_000)
    const betaBid = await bidOf(tender.id, 'Beta Builders Ltd')
    expect((await get('vendor.alpha', `bids/${betaBid.id}`)).status).toBe(404)
  })

  it('offers as representatives the users holding the review permission in the region', async () => {
    const candidates = await get('pm.hk', 'tender-reviewers')
    expect(candidates.status).toBe(200)
    const names = candidates.body.data.map((user: any) => user.username)
    expect(names).toEqual(expect.arrayContaining(['accounting.hk', REP]))
    for (const username of ['pm.hk', 'approver.hk', 'vendor.alpha']) expect(names).not.toContain(username)
    expect((await get('vendor.alpha', 'tender-reviewers')).status).toBe(403)
    expect((await get('accounting.hk', 'tender-reviewers')).status).toBe(403)
  })

  it('lists only valid system users as representatives (400 REPRESENTATIVE_INVALID)', async () => {
    const fresh = await get('pm.hk', `tenders/${tender.id}`)
    const setAccounts = (user: string, userIds: number[], updatedAt = fresh.body.updatedAt) => call(user, 'setAccounts', tender.id, { userIds, updatedAt })
    // A bidding vendor's admin (401), the person in charge, staff without the review permission,
    // an unknown id: none is a valid representative.
    for (const username of ['vendor.alpha', 'pm.hk', 'approver.hk']) {
      const refused = await setAccounts('pm.hk', [await userId(username)])
      expect(refused.status).toBe(400)
      expect(refused.body.data.code).toBe('REPRESENTATIVE_INVALID')
    }
    expect((await setAccounts('pm.hk', [999_999])).body.data.code).toBe('REPRESENTATIVE_INVALID')
    // Only who runs the tender lists them.
    expect((await setAccounts('approver.hk', [await userId('accounting.hk')])).status).toBe(403)
    expect((await setAccounts('vendor.beta', [await userId('accounting.hk')])).status).toBe(403)
    refused(await setAccounts(REP, [await userId('accounting.hk')]))

    const listed = await setAccounts('pm.hk', [await userId('accounting.hk'), await userId(REP)])
    expect(listed.status).toBe(200)
    expect((await get('pm.hk', `tenders/${tender.id}`)).body.accounts).toBeUndefined() // only when asked
    expect((await get('pm.hk', `tenders/${tender.id}?withAccounts=true`)).body.accounts).toHaveLength(2)
    expect(listed.body.accounts.map((a: any) => a.username).sort()).toEqual(['accounting.hk', REP])
    expect(listed.body.accounts.every((a: any) => Boolean(a.invitedAt))).toBe(true)
    // A stale list is refused.
    expect((await setAccounts('pm.hk', [], fresh.body.updatedAt)).status).toBe(410)
    // Bidders never read the accounts.
    const asBidder = await get('vendor.alpha', `tenders/${tender.id}?withAccounts=true`)
    expect(asBidder.status).toBe(200)
    expect(asBidder.body.accounts).toBeUndefined()
    expect(asBidder.body.analysis).toBeUndefined()
  })

  it('lets a representative read the tender, and its bids only in REVIEW', async () => {
    for (const user of ['accounting.hk', REP]) {
      const list = await get(user, 'tenders?asRepresentative=true&$limit=50')
      expect(list.status).toBe(200)
      expect(list.body.data.map((t: any) => t.prNumber)).toContain(REVIEW_JOURNEY_PR)
      const one = await get(user, `tenders/${tender.id}?withAccounts=true`)
      expect(one.status).toBe(200)
      expect(one.body.isRepresentative).toBe(true)
      // READY: no bids for a representative, sealed or not.
      expect((await get(user, `bids?tenderId=${tender.id}`)).body.data).toHaveLength(0)
    }
    // A tender that does not list them stays closed to them.
    const other = await tenderOf('PR-ES-0006')
    expect((await get(REP, `tenders/${other.id}`)).status).toBe(404)
    expect((await get('accounting.hk', `tenders/${other.id}`)).status).toBe(403)
    // accounting.hk is the demo representative of PR-ES-0005, not REP.
    expect((await get(REP, 'tenders?asRepresentative=true')).body.data.map((t: any) => t.prNumber)).toEqual([REVIEW_JOURNEY_PR])
  })

  it('opens the bids: only who runs the tender; then every staff role and the representatives read the prices', async () => {
    expect((await call('approver.hk', 'open', tender.id)).status).toBe(403)
    expect((await call('vendor.alpha', 'open', tender.id)).status).toBe(403)
    expect((await call('accounting.hk', 'open', tender.id)).status).toBe(403)
    const opened = await call('pm.hk', 'open', tender.id)
    expect(opened.status).toBe(200)
    expect(opened.body.status).toBe('REVIEW')
    for (const user of ['admin', 'pm.hk', 'approver.hk', 'accounting.hk', REP]) {
      const bids = await get(user, `bids?tenderId=${tender.id}`)
      expect(bids.body.data).toHaveLength(2)
      expect(bids.body.data.every((bid: any) => bid.sealed === false && bid.content?.rates)).toBe(true)
    }
    // A vendor-portal representative reads no company records: the bids carry their names.
    expect((await get(REP, `bids?tenderId=${tender.id}`)).body.data.map((bid: any) => bid.companyName).sort()).toEqual(['Alpha Engineering Ltd', 'Beta Builders Ltd'])
    // A bidder still reads only its own bid, and never the comparison.
    expect((await get('vendor.beta', `bids?tenderId=${tender.id}`)).body.data).toHaveLength(1)
    expect((await get('vendor.beta', `tender-comparisons/${tender.id}`)).status).toBe(403)
    for (const user of ['pm.hk', REP]) {
      const response = await fetch(`${server.url}/v1/tender-comparisons/${tender.id}`, { headers: { authorization: `Bearer ${tokens[user]}` } })
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toContain('spreadsheetml')
      expect(response.headers.get('content-disposition')).toContain(`Bid Comparison ${REVIEW_JOURNEY_PR}`)
      const book = new ExcelJS.Workbook()
      await book.xlsx.load(Buffer.from(await response.arrayBuffer()) as any)
      const rows = book.worksheets[0]
        .getSheetValues()
        .filter(Boolean)
        .map((row: any) => row.slice(1))
      const header = rows[0] as string[]
      const column = (name: string) => header.indexOf(name)
      // Lines 1.1, 1.2, 2.1 (optional), then the totals: Alpha 97,000 (lowest), Beta 98,000.
      expect(rows.map((row: any) => row[column('Item no.')] ?? null)).toEqual(['Item no.', '1.1', '1.2', '2.1', null])
      expect(rows[1][column('Beta Builders Ltd: lowest')]).toBe('lowest')
      expect(rows[4][column('Alpha Engineering Ltd: line total')]).toBe(97_000)
      expect(rows[4][column('Alpha Engineering Ltd: lowest')]).toBe('lowest')
      expect(rows[4][column('Beta Builders Ltd: line total')]).toBe(98_000)
      // Alpha's remark on 1.1 (seeds/tender-review.ts); Beta wrote none.
      expect(rows[1][column('Alpha Engineering Ltd: remark')]).toBe('EMSD permit fees excluded')
      expect(rows[1][column('Beta Builders Ltd: remark')] ?? '').toBe('')
    }
  })

  it('raises, issues and answers a query; each step only for its party', async () => {
    const alphaBid = await bidOf(tender.id, 'Alpha Engineering Ltd')
    const draft = { bidId: alphaBid.id, question: 'Does item 1.1 include the EMSD permit fees?', closingAt: inDays(3) }
    expect((await server.api(tokens['accounting.hk'], 'POST', '/v1/tender-queries', draft)).status).toBe(403)
    expect((await server.api(tokens[REP], 'POST', '/v1/tender-queries', draft)).status).toBe(403)
    expect((await server.api(tokens['vendor.alpha'], 'POST', '/v1/tender-queries', draft)).status).toBe(403)
    const created = await server.api(tokens['pm.hk'], 'POST', '/v1/tender-queries', draft)
    expect(created.status).toBe(201)
    const query = created.body
    // The draft is the staff's: not the vendor's, not a vendor-portal representative's.
    expect((await get('vendor.alpha', `tender-queries/${query.id}`)).status).toBe(404)
    expect((await get(REP, `tender-queries?tenderId=${tender.id}`)).body.data).toHaveLength(0)
    expect((await get('accounting.hk', `tender-queries?tenderId=${tender.id}`)).body.data).toHaveLength(0)
    expect((await call('approver.hk', 'issue', query.id, {}, 'tender-queries')).status).toBe(403)
    refused(await call('accounting.hk', 'issue', query.id, {}, 'tender-queries'))
    const issued = await call('pm.hk', 'issue', query.id, {}, 'tender-queries')
    expect(issued.status).toBe(200)
    expect(issued.body.status).toBe('ISSUED')
    expect((await bidOf(tender.id, 'Alpha Engineering Ltd')).status).toBe('QUERY')
    expect((await get(REP, `tender-queries?tenderId=${tender.id}`)).body.data).toHaveLength(1)
    expect((await get('accounting.hk', `tender-queries?tenderId=${tender.id}`)).body.data).toHaveLength(1)

    // Another vendor neither sees nor answers it; the bidder answers once.
    expect((await call('vendor.beta', 'answer', query.id, { answer: 'Yes' }, 'tender-queries')).status).toBe(404)
    expect((await call('pm.hk', 'answer', query.id, { answer: 'Yes' }, 'tender-queries')).status).toBe(403)
    const answered = await call('vendor.alpha', 'answer', query.id, { answer: 'Yes, the permit fees are included.' }, 'tender-queries')
    expect(answered.status).toBe(200)
    expect(answered.body).toMatchObject({ status: 'SUBMITTED', answer: 'Yes, the permit fees are included.' })
    expect((await call('vendor.alpha', 'answer', query.id, { answer: 'Again' }, 'tender-queries')).status).toBe(409)
    expect((await bidOf(tender.id, 'Alpha Engineering Ltd')).status).toBe('SUBMITTED')
    const seen = await get('pm.hk', `tender-queries/${query.id}`)
    expect(seen.body.answer).toBe('Yes, the permit fees are included.')
  })

  it('recommends and awards: only who runs the tender, a SUBMITTED bid, a chosen vendor', async () => {
    const beta = await bidOf(tender.id, 'Beta Builders Ltd')
    const other = await bidOf((await tenderOf('PR-ES-0005')).id, 'Beta Builders Ltd')
    for (const user of ['accounting.hk', REP, 'approver.hk', 'vendor.beta']) {
      refused(await call(user, 'recommend', tender.id, { bidId: beta.id }))
      refused(await call(user, 'award', tender.id))
    }
    expect((await call('pm.hk', 'recommend', tender.id, { bidId: other.id })).body.data.code).toBe('RECOMMENDATION_INVALID')
    const unchosen = await call('pm.hk', 'award', tender.id)
    expect(unchosen.status).toBe(400)
    expect(unchosen.body.data.code).toBe('RECOMMENDATION_REQUIRED')

    const read = await get('pm.hk', `tenders/${tender.id}`)
    const recommended = await call('pm.hk', 'recommend', tender.id, { bidId: beta.id, analysis: 'Beta: compliant, best on preliminaries.', updatedAt: read.body.updatedAt })
    expect(recommended.status).toBe(200)
    expect((await call('pm.hk', 'award', tender.id, { updatedAt: read.body.updatedAt })).status).toBe(410)
    // A representative reads the analysis and recommendation while reviewing.
    const asRep = await get(REP, `tenders/${tender.id}`)
    expect(asRep.body).toMatchObject({ analysis: 'Beta: compliant, best on preliminaries.', recommendedBidId: beta.id })
    const awarded = await call('pm.hk', 'award', tender.id, { updatedAt: recommended.body.updatedAt })
    expect(awarded.status).toBe(200)
    expect(awarded.body.status).toBe('AWARDED')
    // The winner reads the award; the analysis stays internal.
    const asWinner = await get('vendor.beta', `tenders/${tender.id}`)
    expect(asWinner.body).toMatchObject({ status: 'AWARDED', recommendedBidId: beta.id })
    expect(asWinner.body.analysis).toBeUndefined()
    // Decided: the representatives' review is over (no bids), and the list of them is closed.
    expect((await get(REP, `bids?tenderId=${tender.id}`)).body.data).toHaveLength(0)
    expect((await call('pm.hk', 'setAccounts', tender.id, { userIds: [] })).status).toBe(409)
  })
})
