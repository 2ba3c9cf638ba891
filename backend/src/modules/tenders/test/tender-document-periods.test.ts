import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../../test/server.js'
import { uploadTenderDocument, useTemporaryFileStorage } from './tender-fixtures.js'
import { dayIn } from '../../../services/files/effective-period.shared.js'
import { pdfBytes } from '../../../storage/test-files.js'

/*
 * Tender documents with an effective period (spec §3, §7 `effectiveOnly`/`sortType`, §9 "the
 * whole end day"): the period is checked on upload and change, the list keeps those in effect
 * today on Hong Kong's calendar, and who may list them is who may read the tender.
 */
let server: TestServer
let dropFiles = () => {}
const tokens: Record<string, string> = {}
const SG_STAFF = 'approver.sg'
let tender: any
const ids: Record<string, number> = {}

/** Hong Kong's calendar day `offset` days from today. */
const hkDay = (offset = 0) => dayIn('Asia/Hong_Kong', new Date(Date.now() + offset * 86_400_000))
const list = (user: string, query = '', headers: Record<string, string> = {}) => server.api(tokens[user], 'GET', `/v1/tender-documents?tenderId=${tender.id}${query}`, undefined, headers)
const names = (response: { body: any }) => response.body.data.map((document: any) => document.description)

beforeAll(async () => {
  server = await startTestServer()
  dropFiles = useTemporaryFileStorage(server)
  // Staff of Singapore only, reading every tender there (the Approver group's rights).
  const approver = await server.knex('users').where({ username: 'approver.hk' }).first()
  const group = await server.knex('security_groups').where({ name: 'Approver' }).first('id')
  const [sg] = await server.knex('users').insert(
    {
      username: SG_STAFF,
      email: `${SG_STAFF}@example.com`,
      displayName: 'Sam Tan (Approver SG)',
      password: approver.password,
      passwordChangedAt: new Date(),
      domain: 'CMS',
      source: 'AD',
      userType: 521,
      regions: ['SG'],
      defaultRegion: 'SG',
      enabled: true
    },
    ['id']
  )
  await server.knex('user_groups').insert({ userId: sg.id, region: 'SG', groupId: group.id })
  for (const name of ['pm.hk', 'approver.hk', 'vendor.alpha', 'vendor.beta', SG_STAFF]) tokens[name] = (await server.login(name)).accessToken
  tender = await server.knex('tenders').where({ prNumber: 'PR-ES-0001' }).first()
})
afterAll(async () => {
  await server?.stop()
  dropFiles()
})

