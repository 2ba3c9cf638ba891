import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../../test/server.js'
import { closeDueTenders } from '../services/tenders/close-tenders.js'
import { uploadTenderDocument, useTemporaryFileStorage } from './tender-fixtures.js'

/*
 * The terms library, the stamping of the terms version, terms acceptance on bid submit, and a
 * tender's documents (attachments, conditions of contract) with who may read and change them.
 */

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
const get = (user: string, path: string) => server.api(tokens[user], 'GET', path)
const pmd = async () => (await server.knex('departments').where({ region: 'HK', shortName: 'PMD' }).first('id')).id
const companyId = async (name: string) => (await server.knex('companies').where({ name }).first('id')).id
const userId = async (username: string) => (await server.knex('users').where({ username }).first('id')).id
const download = async (user: string, documentId: number) => {
  const response = await fetch(`${server.url}/v1/tender-documents/${documentId}/content`, { headers: { authorization: `Bearer ${tokens[user]}` } })
  return { status: response.status, type: response.headers.get('content-type'), disposition: response.headers.get('content-disposition'), bytes: Buffer.from(await response.arrayBuffer()) }
}
const newVersion = (user: string, items: { title: string; text: string }[], departmentId: number) => server.api(tokens[user], 'POST', '/v1/tender-terms', { departmentId, items })

describe('terms library', () => {
  it('lists the versions of a department; the seed has HK/PMD 1 and 2', async () => {
    const { status, body } = await get('admin', `/v1/tender-terms?departmentId=${await pmd()}&$sort[version]=1`)
    expect(status).toBe(200)
    expect(body.data.map((row: any) => row.version)).toEqual([1, 2])
    expect(body.data[1].items.map((item: any) => item.id)).toEqual(['2.1', '2.2', '2.3', '2.4'])
  })

  it('adds the next version with numbered items, title and text as entered', async () => {
    const created = await newVersion(
      'admin',
      [
        { title: '  Payment 付款 ', text: 'Within 30 days. 三十天内。' },
        { title: 'Warranty', text: '12 months' }
      ],
      await pmd()
    )
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({
      region: 'HK',
      version: 3,
      items: [
        { id: '3.1', title: 'Payment 付款', text: 'Within 30 days. 三十天内。' },
        { id: '3.2', title: 'Warranty', text: '12 months' }
      ]
    })
    const audit = await server.knex('audit_log').where({ resource: 'tender-terms', recordId: String(created.body.id) })
    expect(audit).toHaveLength(1)
  })

  it("refuses an empty list, a blank title, another region's department, and users without the permission", async () => {
    const department = await pmd()
    expect((await newVersion('admin', [], department)).status).toBe(400)
    expect((await newVersion('admin', [{ title: '   ', text: 'x' }], department)).status).toBe(400)
    const sg = (await server.knex('departments').where({ region: 'SG' }).first('id')).id
    expect((await newVersion('admin', [{ title: 'a', text: 'b' }], sg)).body.data.code).toBe('REFERENCE_INVALID')
    expect((await newVersion('pm.hk', [{ title: 'a', text: 'b' }], department)).status).toBe(403)
    expect((await newVersion('vendor.alpha', [{ title: 'a', text: 'b' }], department)).status).toBe(403)
    expect((await get('vendor.alpha', '/v1/tender-terms')).status).toBe(403)
  })
})

