import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './server.js'
import { useTemporaryFileStorage } from '../src/modules/tenders/test/tender-fixtures.js'

/*
 * Issue 8, finding 5: an id of another record in a request is resolved through that record's own
 * read rules (resolve-references.ts) or refused with 400 REFERENCE_INVALID naming the field,
 * before anything is written. One row per service, method and id-taking field, each with an id
 * of another region, of another vendor or person in charge, or of nothing at all.
 */

let server: TestServer
const tokens: Record<string, string> = {}
const ids: Record<string, any> = {}
let dropFiles: () => void

beforeAll(async () => {
  server = await startTestServer()
  dropFiles = useTemporaryFileStorage(server)
  const db = server.knex
  for (const name of ['admin', 'pm.hk', 'vendor.alpha']) tokens[name] = (await server.login(name)).accessToken
  const pm = (await db('users').where({ username: 'pm.hk' }).first('id')).id
  const admin = (await db('users').where({ username: 'admin' }).first('id')).id
  ids.hkBuilding = (await db('buildings').where({ region: 'HK' }).orderBy('id').first('id')).id
  ids.sgBuilding = (await db('buildings').where({ region: 'SG' }).first('id')).id
  ids.hkSite = (await db('sites').where({ region: 'HK' }).orderBy('id').first('id')).id
  ids.sgSite = (await db('sites').where({ region: 'SG' }).first('id')).id
  ids.hkDepartment = (await db('departments').where({ region: 'HK' }).orderBy('id').first('id')).id
  ids.sgDepartment = (await db('departments').where({ region: 'SG' }).first('id')).id
  ids.hkLocation = (await db('locations').where({ region: 'HK' }).orderBy('id').first('id'))?.id ?? (await db('locations').insert({ region: 'HK', code: 'REF-LOC' }, ['id']))[0].id
  const [sgCompany] = await db('companies').insert({ region: 'SG', name: 'Lion City Works Pte Ltd', type: 'C' }, ['id'])
  ids.sgCompany = sgCompany.id
  ids.demoPurchaseOrder = (await db('purchase_orders').where({ region: 'HK', number: 'PO-ES-0006' }).first('id')).id
  const alphaRow = await db('users').where({ username: 'vendor.alpha' }).first('password')
  const [sgUser] = await db('users').insert(
    {
      username: 'staff.sg',
      email: 'staff.sg@example.com',
      displayName: 'Sam Tan (SG)',
      password: alphaRow.password,
      passwordChangedAt: new Date(),
      domain: 'CMS',
      source: 'EXT',
      userType: 521,
      regions: ['SG'],
      defaultRegion: 'SG',
      enabled: true,
      invitedAt: new Date()
    },
    ['id']
  )
  ids.sgUser = sgUser.id
  ids.vendorUser = (await db('users').where({ username: 'vendor.alpha' }).first('id')).id
  ids.pm = pm
  // Tenders: pm.hk's own, another person in charge's (admin's) with a bid, and one in SG.
  ids.ownTender = (await db('tenders').where({ managedBy: pm, region: 'HK', status: 'ISSUED' }).orderBy('id').first('id')).id
  const [othersTender] = await db('tenders').insert({ region: 'HK', prNumber: 'PR-REF-OTHER', tenderType: 'TENDER', status: 'REVIEW', managedBy: admin }, ['id'])
  ids.othersTender = othersTender.id
  const alpha = (await db('companies').where({ name: 'Alpha Engineering Ltd' }).first('id')).id
  ids.alpha = alpha
  const [othersBid] = await db('bids').insert({ region: 'HK', tenderId: othersTender.id, companyId: alpha, status: 'SUBMITTED' }, ['id'])
  ids.othersBid = othersBid.id
  const [sgTender] = await db('tenders').insert({ region: 'SG', prNumber: 'PR-REF-SG', tenderType: 'TENDER', status: 'AWARDED', managedBy: admin }, ['id'])
  ids.sgTender = sgTender.id
  // Files: one uploaded by admin for another tender, one of another region.
  const file = (region: string, uploadedBy: number | null, ownerId: string | null) => ({
    region,
    name: 'secret.pdf',
    mimeType: 'application/pdf',
    size: 10,
    sha256: 'a'.repeat(64),
    storageKey: `test/${region}-${ownerId}`,
    uploadedBy,
    ownerResource: ownerId ? 'tenders' : null,
    ownerId
  })
  ids.othersFile = (await db('files').insert(file('HK', admin, othersTender.id), ['id']))[0].id
  ids.sgFile = (await db('files').insert(file('SG', pm, null), ['id']))[0].id
})
afterAll(async () => {
  await server?.stop()
  dropFiles?.()
})

