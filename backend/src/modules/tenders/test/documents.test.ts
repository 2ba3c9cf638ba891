import fs from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../../test/server.js'
import { pdfText } from '../../../documents/pdf-text.js'

// PDF documents of spec §7 over the demo tenders (seeds/tenders.ts): PR-ES-0003 is ISSUED (bids
// sealed for staff), PR-ES-0005 in REVIEW (opened). Alpha's demo bids price i1 at 10 × rate and
// 40 × i2 at rate: 1500 → HKD 75,000.00, 2000 → HKD 100,000.00.
let server: TestServer
const tokens: Record<string, string> = {}
const ids: Record<string, string> = {}

beforeAll(async () => {
  server = await startTestServer()
  for (const name of ['admin', 'pm.hk', 'vendor.alpha', 'vendor.beta']) tokens[name] = (await server.login(name)).accessToken
  const alpha = (await server.knex('companies').where({ name: 'Alpha Engineering Ltd' }).first('id')).id
  for (const prNumber of ['PR-ES-0003', 'PR-ES-0005']) {
    const tender = await server.knex('tenders').where({ prNumber }).first('id')
    ids[prNumber] = tender.id
    ids[`${prNumber}/alpha`] = (await server.knex('bids').where({ tenderId: tender.id, companyId: alpha }).first('id')).id
  }
})
afterAll(async () => {
  await server?.stop()
})

async function download(user: string, path: string, language = 'en-US') {
  const response = await fetch(`${server.url}/v1/${path}`, { headers: { authorization: `Bearer ${tokens[user]}`, 'accept-language': language } })
  const bytes = Buffer.from(await response.arrayBuffer())
  const isPdf = (response.headers.get('content-type') ?? '').startsWith('application/pdf')
  if (isPdf && process.env.DOCS_PDF_OUT) {
    fs.mkdirSync(process.env.DOCS_PDF_OUT, { recursive: true })
    fs.writeFileSync(`${process.env.DOCS_PDF_OUT}/${user}-${path.replace(/\W+/g, '_')}-${language}.pdf`, bytes)
  }
  return { status: response.status, headers: response.headers, bytes, text: isPdf ? pdfText(bytes) : '' }
}

const expectPdf = (bytes: Buffer) => {
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-')
  expect(bytes.subarray(-8).toString('latin1')).toContain('%%EOF')
  // The CJK font is embedded (subset), so Chinese renders without fonts on the reader's machine.
  expect(bytes.toString('latin1')).toMatch(/\/FontName \/[A-Z]{6}\+NotoSansHans-Regular/)
}

