import { createHash } from 'node:crypto'
import ExcelJS from 'exceljs'
import { feathers } from '@feathersjs/feathers'
import socketio from '@feathersjs/socketio-client'
import { io, type Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../../test/server.js'
import { termIdsOf } from './tender-fixtures.js'
import { closeDueTenders } from '../services/tenders/close-tenders.js'
import { canonicalJson, verifyBidReceipt } from '../services/tenders/bid-receipt.js'
import { pdfText } from '../../../documents/pdf-text.js'

/*
 * Issue 8 finding 4: sealed prices could be recovered before opening from the receipt digest in
 * the bid-submitted mail (administrators read the outbox): it was the unsalted SHA-256 of
 * {content, submittedAt}, and both are guessable. Now the digest hashes a 32-byte random nonce
 * that only the bid's vendor reads before opening; staff read it once the tender is opened.
 *
 * The demo tender PR-ES-0003 is ISSUED with Alpha (SUBMITTED, a receipt of before nonces) and
 * Beta (DRAFT) invited. Alpha's bid is reopened and both vendors submit one-line-distinct prices.
 */
let server: TestServer
const tokens: Record<string, string> = {}
const sockets: Socket[] = []
let tenderId: string
const bids: Record<'alpha' | 'beta', any> = {} as any
const prices = { alpha: { i1: 4321.77, i2: 1234.56 }, beta: { i1: 8765.43, i2: 2345.67 } }
const priceTexts = ['4321.77', '1234.56', '8765.43', '2345.67']
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')

/** A browser's live connection, with a promise for the next bid event that passes `until`. */
async function connect(username: string) {
  const socket = io(server.url, { query: { region: 'hk' }, transports: ['websocket'], forceNew: true })
  sockets.push(socket)
  const client = feathers().configure(socketio(socket))
  await client.service('authentication').create({ strategy: 'jwt', accessToken: tokens[username] })
  const events: any[] = []
  const waiting: Array<{ until: (data: any) => boolean; resolve: (data: any) => void }> = []
  for (const event of ['created', 'patched', 'updated', 'removed']) {
    client.service('bids').on(event, (data: any) => {
      events.push(data)
      for (const waiter of [...waiting])
        if (waiter.until(data)) {
          waiting.splice(waiting.indexOf(waiter), 1)
          waiter.resolve(data)
        }
    })
  }
  const next = (until: (data: any) => boolean) => new Promise<any>((resolve) => waiting.push({ until, resolve }))
  return { events, next }
}

const call = (user: string, method: string, body: Record<string, unknown>) => server.api(tokens[user], 'POST', '/hk/v1/bids', body, { 'x-service-method': method })

async function download(user: string, path: string) {
  const response = await fetch(`${server.url}/hk/v1/${path}`, { headers: { authorization: `Bearer ${tokens[user]}` } })
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) }
}

/** Every cell of a downloaded spreadsheet as one text. */
async function workbookText(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(bytes as any)
  const cells: string[] = []
  workbook.eachSheet((sheet) =>
    sheet.eachRow((row) =>
      row.eachCell((cell) => {
        cells.push(String(cell.value ?? ''))
      })
    )
  )
  return cells.join('\n')
}

/** Neither a price nor a nonce of the two bids appears in this text. */
function expectNothingSealedIn(text: string, where: string) {
  for (const price of priceTexts) expect(text, `${where} shows the price ${price}`).not.toContain(price)
  for (const who of ['alpha', 'beta'] as const) expect(text, `${where} shows ${who}'s nonce`).not.toContain(bids[who].nonce)
}

beforeAll(async () => {
  server = await startTestServer()
  for (const name of ['admin', 'pm.hk', 'vendor.alpha', 'vendor.beta']) tokens[name] = (await server.login(name)).accessToken
  tenderId = (await server.knex('tenders').where({ prNumber: 'PR-ES-0003' }).first('id')).id
})
afterAll(async () => {
  for (const socket of sockets) socket.close()
  await server?.stop()
})