interface Case {
  /** service.method field: what is refused */
  name: string
  user: string
  method: 'POST' | 'PATCH'
  path: () => string
  body: () => Record<string, unknown>
  field: string
  code?: string
  headers?: Record<string, string>
}

const action = (name: string, method: string, field: string, body: () => Record<string, unknown>, id = () => ids.ownTender): Case => ({
  name: `tenders.${method} ${field} (${name})`,
  user: 'pm.hk',
  method: 'POST',
  path: () => '/hk/v1/tenders',
  field,
  body: () => ({ id: id(), ...body() }),
  headers: { 'x-service-method': method }
})

const cases: Case[] = [
  {
    name: 'sites.create buildingIds (other region)',
    user: 'admin',
    method: 'POST',
    path: () => '/hk/v1/sites',
    field: 'buildingIds',
    body: () => ({ name: 'Ref Site', shortName: 'RS', type: 'VIRTUAL', buildingIds: [ids.hkBuilding, ids.sgBuilding] })
  },
  { name: 'sites.patch buildingIds (unknown)', user: 'admin', method: 'PATCH', path: () => `/hk/v1/sites/${ids.hkSite}`, field: 'buildingIds', body: () => ({ buildingIds: [999_999] }) },
  {
    name: 'departments.create siteIds (other region)',
    user: 'admin',
    method: 'POST',
    path: () => '/hk/v1/departments',
    field: 'siteIds',
    body: () => ({ name: 'Ref Dept', shortName: 'RD', siteIds: [ids.sgSite] })
  },
  {
    name: 'departments.patch buildingIds (other region)',
    user: 'admin',
    method: 'PATCH',
    path: () => `/hk/v1/departments/${ids.hkDepartment}`,
    field: 'buildingIds',
    body: () => ({ buildingIds: [ids.sgBuilding] })
  },
  {
    name: 'departments.patch userIds (user of another region)',
    user: 'admin',
    method: 'PATCH',
    path: () => `/hk/v1/departments/${ids.hkDepartment}`,
    field: 'userIds',
    body: () => ({ userIds: [ids.pm, ids.sgUser] })
  },
  {
    name: 'locations.create departmentId (other region)',
    user: 'admin',
    method: 'POST',
    path: () => '/hk/v1/locations',
    field: 'departmentId',
    body: () => ({ code: 'REF-1', departmentId: ids.sgDepartment })
  },
  {
    name: 'locations.patch buildingId (other region)',
    user: 'admin',
    method: 'PATCH',
    path: () => `/hk/v1/locations/${ids.hkLocation}`,
    field: 'buildingId',
    body: () => ({ buildingId: ids.sgBuilding })
  },
  {
    name: 'tender-terms.create departmentId (other region)',
    user: 'admin',
    method: 'POST',
    path: () => '/hk/v1/tender-terms',
    field: 'departmentId',
    body: () => ({ departmentId: ids.sgDepartment, items: [{ title: 'a', text: 'b' }] })
  },
  {
    name: 'purchase-orders.create tenderId (other region)',
    user: 'admin',
    method: 'POST',
    path: () => '/hk/v1/purchase-orders',
    field: 'tenderId',
    body: () => ({ number: 'PO-REF-0001', tenderId: ids.sgTender, companyId: ids.sgCompany, siteId: ids.hkSite, amount: 1 })
  },
  {
    name: 'purchase-orders.create companyId (other region)',
    user: 'admin',
    method: 'POST',
    path: () => '/hk/v1/purchase-orders',
    field: 'companyId',
    body: () => ({ number: 'PO-REF-0002', tenderId: ids.othersTender, companyId: ids.sgCompany, siteId: ids.hkSite, amount: 1 })
  },
  {
    name: 'purchase-orders.patch siteId (other region)',
    user: 'admin',
    method: 'PATCH',
    path: () => `/hk/v1/purchase-orders/${ids.demoPurchaseOrder}`,
    field: 'siteId',
    body: () => ({ siteId: ids.sgSite })
  },
  {
    name: 'contracts.create siteId (other region)',
    user: 'admin',
    method: 'POST',
    path: () => '/hk/v1/contracts',
    field: 'siteId',
    body: () => ({ number: 'C-REF-0001', tenderId: ids.othersTender, companyId: ids.alpha, siteId: ids.sgSite, amount: 1 })
  },
  action('no approver', 'submit', 'approverId', () => ({ approverId: ids.sgUser })),
  action('no approver', 'submitAddendum', 'approverId', () => ({ approverId: ids.vendorUser })),
  action('other region', 'issue', 'vendorIds', () => ({ vendorIds: [ids.sgCompany] })),
  { ...action('a vendor', 'changeManager', 'userId', () => ({ userId: ids.vendorUser })), user: 'admin' },
  action("another person in charge's", 'recommend', 'bidId', () => ({ bidId: ids.othersBid })),
  action("another tender's", 'saveAddendum', 'documentIds', () => ({ documentIds: [ids.othersFile] })),
  action('other region', 'saveAddendum', 'documentIds', () => ({ documentIds: [ids.sgFile] })),
  { ...action('other region', 'setAccounts', 'userIds', () => ({ userIds: [ids.sgUser] })), code: 'REPRESENTATIVE_INVALID' },
  {
    name: "tender-queries.create bidId (another person in charge's)",
    user: 'pm.hk',
    method: 'POST',
    path: () => '/hk/v1/tender-queries',
    field: 'bidId',
    body: () => ({ bidId: ids.othersBid, question: 'Q?', closingAt: new Date(Date.now() + 86_400_000).toISOString() })
  }
]