describe('a tender: documents, stamping, acceptance', () => {
  let tender: any
  let attachmentId: number
  let alphaBid: any

  it('shows a draft the latest terms, not yet stamped', async () => {
    tender = (await server.api(tokens['pm.hk'], 'POST', '/v1/tenders', { prNumber: 'PR-ES-1001' })).body
    expect(tender.termsVersion).toBeNull()
    const terms = await get('pm.hk', `/v1/tenders/${tender.id}/terms`)
    expect(terms.status).toBe(200)
    expect(terms.body).toMatchObject({ tenderId: tender.id, stamped: false, version: 3 })
    expect(terms.body.items).toHaveLength(2)
  })

  it('takes an attachment with a description of up to 255 characters and an effective date', async () => {
    const tooLong = await uploadTenderDocument(server, tokens['pm.hk'], tender.id, { kind: 'ATTACHMENT', description: 'x'.repeat(256) }, 'drawing.pdf')
    expect(tooLong.status).toBe(400)
    expect(tooLong.body.data.code).toBe('DESCRIPTION_TOO_LONG')
    expect(await server.knex('tender_documents').where({ tenderId: tender.id })).toHaveLength(0)
    const { status, body } = await uploadTenderDocument(server, tokens['pm.hk'], tender.id, { kind: 'ATTACHMENT', description: '說'.repeat(255), effectiveDate: '2026-12-01' }, 'drawing.pdf')
    expect(status).toBe(201)
    expect(body[0]).toMatchObject({ tenderId: tender.id, kind: 'ATTACHMENT', name: 'drawing.pdf', mimeType: 'application/pdf', effectiveDate: '2026-12-01' })
    attachmentId = body[0].id
    const list = await get('pm.hk', `/v1/tender-documents?tenderId=${tender.id}`)
    expect(list.body.data.map((doc: any) => doc.id)).toEqual([attachmentId])
    const patched = await server.api(tokens['pm.hk'], 'PATCH', `/v1/tender-documents/${attachmentId}`, { updatedAt: body[0].updatedAt, description: 'y'.repeat(256) })
    expect(patched.body.data.code).toBe('DESCRIPTION_TOO_LONG')
    const renamed = await server.api(tokens['pm.hk'], 'PATCH', `/v1/tender-documents/${attachmentId}`, { updatedAt: body[0].updatedAt, description: 'Lobby drawing' })
    expect(renamed.status).toBe(200)
    expect(renamed.body.description).toBe('Lobby drawing')
    const stale = await server.api(tokens['pm.hk'], 'PATCH', `/v1/tender-documents/${attachmentId}`, { updatedAt: body[0].updatedAt, description: 'Older copy' })
    expect(stale.status).toBe(410)
  })

  it('lets only staff who may update the tender change its documents', async () => {
    // The approver reads every tender but updates none.
    expect((await get('approver.hk', `/v1/tender-documents?tenderId=${tender.id}`)).status).toBe(200)
    const refused = await uploadTenderDocument(server, tokens['approver.hk'], tender.id, { kind: 'ATTACHMENT' }, 'approver.pdf')
    expect(refused.status).toBe(403)
    expect((await server.api(tokens['approver.hk'], 'DELETE', `/v1/tender-documents/${attachmentId}`)).status).toBe(403)
    expect(await server.knex('tender_documents').where({ tenderId: tender.id })).toHaveLength(1)
  })

  it('refuses rates with more than 2 decimals, negative discounts and units not in the spec', async () => {
    const patch = (lineItems: any[]) => server.api(tokens['pm.hk'], 'PATCH', `/v1/tenders/${tender.id}`, { updatedAt: tender.updatedAt, lineItemGroups: [{ id: 'g1', lineItems }] })
    expect((await patch([{ id: 'i1', itemDesc: 'x', itemQty: 1, itemUnit: 'Lot', rate: 10.005 }])).body.data.code).toBe('MONEY_DECIMALS')
    expect((await patch([{ id: 'i1', itemDesc: 'x', itemQty: 1, itemUnit: 'Lot', rate: 10, discountType: 'AMOUNT', discount: -1 }])).status).toBe(400)
    expect((await patch([{ id: 'i1', itemDesc: 'x', itemQty: 1, itemUnit: 'Lot', rate: 10, discountType: 'AMOUNT', discount: 0.001 }])).body.data.code).toBe('MONEY_DECIMALS')
    expect((await patch([{ id: 'i1', itemDesc: 'x', itemQty: 1, itemUnit: 'pcs', rate: 10 }])).body.data.code).toBe('INVALID_UNIT')
  })

  it('names the Attachments tab on submit until the conditions are chosen and have a file', async () => {
    const approverId = await userId('approver.hk')
    const filled = await server.api(tokens['pm.hk'], 'PATCH', `/v1/tenders/${tender.id}`, {
      updatedAt: tender.updatedAt,
      general: { projectDescription: 'Lobby lighting', projectLocation: 'ES1 G/F', paymentTerms: '30 days' },
      scope: { generalDesc: 'Replace all lobby fittings' },
      lineItemGroups: [{ id: 'g1', lineItems: [{ id: 'i1', itemDesc: 'Fittings', itemQty: 120, itemUnit: 'No.', rate: 350.5, remark: 'LED', forReference: false }] }]
    })
    expect(filled.status).toBe(200)
    expect(filled.body.lineItemGroups[0].lineItems[0]).toMatchObject({ rate: 350.5, remark: 'LED', forReference: false })
    const noChoice = await call('pm.hk', 'submit', tender.id, { approverId })
    expect(noChoice.body.data).toMatchObject({ code: 'MISSING_FIELDS', list: ['attachments'] })
    const chosen = await server.api(tokens['pm.hk'], 'PATCH', `/v1/tenders/${tender.id}`, { updatedAt: filled.body.updatedAt, general: { ...filled.body.general, conditionsOfContracts: 'SPECIAL' } })
    expect(chosen.status).toBe(200)
    // An attachment is not a file of the conditions of contract.
    expect((await call('pm.hk', 'submit', tender.id, { approverId })).body.data.list).toEqual(['attachments'])
    tender = chosen.body
  })

  it('deletes the files of the former conditions only when a change of conditions is confirmed', async () => {
    const uploaded = await uploadTenderDocument(server, tokens['pm.hk'], tender.id, { kind: 'CONDITIONS', description: 'Special conditions' }, 'special.pdf')
    expect(uploaded.status).toBe(201)
    const change = { general: { ...tender.general, conditionsOfContracts: 'STANDARD' } }
    const refused = await server.api(tokens['pm.hk'], 'PATCH', `/v1/tenders/${tender.id}`, { updatedAt: tender.updatedAt, ...change })
    expect(refused.status).toBe(409)
    expect(refused.body.data).toMatchObject({ code: 'CONDITIONS_DOCS_ATTACHED', count: 1 })
    const confirmed = await server.api(tokens['pm.hk'], 'PATCH', `/v1/tenders/${tender.id}`, { updatedAt: tender.updatedAt, ...change, deleteDocs: true })
    expect(confirmed.status).toBe(200)
    const left = await get('pm.hk', `/v1/tender-documents?tenderId=${tender.id}`)
    expect(left.body.data.map((doc: any) => doc.kind)).toEqual(['ATTACHMENT'])
    expect(await server.knex('files').where({ id: uploaded.body[0].fileId })).toHaveLength(0)
    tender = confirmed.body
  })

  it('stamps the highest terms version on submit, and again on issue', async () => {
    expect((await uploadTenderDocument(server, tokens['pm.hk'], tender.id, { kind: 'CONDITIONS', description: 'Standard conditions' }, 'standard.pdf')).status).toBe(201)
    const submitted = await call('pm.hk', 'submit', tender.id, { approverId: await userId('approver.hk') })
    expect(submitted.status).toBe(200)
    expect(submitted.body.termsVersion).toBe(3)
    // Documents are the tender's: once it is submitted they no longer change.
    const late = await uploadTenderDocument(server, tokens['pm.hk'], tender.id, { kind: 'ATTACHMENT' }, 'late.pdf')
    expect(late.status).toBe(409)
    expect((await server.api(tokens['pm.hk'], 'DELETE', `/v1/tender-documents/${attachmentId}`)).status).toBe(409)
    const v4 = await newVersion(
      'admin',
      [
        { title: 'Term A', text: 'a' },
        { title: 'Term B', text: 'b' },
        { title: 'Term C', text: 'c' }
      ],
      await pmd()
    )
    expect(v4.body.version).toBe(4)
    expect((await call('approver.hk', 'approve', tender.id)).status).toBe(200)
    const issued = await call('pm.hk', 'issue', tender.id, { vendorIds: [await companyId('Alpha Engineering Ltd')] })
    expect(issued.status).toBe(200)
    expect(issued.body.termsVersion).toBe(4)
    const terms = await get('vendor.alpha', `/v1/tenders/${tender.id}/terms`)
    expect(terms.body).toMatchObject({ stamped: true, version: 4 })
    expect(terms.body.items.map((item: any) => item.id)).toEqual(['4.1', '4.2', '4.3'])
    tender = issued.body
  })

  it("never shows vendors the engineer's rates of the line items", async () => {
    const staff = await get('pm.hk', `/v1/tenders/${tender.id}`)
    expect(staff.body.lineItemGroups[0].lineItems[0].rate).toBe(350.5)
    const vendor = await get('vendor.alpha', `/v1/tenders/${tender.id}`)
    expect(vendor.body.lineItemGroups[0].lineItems[0]).toMatchObject({ id: 'i1', itemDesc: 'Fittings', remark: 'LED' })
    expect(vendor.body.lineItemGroups[0].lineItems[0].rate).toBeUndefined()
    expect(JSON.stringify((await get('vendor.alpha', `/v1/tenders?id=${tender.id}`)).body)).not.toContain('350.5')
  })

  it('lets the invited vendor list and download the documents, and no one else', async () => {
    const list = await get('vendor.alpha', `/v1/tender-documents?tenderId=${tender.id}`)
    expect(list.status).toBe(200)
    expect(list.body.data.map((doc: any) => doc.name).sort()).toEqual(['drawing.pdf', 'standard.pdf'])
    const file = await download('vendor.alpha', attachmentId)
    expect(file.status).toBe(200)
    expect(file.type).toBe('application/pdf')
    expect(file.disposition).toContain('attachment; filename="drawing.pdf"')
    // Beta is not invited: the tender, its documents, their files and its terms do not exist for it.
    expect((await get('vendor.beta', `/v1/tenders/${tender.id}`)).status).toBe(404)
    expect((await get('vendor.beta', `/v1/tender-documents?tenderId=${tender.id}`)).status).toBe(404)
    expect((await download('vendor.beta', attachmentId)).status).toBe(404)
    expect((await get('vendor.beta', `/v1/tenders/${tender.id}/terms`)).status).toBe(404)
    // Nor anyone signed out.
    expect((await server.api(null, 'GET', `/v1/tender-documents?tenderId=${tender.id}`)).status).toBe(401)
    expect((await server.api(null, 'GET', `/v1/tender-documents/${attachmentId}/content`)).status).toBe(401)
    expect((await server.api(null, 'GET', `/v1/tenders/${tender.id}/terms`)).status).toBe(401)
    // Nor through the files service: the file record is the uploader's.
    const fileId = list.body.data[0].fileId
    expect((await fetch(`${server.url}/v1/files/${fileId}/content`, { headers: { authorization: `Bearer ${tokens['vendor.beta']}` } })).status).toBe(404)
  })

  it('refuses vendors changing documents, even of a tender they are invited to', async () => {
    const draft = (await server.knex('tenders').where({ prNumber: 'PR-ES-0001' }).first('id')).id
    expect((await uploadTenderDocument(server, tokens['vendor.alpha'], tender.id, { kind: 'ATTACHMENT' }, 'x.pdf')).status).toBe(403)
    // Refused before the tender is looked at: a vendor learns nothing of a draft either.
    expect((await uploadTenderDocument(server, tokens['vendor.alpha'], draft, { kind: 'ATTACHMENT' }, 'x.pdf')).status).toBe(403)
    expect((await server.api(tokens['vendor.alpha'], 'DELETE', `/v1/tender-documents/${attachmentId}`)).status).toBe(403)
  })

  it('refuses the bid submit until every term is ticked (terms of the stamped version)', async () => {
    alphaBid = (await get('vendor.alpha', `/v1/bids?tenderId=${tender.id}`)).body.data[0]
    expect(alphaBid.termsAccepted).toEqual([])
    const partly = await call('vendor.alpha', 'save', alphaBid.id, { content: { rates: { i1: 300 } }, termsAccepted: ['4.1', '4.3', '3.2'] }, 'bids')
    expect(partly.status).toBe(200)
    const refused = await call('vendor.alpha', 'submit', alphaBid.id, {}, 'bids')
    expect(refused.status).toBe(400)
    expect(refused.body.data).toMatchObject({ code: 'TERMS_NOT_ACCEPTED', count: 1, missing: ['4.2'] })
    expect(refused.body.message).toContain('Every term must be accepted')
    const zh = await server.api(
      tokens['vendor.alpha'],
      'POST',
      '/v1/bids',
      { id: alphaBid.id, updatedAt: await server.version('bids', alphaBid.id) },
      { 'x-service-method': 'submit', 'accept-language': 'zh-CN' }
    )
    expect(zh.body.message).toContain('必须接受所有条款')
    expect((await server.knex('bids').where({ id: alphaBid.id }).first('status')).status).toBe('DRAFT')
    const tooLong = await call('vendor.alpha', 'save', alphaBid.id, { content: { rates: { i1: 300 }, remarks: { i1: 'x'.repeat(256) } } }, 'bids')
    expect(tooLong.status).toBe(400)
    const all = await call('vendor.alpha', 'save', alphaBid.id, { content: { rates: { i1: 300 }, remarks: { i1: ' incl. permits ', i2: '  ' } }, termsAccepted: ['4.1', '4.2', '4.3'] }, 'bids')
    expect(all.body.termsAccepted).toEqual(['4.1', '4.2', '4.3'])
    // Remarks are kept trimmed; a blank remark is no remark.
    expect(all.body.content.remarks).toEqual({ i1: 'incl. permits' })
    const submitted = await call('vendor.alpha', 'submit', alphaBid.id, {}, 'bids')
    expect(submitted.status).toBe(200)
    expect(submitted.body.status).toBe('SUBMITTED')
  })

  it('shows staff which terms were accepted only once the tender is opened', async () => {
    const sealed = await get('pm.hk', `/v1/bids/${alphaBid.id}`)
    expect(sealed.body.sealed).toBe(true)
    expect(sealed.body.termsAccepted).toBeUndefined()
    expect(sealed.body.content).toBeUndefined()
    await server
      .knex('tenders')
      .where({ id: tender.id })
      .update({ closingAt: new Date(Date.now() - 1000) })
    await closeDueTenders(server.app, new Date())
    expect((await get('pm.hk', `/v1/bids/${alphaBid.id}`)).body.termsAccepted).toBeUndefined()
    expect((await call('pm.hk', 'open', tender.id)).status).toBe(200)
    const opened = await get('pm.hk', `/v1/bids/${alphaBid.id}`)
    expect(opened.body.termsAccepted).toEqual(['4.1', '4.2', '4.3'])
    expect(opened.body.content.remarks).toEqual({ i1: 'incl. permits' })
  })
})