describe('the effective period of a tender document', () => {
  it('refuses an end before the start on upload, in the reader’s language, and stores nothing', async () => {
    const period = { effectiveDate: '2026-12-10', effectiveUntil: '2026-12-09' }
    const en = await uploadTenderDocument(server, tokens['pm.hk'], tender.id, { kind: 'ATTACHMENT', ...period }, 'late.pdf')
    expect(en.status).toBe(400)
    expect(en.body.data.code).toBe('EFFECTIVE_PERIOD_INVALID')
    expect(en.body.message).toBe('The effective end date (2026-12-09) cannot be before the start date (2026-12-10).')
    const zh = await uploadTenderDocument(server, tokens['pm.hk'], tender.id, { kind: 'ATTACHMENT', ...period }, 'late.pdf', { 'accept-language': 'zh-CN' })
    expect(zh.body.message).toBe('生效结束日期（2026-12-09）不能早于开始日期（2026-12-10）。')
    expect(await server.knex('tender_documents').where({ tenderId: tender.id })).toHaveLength(0)
    // A date that is not a date is refused by the schema.
    expect((await uploadTenderDocument(server, tokens['pm.hk'], tender.id, { kind: 'ATTACHMENT', effectiveUntil: '31/12/2026' }, 'bad.pdf')).status).toBe(400)
  })

  it('refuses more files than the upload limit (20) in one upload, naming the limit in both languages, and stores none of them', async () => {
    const upload = async (count: number, headers: Record<string, string> = {}) => {
      const form = new FormData()
      form.append('tenderId', tender.id)
      form.append('kind', 'ATTACHMENT')
      for (let n = 1; n <= count; n++) form.append('files', new Blob([new Uint8Array(pdfBytes(`part-${n}.pdf`))], { type: 'application/pdf' }), `part-${n}.pdf`)
      const response = await fetch(`${server.url}/v1/tender-documents`, { method: 'POST', headers: { authorization: `Bearer ${tokens['pm.hk']}`, ...headers }, body: form })
      return { status: response.status, body: (await response.json()) as any }
    }
    const en = await upload(21)
    expect(en.status).toBe(400)
    expect(en.body.data).toMatchObject({ code: 'FILE_COUNT', max: 20 })
    expect(en.body.message).toBe('At most 20 files can be uploaded at once.')
    expect((await upload(21, { 'accept-language': 'zh-CN' })).body.message).toBe('每次最多上传 20 个文件。')
    expect(await server.knex('tender_documents').where({ tenderId: tender.id })).toHaveLength(0)
    expect(await server.knex('files').where({ ownerResource: 'tenders', ownerId: tender.id })).toHaveLength(0)
  })

  it('stores a one-day period, an open end and no dates', async () => {
    const upload = async (description: string, effectiveDate?: string, effectiveUntil?: string) => {
      const { status, body } = await uploadTenderDocument(server, tokens['pm.hk'], tender.id, { kind: 'ATTACHMENT', description, effectiveDate, effectiveUntil }, `${description}.pdf`)
      expect(status).toBe(201)
      expect(body[0]).toMatchObject({ description, effectiveDate: effectiveDate ?? null, effectiveUntil: effectiveUntil ?? null })
      ids[description] = body[0].id
    }
    await upload('ends-today', hkDay(-10), hkDay(0))
    await upload('expired', hkDay(-30), hkDay(-1))
    await upload('future', hkDay(1))
    await upload('open-end', hkDay(-5))
    await upload('undated')
    await upload('one-day-today', hkDay(0), hkDay(0))
  })

  it('checks a change against the stored other end; a stale change answers 410', async () => {
    const stored = (await list('pm.hk')).body.data.find((document: any) => document.id === ids['open-end'])
    const before = await server.api(tokens['pm.hk'], 'PATCH', `/v1/tender-documents/${stored.id}`, { updatedAt: stored.updatedAt, effectiveUntil: hkDay(-6) })
    expect(before.status).toBe(400)
    expect(before.body.data.code).toBe('EFFECTIVE_PERIOD_INVALID')
    const later = await server.api(tokens['pm.hk'], 'PATCH', `/v1/tender-documents/${stored.id}`, { updatedAt: stored.updatedAt, effectiveDate: hkDay(5) })
    expect(later.status).toBe(200)
    expect(later.body).toMatchObject({ effectiveDate: hkDay(5), effectiveUntil: null })
    const stale = await server.api(tokens['pm.hk'], 'PATCH', `/v1/tender-documents/${stored.id}`, { updatedAt: stored.updatedAt, effectiveDate: hkDay(-5) })
    expect(stale.status).toBe(410)
    const back = await server.api(tokens['pm.hk'], 'PATCH', `/v1/tender-documents/${stored.id}`, { updatedAt: later.body.updatedAt, effectiveDate: hkDay(-5), effectiveUntil: '' })
    expect(back.body).toMatchObject({ effectiveDate: hkDay(-5), effectiveUntil: null })
    // The database keeps the rule for any other writer too.
    await expect(
      server
        .knex('tender_documents')
        .where({ id: stored.id })
        .update({ effectiveUntil: hkDay(-6) })
    ).rejects.toThrow(/tender_documents_effective_period/)
  })

  it('lists only the documents in effect today with effectiveOnly (the end day whole, an open end still in effect)', async () => {
    expect(names(await list('pm.hk'))).toEqual(['ends-today', 'expired', 'future', 'open-end', 'undated', 'one-day-today'])
    expect(names(await list('pm.hk', '&effectiveOnly=true'))).toEqual(['ends-today', 'open-end', 'undated', 'one-day-today'])
    expect(names(await list('pm.hk', '&effectiveOnly=false'))).toHaveLength(6)
    expect(names(await list('pm.hk', '&effectiveOnly=true&kind=CONDITIONS'))).toEqual([])
  })

  it('sorts newest effective first with sortType, undated last', async () => {
    expect(names(await list('pm.hk', '&sortType=EFFECTIVE_DESC'))).toEqual(['future', 'one-day-today', 'open-end', 'ends-today', 'expired', 'undated'])
    expect(names(await list('pm.hk', '&sortType=EFFECTIVE_DESC&effectiveOnly=true'))).toEqual(['one-day-today', 'open-end', 'ends-today', 'undated'])
    expect((await list('pm.hk', '&sortType=NEWEST')).status).toBe(400)
  })

  it('lets the invited vendor list the effective documents, and refuses the others', async () => {
    await server
      .knex('tenders')
      .where({ id: tender.id })
      .update({ status: 'ISSUED', issuedAt: new Date(), closingAt: new Date(Date.now() + 14 * 86_400_000) })
    const alpha = (await server.knex('companies').where({ name: 'Alpha Engineering Ltd' }).first('id')).id
    await server.knex('tender_vendors').insert({ tenderId: tender.id, companyId: alpha, invitedAt: new Date() })
    const vendor = await list('vendor.alpha', '&effectiveOnly=true')
    expect(vendor.status).toBe(200)
    expect(names(vendor)).toEqual(['ends-today', 'open-end', 'undated', 'one-day-today'])
    // Beta is not invited: no list, filtered or not.
    expect((await list('vendor.beta', '&effectiveOnly=true')).status).toBe(404)
    expect((await list('vendor.beta')).status).toBe(404)
    // Staff of Singapore only: Hong Kong's tender is not theirs, whichever region they name.
    expect((await list(SG_STAFF, '&effectiveOnly=true')).status).toBe(404)
    expect((await server.api(tokens[SG_STAFF], 'GET', `/hk/v1/tender-documents?tenderId=${tender.id}`)).status).toBe(403)
    // Staff of Hong Kong who read every tender still list them.
    expect((await list('approver.hk', '&effectiveOnly=true')).status).toBe(200)
    // Once issued, nobody changes the period.
    const stored = (await list('pm.hk')).body.data[0]
    expect((await server.api(tokens['pm.hk'], 'PATCH', `/v1/tender-documents/${stored.id}`, { updatedAt: stored.updatedAt, effectiveUntil: hkDay(3) })).status).toBe(409)
    expect((await server.api(tokens['vendor.alpha'], 'PATCH', `/v1/tender-documents/${stored.id}`, { updatedAt: stored.updatedAt, effectiveUntil: hkDay(3) })).status).toBe(403)
  })
})