/** What a refused request must leave as it was: the audit log and every table a case writes. */
const snapshot = async () => {
  const db = server.knex
  const count = async (table: string) => Number((await db(table).count('* as n').first())!.n)
  return JSON.stringify({
    audit: await count('audit_log'),
    sites: await db('sites').orderBy('id'),
    departments: await db('departments').orderBy('id'),
    locations: await db('locations').orderBy('id'),
    terms: await count('tender_terms'),
    orders: await count('purchase_orders'),
    contracts: await count('contracts'),
    tenders: await db('tenders').orderBy('id').select('id', 'updatedAt', 'approverId', 'managedBy', 'recommendedBidId', 'addendumDraft'),
    vendors: await count('tender_vendors'),
    accounts: await count('tender_accounts'),
    queries: await count('tender_queries'),
    documents: await count('tender_documents'),
    files: await count('files')
  })
}

describe('ids of other records are read through their own rules (issue 8, finding 5)', () => {
  it.each(cases)('$name is refused and nothing is written', async (entry) => {
    const before = await snapshot()
    // A patch, and a custom method on a record (its id in the body), carry the version they read.
    const recordPath = entry.method === 'PATCH' ? entry.path() : entry.headers ? `${entry.path()}/${entry.body().id}` : null
    const record = recordPath ? (await server.api(tokens[entry.user], 'GET', recordPath)).body : null
    const body = { ...entry.body(), ...(record?.updatedAt ? { updatedAt: record.updatedAt } : {}) }
    const answer = await server.api(tokens[entry.user], entry.method, entry.path(), body, entry.headers)
    expect(answer.status, JSON.stringify(answer.body)).toBe(400)
    expect(answer.body.data.code).toBe(entry.code ?? 'REFERENCE_INVALID')
    if (!entry.code) {
      expect(answer.body.data.field).toBe(entry.field)
      expect(answer.body.message).toContain(entry.field)
    }
    expect(await snapshot()).toBe(before)
  })

  it("says so in the caller's language", async () => {
    const answer = await server.api(tokens.admin, 'POST', '/hk/v1/sites', { name: 'Ref Site', shortName: 'RS', buildingIds: [ids.sgBuilding] }, { 'accept-language': 'zh-CN' })
    expect(answer.body.message).toBe('数据无效：buildingIds 指向的记录不存在或您无权使用。')
  })

  it('files.create ownerId: a record of another region, or of no service, is refused; nothing is stored', async () => {
    const upload = async (fields: Record<string, string>) => {
      const form = new FormData()
      form.append('file', new Blob(['%PDF-1.4 x'], { type: 'application/pdf' }), 'x.pdf')
      for (const [key, value] of Object.entries(fields)) form.append(key, value)
      const response = await fetch(`${server.url}/hk/v1/files`, { method: 'POST', headers: { authorization: `Bearer ${tokens['pm.hk']}` }, body: form })
      return { status: response.status, body: (await response.json()) as any }
    }
    const before = await snapshot()
    for (const fields of [
      { ownerResource: 'tenders', ownerId: ids.sgTender },
      { ownerResource: 'tenders', ownerId: ids.othersTender },
      { ownerResource: 'nothing-here', ownerId: '1' }
    ]) {
      const answer = await upload(fields)
      expect(answer.status, JSON.stringify(fields)).toBe(400)
      expect(answer.body.data).toMatchObject({ code: 'REFERENCE_INVALID', field: 'ownerId' })
    }
    expect(await snapshot()).toBe(before)
    expect((await upload({ ownerResource: 'tenders', ownerId: ids.ownTender })).status).toBe(201)
  })

  it("tender-documents.create tenderId: another region's tender is refused, a vendor is refused before any tender is read", async () => {
    const upload = async (user: string, tenderId: string) => {
      const form = new FormData()
      form.append('tenderId', tenderId)
      form.append('kind', 'ATTACHMENT')
      form.append('files', new Blob(['%PDF-1.4 x'], { type: 'application/pdf' }), 'x.pdf')
      const response = await fetch(`${server.url}/hk/v1/tender-documents`, { method: 'POST', headers: { authorization: `Bearer ${tokens[user]}` }, body: form })
      return { status: response.status, body: (await response.json()) as any }
    }
    const before = await snapshot()
    const foreign = await upload('pm.hk', ids.sgTender)
    expect(foreign.status).toBe(400)
    expect(foreign.body.data).toMatchObject({ code: 'REFERENCE_INVALID', field: 'tenderId' })
    expect((await upload('vendor.alpha', ids.ownTender)).status).toBe(403)
    expect(await snapshot()).toBe(before)
  })
})