describe('sealed bid receipts (issue 8, finding 4)', () => {
  let admin: Awaited<ReturnType<typeof connect>>
  let pm: Awaited<ReturnType<typeof connect>>

  it('gives each submitting vendor a receipt with a 32-byte random nonce kept with the bid', async () => {
    admin = await connect('admin')
    pm = await connect('pm.hk')
    const companyOf = async (name: string) => (await server.knex('companies').where({ name }).first('id')).id
    const alphaRow = await server
      .knex('bids')
      .where({ tenderId, companyId: await companyOf('Alpha Engineering Ltd') })
      .first()
    const reopened = await call('pm.hk', 'reopen', { id: alphaRow.id, updatedAt: alphaRow.updatedAt })
    expect(reopened.status).toBe(200)
    for (const [who, username, company] of [
      ['alpha', 'vendor.alpha', 'Alpha Engineering Ltd'],
      ['beta', 'vendor.beta', 'Beta Builders Ltd']
    ] as const) {
      const row = await server
        .knex('bids')
        .where({ tenderId, companyId: await companyOf(company) })
        .first()
      const termsAccepted = await termIdsOf(server, tokens[username], tenderId)
      const saved = await call(username, 'save', {
        id: row.id,
        updatedAt: row.updatedAt,
        content: { tncInfo: { name: 'Signer', position: 'Director' }, bidItemQtys: { i1: 1, i2: 40 }, rates: prices[who] },
        termsAccepted
      })
      expect(saved.status).toBe(200)
      const heard = pm.next((data) => data.id === row.id && data.status === 'SUBMITTED')
      const heardByAdmin = admin.next((data) => data.id === row.id && data.status === 'SUBMITTED')
      const submitted = await call(username, 'submit', { id: row.id, updatedAt: saved.body.updatedAt })
      expect(submitted.status).toBe(200)
      await Promise.all([heard, heardByAdmin])
      const stored = await server.knex('bids').where({ id: row.id }).first()
      expect(stored.receiptNonce).toMatch(/^[0-9a-f]{64}$/)
      expect(Buffer.from(stored.receiptNonce, 'hex')).toHaveLength(32)
      // The vendor reads its receipt: digest, nonce, and that it holds for the bid it sent.
      expect(submitted.body).toMatchObject({ status: 'SUBMITTED', receiptDigest: stored.receiptDigest, receiptNonce: stored.receiptNonce, receiptCheck: 'VERIFIED' })
      const own = await server.api(tokens[username], 'GET', `/hk/v1/bids/${row.id}`)
      expect(own.body).toMatchObject({ receiptNonce: stored.receiptNonce, receiptCheck: 'VERIFIED' })
      bids[who] = { id: row.id, nonce: stored.receiptNonce, digest: stored.receiptDigest, submittedAt: stored.submittedAt, content: stored.content }
    }
    expect(bids.alpha.nonce).not.toBe(bids.beta.nonce)
    // The other vendor reads neither the bid nor its nonce.
    expect((await server.api(tokens['vendor.beta'], 'GET', `/hk/v1/bids/${bids.alpha.id}`)).status).toBe(404)
  })

  it('mails the digest only, and the digest cannot be recomputed from what staff can read', async () => {
    const mails = await server.knex('mail_messages').where({ template: 'tender.bid-submitted' }).orderBy('id')
    for (const who of ['alpha', 'beta'] as const) {
      const bid = bids[who]
      const mail = mails.find((row: any) => row.text.includes(bid.digest))
      expect(mail, `${who}'s confirmation carries its digest`).toBeTruthy()
      expectNothingSealedIn(`${mail.subject}\n${mail.html}\n${mail.text}`, 'the mail')
      // The attack of the review: the exact content and time staff could guess (the true price
      // included) give another digest without the nonce, in every form of the time.
      for (const submittedAt of [new Date(bid.submittedAt).toISOString(), new Date(bid.submittedAt).toISOString().replace('.000Z', 'Z')]) {
        expect(sha256(canonicalJson({ content: bid.content, submittedAt }))).not.toBe(bid.digest)
        expect(sha256(canonicalJson({ content: bid.content, nonce: null, submittedAt }))).not.toBe(bid.digest)
      }
    }
    // What the administrator reads in the outbox: lists, each mail, the export.
    const list = await server.api(tokens.admin, 'GET', '/v1/mail-messages?template=tender.bid-submitted')
    expect(list.status).toBe(200)
    expect(list.body.total).toBeGreaterThanOrEqual(2)
    let read = JSON.stringify(list.body)
    for (const mail of list.body.data) read += JSON.stringify((await server.api(tokens.admin, 'GET', `/v1/mail-messages/${mail.id}`)).body)
    expect(read).toContain(bids.alpha.digest)
    expectNothingSealedIn(read, 'the outbox')
    const exported = await download('admin', 'exports/mail-messages')
    expect(exported.status).toBe(200)
    expectNothingSealedIn(await workbookText(exported.bytes), 'the outbox export')
  })

  it('before opening, staff read no price and no nonce in bids, audit log, exports, PDFs or live events', async () => {
    for (const staff of ['admin', 'pm.hk']) {
      const list = await server.api(tokens[staff], 'GET', `/hk/v1/bids?tenderId=${tenderId}`)
      expect(list.status).toBe(200)
      for (const bid of list.body.data) {
        expect(bid).toMatchObject({ sealed: true })
        for (const field of ['content', 'termsAccepted', 'receiptDigest', 'receiptNonce', 'receiptCheck']) expect(bid[field]).toBeUndefined()
      }
      let read = JSON.stringify(list.body)
      for (const who of ['alpha', 'beta'] as const) {
        const one = await server.api(tokens[staff], 'GET', `/hk/v1/bids/${bids[who].id}`)
        expect(one.body.receiptNonce).toBeUndefined()
        read += JSON.stringify(one.body)
        const pdf = await download(staff, `documents/tender-bid/${bids[who].id}`)
        expect(pdf.status).toBe(200)
        read += pdfText(pdf.bytes)
      }
      read += JSON.stringify((await server.api(tokens[staff], 'GET', '/hk/v1/bids/tender/' + tenderId)).body)
      expectNothingSealedIn(read, `${staff}'s bid reads`)
    }
    // Bids are no exportable list; the audit log is, and neither it nor its export carries them.
    expect((await download('admin', 'exports/bids')).status).toBe(404)
    const audit = await server.api(tokens.admin, 'GET', '/v1/audit-log?resource=bids&$limit=100')
    expect(audit.status).toBe(200)
    const rows = audit.body.data.filter((row: any) => [bids.alpha.id, bids.beta.id].includes(row.recordId))
    expect(rows.map((row: any) => row.action).sort()).toEqual(['bids.reopen', 'bids.save', 'bids.save', 'bids.submit', 'bids.submit'])
    for (const row of rows) {
      for (const side of [row.before, row.after]) for (const field of ['content', 'termsAccepted', 'receiptDigest', 'receiptNonce']) expect(side?.[field]).toBeUndefined()
    }
    const stored = await server.knex('audit_log').where({ resource: 'bids' })
    expectNothingSealedIn(JSON.stringify(audit.body) + JSON.stringify(stored), 'the audit log')
    const auditExport = await download('admin', 'exports/audit-log?resource=bids')
    expect(auditExport.status).toBe(200)
    expectNothingSealedIn(await workbookText(auditExport.bytes), 'the audit log export')
    // Live events of both submissions reached staff without sealed fields.
    for (const connection of [admin, pm]) {
      const heard = connection.events.filter((data) => [bids.alpha.id, bids.beta.id].includes(data.id))
      expect(heard.length).toBeGreaterThanOrEqual(2)
      for (const data of heard) for (const field of ['content', 'termsAccepted', 'receiptDigest', 'receiptNonce']) expect(data[field]).toBeUndefined()
      expectNothingSealedIn(JSON.stringify(heard), 'live events')
    }
  })

  it("prints the nonce in the vendor's own bid PDF", async () => {
    const pdf = await download('vendor.alpha', `documents/tender-bid/${bids.alpha.id}`)
    expect(pdf.status).toBe(200)
    const text = pdfText(pdf.bytes).replace(/\s+/g, '')
    expect(text).toContain(bids.alpha.nonce)
    expect(text).toContain(bids.alpha.digest)
    expect(text).toContain('Receiptverified')
  })

  it('after opening, staff read the nonce and the receipt verifies; a one-line price change fails it', async () => {
    await server
      .knex('tenders')
      .where({ id: tenderId })
      .update({ closingAt: new Date(Date.now() - 1000) })
    await closeDueTenders(server.app, new Date())
    const readyBid = await server.api(tokens['pm.hk'], 'GET', `/hk/v1/bids/${bids.beta.id}`)
    expect(readyBid.body.receiptNonce).toBeUndefined() // READY is still sealed
    const opened = await server.api(tokens['pm.hk'], 'POST', '/hk/v1/tenders', { id: tenderId, updatedAt: await server.version('tenders', tenderId) }, { 'x-service-method': 'open' })
    expect(opened.status).toBe(200)
    expect(opened.body.status).toBe('REVIEW')
    for (const staff of ['admin', 'pm.hk']) {
      for (const who of ['alpha', 'beta'] as const) {
        const { body } = await server.api(tokens[staff], 'GET', `/hk/v1/bids/${bids[who].id}`)
        expect(body).toMatchObject({ sealed: false, receiptNonce: bids[who].nonce, receiptDigest: bids[who].digest, receiptCheck: 'VERIFIED' })
        expect(body.content.rates).toEqual(prices[who])
        // Anyone can check it from what staff now read, against the digest mailed at submit.
        expect(verifyBidReceipt(body.content, body.submittedAt, body.receiptNonce, bids[who].digest)).toBe(true)
      }
    }
    // One line's rate changed in the database after the fact: the receipt no longer holds.
    const tampered = { ...bids.alpha.content, rates: { ...prices.alpha, i2: 1234.57 } }
    await server
      .knex('bids')
      .where({ id: bids.alpha.id })
      .update({ content: JSON.stringify(tampered) })
    const { body } = await server.api(tokens['pm.hk'], 'GET', `/hk/v1/bids/${bids.alpha.id}`)
    expect(body.receiptCheck).toBe('FAILED')
    expect(verifyBidReceipt(body.content, body.submittedAt, body.receiptNonce, bids.alpha.digest)).toBe(false)
    const list = await server.api(tokens['pm.hk'], 'GET', `/hk/v1/bids?tenderId=${tenderId}`)
    expect(Object.fromEntries(list.body.data.map((bid: any) => [bid.id, bid.receiptCheck]))).toEqual({ [bids.alpha.id]: 'FAILED', [bids.beta.id]: 'VERIFIED' })
  })

  it('still shows a bid whose receipt was issued before nonces', async () => {
    const review = await server.knex('tenders').where({ prNumber: 'PR-ES-0005' }).first('id')
    const { body, status } = await server.api(tokens['pm.hk'], 'GET', `/hk/v1/bids?tenderId=${review.id}`)
    expect(status).toBe(200)
    expect(body.data.length).toBe(2)
    for (const bid of body.data) expect(bid).toMatchObject({ sealed: false, receiptDigest: 'demo-receipt', receiptNonce: null, receiptCheck: 'NO_NONCE' })
    const ready = await server.knex('tenders').where({ prNumber: 'PR-ES-0004' }).first('id')
    const own = await server.api(tokens['vendor.alpha'], 'GET', `/hk/v1/bids?tenderId=${ready.id}`)
    expect(own.body.data[0]).toMatchObject({ status: 'SUBMITTED', receiptNonce: null, receiptCheck: 'NO_NONCE' })
    const pdf = await download('vendor.alpha', `documents/tender-bid/${own.body.data[0].id}`)
    expect(pdfText(pdf.bytes)).toContain('Receipt issued before nonces')
  })
})
