import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../../test/server.js'

// A vendor's tender list is read from its invitations (migration 1900): these tests hold it to
// the same answers as reading the tenders, and check that the invitation copies follow the tender.
let server: TestServer
const tokens: Record<string, string> = {}
let alpha: number
beforeAll(async () => {
  server = await startTestServer()
  for (const name of ['pm.hk', 'vendor.alpha', 'vendor.beta']) tokens[name] = (await server.login(name)).accessToken
  alpha = (await server.knex('companies').where({ name: 'Alpha Engineering Ltd' }).first('id')).id
})
afterAll(async () => {
  await server?.stop()
})

const list = async (user: string, query = '') => {
  const answer = await server.api(tokens[user], 'GET', `/hk/v1/tenders?$sort[closingAt]=-1&$limit=25${query}`)
  expect(answer.status).toBe(200)
  return answer.body as { total: number; data: any[] }
}

describe("a vendor's tender list", () => {
  let onlyAlpha: string

  beforeAll(async () => {
    const seeded = await server.knex('tenders').where({ prNumber: 'PR-ES-0003' }).first()
    const [row] = await server.knex('tenders').insert(
      {
        region: 'HK',
        prNumber: 'PR-VL-0001',
        prDescription: 'Alpha only',
        amount: 650_000,
        currency: 'HKD',
        tenderType: 'TENDER',
        status: 'ISSUED',
        managedBy: seeded.managedBy,
        siteId: seeded.siteId,
        departmentId: seeded.departmentId,
        closingAt: new Date(Date.now() + 40 * 86_400_000)
      },
      ['id']
    )
    onlyAlpha = row.id
    await server.knex('tender_vendors').insert({ tenderId: onlyAlpha, companyId: alpha })
  })

  it('shows the invited tenders from issue on, latest closing first, with the total', async () => {
    const { total, data } = await list('vendor.alpha')
    const expected = await server
      .knex('tenders')
      .join('tender_vendors', 'tender_vendors.tender_id', 'tenders.id')
      .where({ 'tender_vendors.company_id': alpha, 'tenders.region': 'HK' })
      .whereIn('tenders.status', ['ISSUED', 'READY', 'REVIEW', 'AWARDED', 'REGRETTED', 'DECLINED', 'CANCELLED'])
      .orderBy('tenders.closing_at', 'desc')
      .pluck('tenders.id')
    expect(data.map((tender) => tender.id)).toEqual(expected)
    expect(total).toBe(expected.length)
    expect(data[0].id).toBe(onlyAlpha)
    for (const tender of data) expect(['DRAFT', 'WAPPR', 'APPR', 'REJECTED']).not.toContain(tender.status)
    // Whole tender records, without the internal fields a vendor never reads.
    expect(data[0]).toMatchObject({ prNumber: 'PR-VL-0001', region: 'HK' })
    expect(data[0]).not.toHaveProperty('analysis')
  })

  it('never shows another company its invitations', async () => {
    const { data } = await list('vendor.beta')
    expect(data.map((tender) => tender.id)).not.toContain(onlyAlpha)
  })

  it('filters on status, closing date and the tender’s own columns', async () => {
    expect((await list('vendor.alpha', '&status=ISSUED')).data.every((tender) => tender.status === 'ISSUED')).toBe(true)
    const byPr = await list('vendor.alpha', '&prNumber=PR-VL-0001')
    expect(byPr.total).toBe(1)
    const soon = await list('vendor.alpha', `&closingAt[$lt]=${new Date(Date.now() + 20 * 86_400_000).toISOString()}`)
    expect(soon.data.map((tender) => tender.id)).not.toContain(onlyAlpha)
    const picked = await list('vendor.alpha', '&$select[]=prNumber&prNumber=PR-VL-0001')
    expect(picked.data[0]).toEqual({ id: onlyAlpha, prNumber: 'PR-VL-0001' })
  })

  it('follows the tender: a changed closing date reorders, a status before issue hides it', async () => {
    await server
      .knex('tenders')
      .where({ id: onlyAlpha })
      .update({ closingAt: new Date(Date.now() - 400 * 86_400_000) })
    const reordered = await list('vendor.alpha')
    expect(reordered.data.at(-1).id).toBe(onlyAlpha)
    await server.knex('tenders').where({ id: onlyAlpha }).update({ status: 'DRAFT' })
    const hidden = await list('vendor.alpha')
    expect(hidden.data.map((tender) => tender.id)).not.toContain(onlyAlpha)
    expect(hidden.total).toBe(reordered.total - 1)
  })

  it('refuses the internal fields as filters or sort keys', async () => {
    const answer = await server.api(tokens['vendor.alpha'], 'GET', '/hk/v1/tenders?$sort[analysis]=1')
    expect(answer.status).toBe(400)
  })
})

describe('the tender list by purchase order or contract number', () => {
  it('finds the tender of a PO from part of its number, case aside, in the region only', async () => {
    const awarded = await server.knex('tenders').where({ prNumber: 'PR-ES-0006' }).first('id')
    const found = await server.api(tokens['pm.hk'], 'GET', '/hk/v1/tenders?poNumber=es-0006')
    expect(found.status).toBe(200)
    expect(found.body.data.map((tender: any) => tender.id)).toEqual([awarded.id])
    expect((await server.api(tokens['pm.hk'], 'GET', '/hk/v1/tenders?poNumber=PO-NONE')).body.total).toBe(0)
    // Combined with other filters, and with an id filter that does not match: nothing.
    expect((await server.api(tokens['pm.hk'], 'GET', '/hk/v1/tenders?poNumber=PO-ES&status=AWARDED')).body.total).toBe(1)
    expect((await server.api(tokens['pm.hk'], 'GET', `/hk/v1/tenders?poNumber=PO-ES&id=${'x'.repeat(24)}`)).body.total).toBe(0)
    // "%" is a character to look for, not a wildcard.
    expect((await server.api(tokens['pm.hk'], 'GET', '/hk/v1/tenders?poNumber=%25')).body.total).toBe(0)
  })

  it('gives a vendor only the tenders it could see anyway', async () => {
    const alpha = await server.api(tokens['vendor.alpha'], 'GET', '/hk/v1/tenders?poNumber=PO-ES-0006')
    expect(alpha.body.total).toBe(1)
    const other = await server.knex('companies').where({ name: 'Beta Builders Ltd' }).first('id')
    await server.knex('tender_vendors').where({ companyId: other.id }).delete()
    expect((await server.api(tokens['vendor.beta'], 'GET', '/hk/v1/tenders?poNumber=PO-ES-0006')).body.total).toBe(0)
  })
})