describe('an addendum cannot carry a file of another tender (issue 8, finding 5 repro)', () => {
  it('refuses to attach it, and the revision route does not serve it even if a draft names it', async () => {
    // PR-ES-0010: issued, no addendum yet (seeds/addenda.ts).
    const id = (await server.knex('tenders').where({ prNumber: 'PR-ES-0010' }).first('id')).id
    let tender = (await server.api(tokens['pm.hk'], 'GET', `/hk/v1/tenders/${id}`)).body
    const created = await server.api(tokens['pm.hk'], 'POST', '/hk/v1/tenders', { id: tender.id, updatedAt: tender.updatedAt }, { 'x-service-method': 'addendum' })
    expect(created.status, JSON.stringify(created.body)).toBe(200)
    tender = created.body
    const attach = await server.api(tokens['pm.hk'], 'POST', '/hk/v1/tenders', { id: tender.id, updatedAt: tender.updatedAt, documentIds: [ids.othersFile] }, { 'x-service-method': 'saveAddendum' })
    expect(attach.status).toBe(400)
    expect(attach.body.data).toMatchObject({ code: 'REFERENCE_INVALID', field: 'documentIds' })
    expect((await server.knex('tenders').where({ id: tender.id }).first('addendumDraft')).addendumDraft.documents ?? []).toEqual([])
    // A draft written before the fix: the file stays the other tender's.
    await server
      .knex('tenders')
      .where({ id: tender.id })
      .update({ addendumDraft: JSON.stringify({ ...tender.addendumDraft, documents: [{ id: ids.othersFile, name: 'secret.pdf', size: 10, mimeType: 'application/pdf' }] }) })
    const download = await fetch(`${server.url}/hk/v1/tender-revisions/${tender.id}/documents/${ids.othersFile}`, { headers: { authorization: `Bearer ${tokens['pm.hk']}` } })
    expect(download.status).toBe(404)
    // Files the draft lists already stay when the draft is saved again, whoever uploaded them.
    await server.knex('files').where({ id: ids.othersFile }).update({ ownerId: tender.id })
    const fresh = (await server.api(tokens['pm.hk'], 'GET', `/hk/v1/tenders/${tender.id}`)).body
    const kept = await server.api(tokens['pm.hk'], 'POST', '/hk/v1/tenders', { id: tender.id, updatedAt: fresh.updatedAt, documentIds: [ids.othersFile] }, { 'x-service-method': 'saveAddendum' })
    expect(kept.status, JSON.stringify(kept.body)).toBe(200)
  })
})