describe('tender documents', () => {
  it('answers a zh-CN tender summary with the CJK font embedded, named by its Chinese title', async () => {
    const { status, headers, bytes, text } = await download('pm.hk', `documents/tender-summary/${ids['PR-ES-0005']}`, 'zh-CN')
    expect(status).toBe(200)
    expect(headers.get('content-type')).toBe('application/pdf')
    // The name in UTF-8, and an ASCII stand-in for old clients.
    expect(headers.get('content-disposition')).toBe(`attachment; filename="____ PR-ES-0005.pdf"; filename*=UTF-8''${encodeURIComponent('招标摘要 PR-ES-0005.pdf')}`)
    expectPdf(bytes)
    expect(text).toContain('招标摘要')
    expect(text).toContain('采购申请编号 PR-ES-0005')
    expect(text).toContain('ES2 facade cleaning gondola service')
    // Opened: staff see both bids' totals.
    expect(text).toContain('Alpha Engineering Ltd')
    expect(text).toContain('100,000.00')
    expect(text).toContain('Beta Builders Ltd')
  })

  it('prints the sealed state in the summary before opening, and English for en-US', async () => {
    const { status, text } = await download('pm.hk', `documents/tender-summary/${ids['PR-ES-0003']}`)
    expect(status).toBe(200)
    expect(text).toContain('Tender Summary')
    expect(text).toContain('Sealed until opening')
    expect(text).not.toContain('75,000.00')
  })

  it('gives the owning vendor its bid with prices and total', async () => {
    const { status, headers, bytes, text } = await download('vendor.alpha', `documents/tender-bid/${ids['PR-ES-0003/alpha']}`)
    expect(status).toBe(200)
    expect(headers.get('content-disposition')).toContain('filename="Tender Bid PR-ES-0003.pdf"')
    expectPdf(bytes)
    expect(text).toContain('Tender Bid')
    expect(text).toContain('1,500.00')
    expect(text).toContain('Total: HKD 75,000.00')
    expect(text).not.toContain('Sealed until opening')
  })

  it('gives staff a bid without prices before the tender is opened', async () => {
    for (const user of ['pm.hk', 'admin']) {
      const { status, text } = await download(user, `documents/tender-bid/${ids['PR-ES-0003/alpha']}`)
      expect(status).toBe(200)
      expect(text).toContain('Sealed until opening')
      expect(text).toContain('Alpha Engineering Ltd')
      expect(text).not.toContain('1,500.00')
      expect(text).not.toContain('75,000.00')
      expect(text).not.toContain('demo-receipt')
    }
    const opened = await download('pm.hk', `documents/tender-bid/${ids['PR-ES-0005/alpha']}`, 'zh-CN')
    expect(opened.text).toContain('总额: HKD 100,000.00')
    expect(opened.text).not.toContain('开标前密封')
  })

  it("prints the tender's optional items apart from the totals, in the summary and the bid", async () => {
    const optionalItems = [{ name: '夜间施工附加费', value: 4321.5, text: 'Night works', selected: true }]
    await server
      .knex('tenders')
      .where({ id: ids['PR-ES-0005'] })
      .update({ general: server.knex.raw(`coalesce(general, '{}'::jsonb) || ?::jsonb`, [JSON.stringify({ optionalItems })]) })
    const summary = await download('pm.hk', `documents/tender-summary/${ids['PR-ES-0005']}`, 'zh-CN')
    expect(summary.text).toContain('可选项目 — 不计入总额')
    expect(summary.text).toMatch(/夜间施工附加费\s+Night works\s+4,321\.50\s+是/)
    // Alpha's total is its line items' (HKD 100,000.00), the option not added.
    expect(summary.text).toContain('100,000.00')
    expect(summary.text).not.toContain('104,321.50')
    const bid = await download('vendor.alpha', `documents/tender-bid/${ids['PR-ES-0005/alpha']}`)
    expect(bid.text).toContain('Total: HKD 100,000.00')
    expect(bid.text).toContain('Optional items — not included in the total')
    expect(bid.text).toMatch(/夜间施工附加费\s+Night works\s+4,321\.50\s+Yes/)
  })

  it("answers 404 for another vendor's bid, an unknown type or id", async () => {
    expect((await download('vendor.beta', `documents/tender-bid/${ids['PR-ES-0003/alpha']}`)).status).toBe(404)
    expect((await download('pm.hk', `documents/unknown/${ids['PR-ES-0003']}`)).status).toBe(404)
    expect((await download('pm.hk', 'documents/tender-bid/aaaaaaaaaaaaaaaaaaaaaaaa')).status).toBe(404)
    expect((await download('pm.hk', 'documents/tender-summary/nope')).status).toBe(404)
  })

  it('prints a tender query for its vendor and staff, not for another vendor', async () => {
    const bid = await server.knex('bids').where({ id: ids['PR-ES-0005/alpha'] }).first()
    const [{ id }] = await server.knex('tender_queries').insert(
      {
        region: 'HK',
        tenderId: bid.tenderId,
        bidId: bid.id,
        companyId: bid.companyId,
        order: 1,
        status: 'SUBMITTED',
        question: 'Please confirm the gondola certificate 请确认吊船证书',
        answer: 'Certificate attached.',
        closingAt: new Date(Date.now() - 86_400_000)
      },
      ['id']
    )
    const own = await download('vendor.alpha', `documents/tender-query/${id}`, 'zh-CN')
    expect(own.status).toBe(200)
    expect(own.headers.get('content-disposition')).toContain(encodeURIComponent('招标询问 PR-ES-0005.pdf'))
    expectPdf(own.bytes)
    expect(own.text).toContain('招标询问')
    expect(own.text).toContain('请确认吊船证书')
    expect(own.text).toContain('Certificate attached.')
    expect((await download('pm.hk', `documents/tender-query/${id}`)).status).toBe(200)
    expect((await download('vendor.beta', `documents/tender-query/${id}`)).status).toBe(404)
    expect((await download('vendor.alpha', 'documents/tender-query/999999')).status).toBe(404)
  })
})