describe("the vendor's invitation list (its bids)", () => {
  const bids = async (query = '', limit = 100) => {
    const answer = await server.api(tokens['vendor.alpha'], 'GET', `/hk/v1/bids?$limit=${limit}${query}`)
    expect(answer.status).toBe(200)
    return answer.body as { total: number; data: any[] }
  }
  /** Alpha's bids in HK with the tender each answers. */
  const alphaBids = () =>
    server
      .knex('bids')
      .join('tenders', 'tenders.id', 'bids.tender_id')
      .where({ 'bids.company_id': alpha, 'bids.region': 'HK' })
      .select(
        'bids.id',
        'bids.created_at as createdAt',
        'tenders.status as tenderStatus',
        'tenders.closing_at as closingAt',
        'tenders.pr_number as prNumber',
        'tenders.pr_description as prDescription'
      )

  it('lists the open invitations first, soonest closing first, then the others, latest closing first', async () => {
    const rows = await alphaBids()
    const now = Date.now()
    const open = (row: any) => row.tenderStatus === 'ISSUED' && new Date(row.closingAt).getTime() > now
    const time = (row: any) => new Date(row.closingAt).getTime()
    const arrival = (a: any, b: any) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1)
    const expected = [...rows.filter(open).sort((a, b) => time(a) - time(b) || arrival(a, b)), ...rows.filter((row) => !open(row)).sort((a, b) => time(b) - time(a) || arrival(a, b))].map(
      (row) => row.id
    )
    expect(rows.filter(open).length).toBeGreaterThan(0)
    expect(rows.filter((row) => !open(row)).length).toBeGreaterThan(0)
    const { total, data } = await bids()
    expect(total).toBe(rows.length)
    expect(data.map((bid) => bid.id)).toEqual(expected)
    // Paged: the second page goes on where the first stopped.
    const second = await bids('&$skip=2', 2)
    expect(second.data.map((bid) => bid.id)).toEqual(expected.slice(2, 4))
  })

  it('finds by part of the PR number or of the description, case aside, among its own bids only', async () => {
    const rows = await alphaBids()
    const byNumber = await bids('&search=es-0003')
    expect(byNumber.data.map((bid) => bid.id).sort()).toEqual(
      rows
        .filter((row) => /es-0003/i.test(row.prNumber))
        .map((row) => row.id)
        .sort()
    )
    expect(byNumber.total).toBeGreaterThan(0)
    const byDescription = await bids('&search=FACADE')
    expect(byDescription.data.map((bid) => bid.id).sort()).toEqual(
      rows
        .filter((row) => /facade/i.test(row.prDescription))
        .map((row) => row.id)
        .sort()
    )
    expect(byDescription.total).toBeGreaterThan(0)
    for (const bid of [...byNumber.data, ...byDescription.data]) expect(bid.companyId).toBe(alpha)
    // "%" is looked for, not a wildcard.
    expect((await bids('&search=%25')).total).toBe(0)
  })

  it('sorts by the tender fields and its own, and refuses others', async () => {
    const rows = await alphaBids()
    const byClosing = (await bids('&$sort[closingAt]=1')).data.map((bid) => Date.parse(rows.find((row) => row.id === bid.id)!.closingAt))
    expect(byClosing).toEqual([...byClosing].sort((a, b) => a - b))
    const byNumber = (await bids('&$sort[prNumber]=-1')).data.map((bid) => rows.find((row) => row.id === bid.id)!.prNumber)
    expect(byNumber).toEqual([...byNumber].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)))
    expect((await bids('&$sort[status]=1')).data.map((bid) => bid.status)).toEqual((await bids('&$sort[status]=1')).data.map((bid) => bid.status).sort())
    expect((await server.api(tokens['vendor.alpha'], 'GET', '/hk/v1/bids?$sort[amount]=1')).status).toBe(400)
  })

  it("lists one tender's bids in the order they came in, those invited together by vendor name", async () => {
    const admin = (await server.login('admin')).accessToken
    const tender = await server.knex('tenders').where({ prNumber: 'PR-ES-0005' }).first('id')
    const answer = await server.api(admin, 'GET', `/hk/v1/bids?tenderId=${tender.id}&$limit=50`)
    expect(answer.status).toBe(200)
    const rows: any[] = answer.body.data
    expect(rows.length).toBeGreaterThan(1)
    const names = new Map((await server.knex('companies').select('id', 'name')).map((company: any) => [company.id, company.name]))
    const key = (bid: any) => [new Date(bid.createdAt).getTime(), names.get(bid.companyId)] as const
    const expected = [...rows].sort((a, b) => key(a)[0] - key(b)[0] || String(key(a)[1]).localeCompare(String(key(b)[1])))
    expect(rows.map((bid) => bid.id)).toEqual(expected.map((bid) => bid.id))
  })
})