describe('an addendum issue', () => {
  it('stamps the highest terms version; the re-invited vendor accepts those terms before submitting again', async () => {
    // PR-ES-0009 (seeds/addenda.ts): issued with terms version 1, addendum 1 pending in DRAFT.
    const tender = await server.knex('tenders').where({ prNumber: 'PR-ES-0009' }).first()
    expect(tender.termsVersion).toBe(1)
    const submitted = await call('pm.hk', 'submitAddendum', tender.id, { updatedAt: tender.updatedAt, approverId: await userId('approver.hk') })
    expect(submitted.status).toBe(200)
    expect((await call('approver.hk', 'approveAddendum', tender.id, { updatedAt: submitted.body.updatedAt })).status).toBe(200)
    const latest = (
      await server
        .knex('tender_terms')
        .where({ region: 'HK', departmentId: await pmd() })
        .max('version as version')
        .first()
    )?.version
    const issued = await call('pm.hk', 'issueAddendum', tender.id, {})
    expect(issued.status).toBe(200)
    expect(issued.body.termsVersion).toBe(latest)
    const bid = (await get('vendor.alpha', `/v1/bids?tenderId=${tender.id}`)).body.data[0]
    expect(bid.termsAccepted).toEqual([])
    const v1 = ['1.1', '1.2']
    await call('vendor.alpha', 'save', bid.id, { content: { rates: { i1: 10 } }, termsAccepted: v1 }, 'bids')
    expect((await call('vendor.alpha', 'submit', bid.id, {}, 'bids')).body.data.code).toBe('TERMS_NOT_ACCEPTED')
    const current = (await get('vendor.alpha', `/v1/tenders/${tender.id}/terms`)).body.items.map((item: any) => item.id)
    await call('vendor.alpha', 'save', bid.id, { content: { rates: { i1: 10 } }, termsAccepted: current }, 'bids')
    expect((await call('vendor.alpha', 'submit', bid.id, {}, 'bids')).status).toBe(200)
  })
})
