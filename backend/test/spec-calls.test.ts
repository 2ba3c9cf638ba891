import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './server.js'
import { useTemporaryFileStorage } from '../src/modules/tenders/test/tender-fixtures.js'
import { pdfBytes } from '../src/storage/test-files.js'
import { REVIEW_JOURNEY_PR } from '../src/modules/tenders/seeds/tender-review.js'

/*
 * The calls of spec §7 (backend/src/spec-routes.ts), each over HTTP as a client sends it, under
 * /v1 and under the region prefix: what the answer carries, and that the aliases deny what the
 * services deny (sealed prices, another vendor's bid, 403 without the permission, 404 for an
 * unknown id, 410 for a stale write, 423 while another user edits).
 */

let server: TestServer
let removeStorage: () => void
const tokens: Record<string, string> = {}
const USERS = ['admin', 'pm.hk', 'approver.hk', 'accounting.hk', 'vendor.alpha', 'vendor.beta', 'tenant.acme', 'contractor.acme']
const UNKNOWN_TENDER = 'zzzzzzzzzzzzzzzzzzzzzzzz'

beforeAll(async () => {
  server = await startTestServer()
  removeStorage = useTemporaryFileStorage(server)
  for (const name of USERS) tokens[name] = (await server.login(name)).accessToken
})
afterAll(async () => {
  await server?.stop()
  removeStorage?.()
})

const api = (user: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  server.api(tokens[user], method, path.startsWith('/') ? path : `/v1/${path}`, body, headers)
const tenderOf = (prNumber: string) => server.knex('tenders').where({ prNumber }).first()
const companyId = async (name: string) => (await server.knex('companies').where({ name }).first('id')).id
const userId = async (username: string) => (await server.knex('users').where({ username }).first('id')).id
const bidOf = async (tenderId: string, company: string) =>
  server
    .knex('bids')
    .where({ tenderId, companyId: await companyId(company) })
    .first()
const ALPHA = 'Alpha Engineering Ltd'
const BETA = 'Beta Builders Ltd'
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString()
const past = '2020-01-01T00:00:00.000Z'

/**
 * A tender as a spec client holds it (§3): general (with the record's own parts, closingDate and
 * validityPeriod), purchaseRequisition, scopeOfWorks, service's groups of line items (with their
 * total and tick), accounts, histories, bids; built from our read of the tender.
 */
function specTender(record: any) {
  const { general, scope, lineItemGroups, closingAt, validityDays, termsVersion, prNumber, amount, currency, ...rest } = record
  return {
    ...rest,
    general: {
      ...general,
      id: record.id,
      prNumber,
      prDescription: record.prDescription,
      status: record.status,
      version: record.version,
      tenderType: record.tenderType,
      managedBy: record.managedBy,
      manager: { id: record.managedBy },
      approver: record.approverId,
      closingDate: closingAt,
      validityPeriod: validityDays,
      termsVersion,
      extendClosingDateReason: record.extendReason,
      editorName: 'pm.hk',
      editAt: record.updatedAt
    },
    numberType: 'PO',
    poNumber: null,
    tenderAmountThreshold: 500_000,
    isRepresentative: false,
    hasAccess: true,
    purchaseRequisition: { number: prNumber, budget: amount, currencyCode: currency },
    scopeOfWorks: { ...scope },
    service: {
      groups: lineItemGroups.map((group: any) => ({
        ...group,
        lineItems: group.lineItems.map((item: any) => ({ ...item, total: (item.itemQty ?? 0) * (item.rate ?? 0), checked: false }))
      }))
    },
    histories: [{ status: record.status, createdAt: record.createdAt }],
    bids: []
  } as any
}

describe('spec §7 Tenders', () => {
  it('asks for sign-in like any call', async () => {
    for (const path of ['/v1/tenders/count', '/hk/v1/tenders/as-representative', '/v1/bids/tender/x', '/v1/purchases/orders/currencies']) {
      expect((await server.api(null, 'GET', path)).status).toBe(401)
    }
    expect((await server.api(null, 'PATCH', '/v1/tenders/x', { status: 'APPR' })).status).toBe(401)
  })

  it('GET tenders/as-representative lists the tenders naming the caller in their accounts', async () => {
    const review = await tenderOf('PR-ES-0005')
    for (const prefix of ['/v1', '/hk/v1']) {
      const listed = await api('accounting.hk', 'GET', `${prefix}/tenders/as-representative`)
      expect(listed.status).toBe(200)
      expect(listed.body.data.map((tender: any) => tender.id)).toEqual([review.id])
    }
    // Without the alias this staff user, who reads no tender, gets nothing: the path is no tender id.
    expect((await api('pm.hk', 'GET', 'tenders/as-representative')).body.data).toEqual([])
  })

  it('GET tenders/count answers the number of tenders the filters match, as the caller may read them', async () => {
    const drafts = await api('admin', 'GET', 'tenders?status=DRAFT&$limit=0')
    const count = await api('admin', 'GET', 'tenders/count?status=DRAFT')
    expect(count.status).toBe(200)
    expect(count.body).toBe(drafts.body.total)
    expect((await api('pm.hk', 'GET', '/hk/v1/tenders/count?prNumber=PR-ES-0001')).body).toBe(1)
    expect((await api('pm.hk', 'GET', 'tenders/count?poNumber=PO-ES-0006')).body).toBe(1)
    expect((await api('accounting.hk', 'GET', 'tenders/count')).status).toBe(403)
    // A vendor counts only the tenders it is invited to.
    const invited = await server
      .knex('tender_vendors')
      .where({ companyId: await companyId(BETA) })
      .join('tenders', 'tenders.id', 'tender_vendors.tender_id')
      .whereIn('tenders.status', ['ISSUED', 'READY', 'REVIEW', 'AWARDED', 'REGRETTED', 'DECLINED', 'CANCELLED'])
      .count({ n: '*' })
      .first()
    expect((await api('vendor.beta', 'GET', 'tenders/count')).body).toBe(Number(invited!.n))
  })

  it('GET tenders/all answers data and count; GET tenders/all/export the spreadsheet', async () => {
    const all = await api('admin', 'GET', 'tenders/all?status=ISSUED&$limit=50')
    expect(all.status).toBe(200)
    expect(all.body.count).toBe(all.body.total)
    expect(all.body.data.length).toBe(all.body.count)
    expect(all.body.data.every((tender: any) => tender.status === 'ISSUED')).toBe(true)
    expect((await api('accounting.hk', 'GET', 'tenders/all')).status).toBe(403)

    const file = await fetch(`${server.url}/hk/v1/tenders/all/export?status=ISSUED`, { headers: { authorization: `Bearer ${tokens.admin}` } })
    expect(file.status).toBe(200)
    expect(file.headers.get('content-type')).toContain('spreadsheetml')
    expect((await api('accounting.hk', 'GET', 'tenders/all/export')).status).toBe(403)
  })

  it('GET tenders/{id}/termsId and tnc-docs answer the terms of the tender, for whoever reads it', async () => {
    const tender = await tenderOf('PR-ES-0011')
    const terms = await api('pm.hk', 'GET', `tenders/${tender.id}/terms`)
    const termsId = await api('pm.hk', 'GET', `/hk/v1/tenders/${tender.id}/termsId`)
    expect(termsId.status).toBe(200)
    expect(termsId.body).toEqual({ tenderId: tender.id, termsId: 2 })
    const docs = await api('vendor.alpha', 'GET', `tenders/${tender.id}/tnc-docs`)
    expect(docs.status).toBe(200)
    expect(docs.body.items.length).toBeGreaterThan(0)
    expect(docs.body).toEqual(terms.body)
    // Only Alpha is invited to PR-ES-0011.
    expect((await api('vendor.beta', 'GET', `tenders/${tender.id}/termsId`)).status).toBe(404)
    expect((await api('accounting.hk', 'GET', `tenders/${tender.id}/tnc-docs`)).status).toBe(403)
    expect((await api('pm.hk', 'GET', `tenders/${UNKNOWN_TENDER}/termsId`)).status).toBe(404)
  })

  it('GET, PUT tenders/{id}/accounts read and replace the representatives (stale 410, 403 for others)', async () => {
    const tender = await tenderOf('PR-ES-0005')
    const accounts = await api('pm.hk', 'GET', `tenders/${tender.id}/accounts`)
    expect(accounts.status).toBe(200)
    expect(accounts.body.map((account: any) => account.username)).toEqual(['accounting.hk'])
    // Bidders never read them.
    expect((await api('vendor.alpha', 'GET', `tenders/${tender.id}/accounts`)).body).toEqual([])
    expect((await api('pm.hk', 'GET', `tenders/${UNKNOWN_TENDER}/accounts`)).status).toBe(404)

    const read = await api('pm.hk', 'GET', `tenders/${tender.id}`)
    const userIds = [await userId('accounting.hk'), await userId('admin')]
    expect((await api('approver.hk', 'PUT', `tenders/${tender.id}/accounts`, { userIds, updatedAt: read.body.updatedAt })).status).toBe(403)
    const put = await api('pm.hk', 'PUT', `/hk/v1/tenders/${tender.id}/accounts`, { userIds, updatedAt: read.body.updatedAt })
    expect(put.status).toBe(200)
    expect(put.body.accounts.map((account: any) => account.username).sort()).toEqual(['accounting.hk', 'admin'])
    expect((await api('pm.hk', 'PUT', `tenders/${tender.id}/accounts`, { userIds: [], updatedAt: read.body.updatedAt })).status).toBe(410)
    const audit = await server.knex('audit_log').where({ resource: 'tenders', recordId: tender.id }).orderBy('id', 'desc').first()
    expect(audit.action).toBe('tenders.setAccounts')
  })

  it('GET check-editable takes the edit lock, PUT keep-edit renews it, PUT tenders/{id} saves (423 for another editor)', async () => {
    const tender = await tenderOf('PR-ES-0001')
    const check = await api('pm.hk', 'GET', `/hk/v1/tenders/${tender.id}/check-editable`)
    expect(check.status).toBe(200)
    expect(check.body).toMatchObject({ editable: true, lock: { resource: 'tenders', recordId: tender.id, username: 'pm.hk' } })
    const other = await api('admin', 'GET', `tenders/${tender.id}/check-editable`)
    expect(other.status).toBe(423)
    expect(other.body.data).toMatchObject({ code: 'EDIT_LOCKED', username: 'pm.hk' })
    const kept = await api('pm.hk', 'PUT', `tenders/${tender.id}/keep-edit`)
    expect(kept.status).toBe(201)
    expect(new Date(kept.body.lock.expiresAt).getTime()).toBeGreaterThanOrEqual(new Date(check.body.lock.expiresAt).getTime())
    expect((await api('accounting.hk', 'GET', `tenders/${tender.id}/check-editable`)).status).toBe(403)
    expect((await api('vendor.alpha', 'GET', `tenders/${tender.id}/check-editable`)).status).toBe(404)
    expect((await api('pm.hk', 'GET', `tenders/${UNKNOWN_TENDER}/check-editable`)).status).toBe(404)
    expect((await api('pm.hk', 'PUT', `tenders/${UNKNOWN_TENDER}/keep-edit`)).status).toBe(404)

    // PUT tenders/{id}: the edit, by the lock holder; the other editor is refused, a stale save too.
    const saved = await api('pm.hk', 'PUT', `tenders/${tender.id}`, { validityDays: 120, updatedAt: tender.updatedAt })
    expect(saved.status).toBe(200)
    expect(saved.body.validityDays).toBe(120)
    expect((await api('admin', 'PUT', `tenders/${tender.id}`, { validityDays: 90, updatedAt: saved.body.updatedAt })).status).toBe(423)
    expect((await api('pm.hk', 'PUT', `tenders/${tender.id}`, { validityDays: 90, updatedAt: tender.updatedAt })).status).toBe(410)
    expect((await api('approver.hk', 'PUT', `tenders/${tender.id}`, { validityDays: 90, updatedAt: saved.body.updatedAt })).status).toBe(403)
    expect((await api('pm.hk', 'PUT', `tenders/${UNKNOWN_TENDER}`, { validityDays: 90, updatedAt: saved.body.updatedAt })).status).toBe(404)
    // The existing PATCH stays as it was.
    const patched = await api('pm.hk', 'PATCH', `tenders/${tender.id}`, { validityDays: 60, updatedAt: saved.body.updatedAt })
    expect(patched.body.validityDays).toBe(60)
  })

  it('PUT tenders/{id} takes the full tender a spec client holds (its field names, read-only parts left out)', async () => {
    const tender = await tenderOf('PR-ES-0001')
    const read = await api('pm.hk', 'GET', `tenders/${tender.id}?withAccounts=true`)
    expect(read.status).toBe(200)
    const full = specTender(read.body)
    full.scopeOfWorks.generalDesc = 'Supply, install, test, commission and maintain for 12 months.'
    full.service.groups[0].lineItems[1].itemQty = 45
    const put = await api('pm.hk', 'PUT', `/hk/v1/tenders/${tender.id}`, full)
    expect(put.status).toBe(200)
    expect(put.body.scope.generalDesc).toBe('Supply, install, test, commission and maintain for 12 months.')
    expect(put.body.lineItemGroups[0].lineItems[1]).toMatchObject({ id: 'i2', itemQty: 45, itemUnit: 'Man Day' })
    expect(put.body.lineItemGroups[0].lineItems[1].total).toBeUndefined()
    // Read-only parts stay as they were; the rest of the record is unchanged.
    expect(put.body).toMatchObject({ status: 'DRAFT', managedBy: read.body.managedBy, prNumber: 'PR-ES-0001', validityDays: read.body.validityDays, general: read.body.general })
    const stored = await tenderOf('PR-ES-0001')
    expect(stored.scope.generalDesc).toBe('Supply, install, test, commission and maintain for 12 months.')
    expect(stored.lineItemGroups[0].lineItems[1].itemQty).toBe(45)
    expect((await server.knex('audit_log').where({ resource: 'tenders', recordId: tender.id }).orderBy('id', 'desc').first()).action).toBe('tenders.patch')

    // The same record sent again is stale; a bidder does not see a draft; a bad unit is refused.
    expect((await api('pm.hk', 'PUT', `tenders/${tender.id}`, full)).status).toBe(410)
    const fresh = specTender(put.body)
    expect((await api('vendor.alpha', 'PUT', `tenders/${tender.id}`, fresh)).status).toBe(404)
    expect((await api('approver.hk', 'PUT', `tenders/${tender.id}`, fresh)).status).toBe(403)
    fresh.service.groups[0].lineItems[0].itemUnit = 'pcs'
    const badUnit = await api('pm.hk', 'PUT', `tenders/${tender.id}`, fresh)
    expect(badUnit.status).toBe(400)
    expect(badUnit.body.data.code).toBe('INVALID_UNIT')

    // The record as our GET answers it goes back whole too; the general part alone as well.
    const ours = await api('pm.hk', 'PUT', `tenders/${tender.id}`, { ...put.body, scope: { ...put.body.scope, technicalDesc: 'BS EN 81-20.' } })
    expect(ours.status).toBe(200)
    expect(ours.body.scope).toMatchObject({ generalDesc: put.body.scope.generalDesc, technicalDesc: 'BS EN 81-20.' })
    const generalOnly = await api('pm.hk', 'PUT', `tenders/${tender.id}`, { ...specTender(ours.body).general, workingHours: 'Mon-Sat 08:00-18:00', updatedAt: ours.body.updatedAt })
    expect(generalOnly.status).toBe(200)
    expect(generalOnly.body.general).toEqual({ ...ours.body.general, workingHours: 'Mon-Sat 08:00-18:00' })
    expect(generalOnly.body.scope).toEqual(ours.body.scope)
  })

  it('PUT tenders/{id} with other conditions of contract deletes their files only with deleteDocs', async () => {
    const tender = await tenderOf('PR-ES-0001')
    const form = new FormData()
    form.append('type', 'CONDITIONS')
    form.append('files', new Blob([new Uint8Array(pdfBytes('conditions.pdf'))], { type: 'application/pdf' }), 'conditions.pdf')
    expect((await fetch(`${server.url}/hk/v1/tenders/${tender.id}/bind`, { method: 'POST', headers: { authorization: `Bearer ${tokens['pm.hk']}` }, body: form })).status).toBe(201)
    const read = await api('pm.hk', 'GET', `tenders/${tender.id}`)
    expect(read.body.general.conditionsOfContracts).toBe('STANDARD')
    const full = specTender(read.body)
    full.general.conditionsOfContracts = 'SPECIAL'
    const unconfirmed = await api('pm.hk', 'PUT', `tenders/${tender.id}`, full)
    expect(unconfirmed.status).toBe(409)
    expect(unconfirmed.body.data.code).toBe('CONDITIONS_DOCS_ATTACHED')
    const confirmed = await api('pm.hk', 'PUT', `tenders/${tender.id}`, { ...full, deleteDocs: true })
    expect(confirmed.status).toBe(200)
    expect(confirmed.body.general.conditionsOfContracts).toBe('SPECIAL')
    expect(await server.knex('tender_documents').where({ tenderId: tender.id, kind: 'CONDITIONS' })).toEqual([])
  })

  it('POST tenders/{id}/bind uploads documents of a kind onto the tender', async () => {
    const tender = await tenderOf('PR-ES-0001')
    const bind = (user: string, id: string) => {
      const form = new FormData()
      form.append('type', 'ATTACHMENT')
      form.append('description', 'Site photos')
      form.append('files', new Blob([new Uint8Array(pdfBytes('photos.pdf'))], { type: 'application/pdf' }), 'photos.pdf')
      return fetch(`${server.url}/hk/v1/tenders/${id}/bind`, { method: 'POST', headers: { authorization: `Bearer ${tokens[user]}` }, body: form })
    }
    const bound = await bind('pm.hk', tender.id)
    expect(bound.status).toBe(201)
    const documents = await api('pm.hk', 'GET', `tender-documents?tenderId=${tender.id}`)
    expect(documents.body.data.map((document: any) => [document.kind, document.name, document.description])).toContainEqual(['ATTACHMENT', 'photos.pdf', 'Site photos'])
    expect((await bind('approver.hk', tender.id)).status).toBe(403)
    // Vendors change no tender's documents: refused before the tender is looked at.
    expect((await bind('vendor.alpha', tender.id)).status).toBe(403)
    // The alias names the tender as the documents' tenderId: an id naming no readable tender is
    // refused like any reference (400 REFERENCE_INVALID), the same for a missing and a hidden one.
    const unknown = await bind('pm.hk', UNKNOWN_TENDER)
    expect(unknown.status).toBe(400)
    expect((await unknown.json()).data).toMatchObject({ code: 'REFERENCE_INVALID', field: 'tenderId' })
  })

  it('PATCH tenders/{id} {status} takes the workflow action to that status; POST invite issues to the vendors', async () => {
    const tender = await tenderOf('PR-ES-0002')
    expect(tender.status).toBe('WAPPR')
    // Only the chosen approver approves; a status no action of the caller's leads to is refused.
    expect((await api('pm.hk', 'PATCH', `tenders/${tender.id}`, { status: 'APPR', updatedAt: tender.updatedAt })).status).toBe(403)
    const nowhere = await api('pm.hk', 'PATCH', `tenders/${tender.id}`, { status: 'READY', updatedAt: tender.updatedAt })
    expect(nowhere.status).toBe(400)
    expect(nowhere.body.data.code).toBe('VALIDATION_FAILED')
    expect((await api('approver.hk', 'PATCH', `tenders/${tender.id}`, { status: 'APPR', updatedAt: past })).status).toBe(410)
    expect((await api('approver.hk', 'PATCH', `tenders/${UNKNOWN_TENDER}`, { status: 'APPR' })).status).toBe(404)
    const approved = await api('approver.hk', 'PATCH', `/hk/v1/tenders/${tender.id}`, { status: 'APPR', updatedAt: tender.updatedAt })
    expect(approved.status).toBe(200)
    expect(approved.body.status).toBe('APPR')
    expect((await server.knex('audit_log').where({ resource: 'tenders', recordId: tender.id }).orderBy('id', 'desc').first()).action).toBe('tenders.approve')

    const alpha = await companyId(ALPHA)
    expect((await api('approver.hk', 'POST', `tenders/${tender.id}/invite`, { vendorIds: [alpha], updatedAt: approved.body.updatedAt })).status).toBe(403)
    // Vendors issue no tender, and cannot read one not issued to them: not found, as a missing one.
    expect((await api('vendor.alpha', 'POST', `tenders/${tender.id}/invite`, { vendorIds: [alpha], updatedAt: approved.body.updatedAt })).status).toBe(404)
    const issued = await api('pm.hk', 'POST', `tenders/${tender.id}/invite`, { vendorIds: [alpha], updatedAt: approved.body.updatedAt })
    expect(issued.status).toBe(200)
    expect(issued.body.status).toBe('ISSUED')
    expect((await server.knex('tender_vendors').where({ tenderId: tender.id }).select('companyId')).map((row: any) => row.companyId)).toEqual([alpha])

    // X-CMS-Action names an action that keeps the status (extend) or takes any other method.
    const extended = await api(
      'pm.hk',
      'PATCH',
      `tenders/${tender.id}`,
      { closingAt: inDays(40), reason: 'More time for site visits', updatedAt: issued.body.updatedAt },
      { 'x-cms-action': 'tenders.extend' }
    )
    expect(extended.status).toBe(200)
    expect(extended.body.extendReason).toBe('More time for site visits')
  })
})

describe('spec §7 Bids, and the review of a tender', () => {
  it('GET /bids/tender/{tenderId}: staff get no prices before the tender is opened, a vendor only its own bid', async () => {
    const tender = await tenderOf(REVIEW_JOURNEY_PR)
    expect(tender.status).toBe('READY')
    for (const user of ['admin', 'pm.hk', 'approver.hk']) {
      for (const prefix of ['/v1', '/hk/v1']) {
        const bids = await api(user, 'GET', `${prefix}/bids/tender/${tender.id}`)
        expect(bids.status).toBe(200)
        expect(bids.body).toHaveLength(2)
        for (const bid of bids.body) {
          expect(bid.sealed).toBe(true)
          expect(bid.content).toBeUndefined()
        }
      }
    }
    // GET /bids/{id} as well: sealed, and its queries (none before REVIEW) carry no prices either.
    const sealedBid = await api('pm.hk', 'GET', `bids/${(await bidOf(tender.id, ALPHA)).id}`)
    expect(sealedBid.status).toBe(200)
    expect(sealedBid.body).toMatchObject({ sealed: true, queries: [] })
    expect(sealedBid.body.content).toBeUndefined()
    const alpha = await api('vendor.alpha', 'GET', `bids/tender/${tender.id}`)
    expect(alpha.body).toHaveLength(1)
    expect(alpha.body[0].companyId).toBe(await companyId(ALPHA))
    expect(alpha.body[0].content.rates).toBeDefined()
    // Its representative reads no bid before REVIEW; a tenant has no bid permission at all.
    expect((await api('accounting.hk', 'GET', `bids/tender/${tender.id}`)).body).toEqual([])
    expect((await api('tenant.acme', 'GET', `bids/tender/${tender.id}`)).status).toBe(403)
    expect((await api('pm.hk', 'GET', `bids/tender/${UNKNOWN_TENDER}`)).body).toEqual([])
  })

  it('opens through PATCH {status: REVIEW}; then staff read the prices and PUT reco recommends', async () => {
    const tender = await tenderOf(REVIEW_JOURNEY_PR)
    expect((await api('approver.hk', 'PATCH', `tenders/${tender.id}`, { status: 'REVIEW', updatedAt: tender.updatedAt })).status).toBe(403)
    const opened = await api('pm.hk', 'PATCH', `tenders/${tender.id}`, { status: 'REVIEW', updatedAt: tender.updatedAt })
    expect(opened.status).toBe(200)
    expect(opened.body.status).toBe('REVIEW')
    const bids = await api('approver.hk', 'GET', `bids/tender/${tender.id}`)
    expect(bids.body.every((bid: any) => bid.sealed === false && bid.content?.rates)).toBe(true)

    const alphaBid = await bidOf(tender.id, ALPHA)
    expect((await api('approver.hk', 'PUT', `tenders/${tender.id}/reco`, { bidId: alphaBid.id, updatedAt: opened.body.updatedAt })).status).toBe(403)
    const reco = await api('pm.hk', 'PUT', `/hk/v1/tenders/${tender.id}/reco`, { bidId: alphaBid.id, analysis: 'Lowest compliant price.', updatedAt: opened.body.updatedAt })
    expect(reco.status).toBe(200)
    expect(reco.body.recommendedBidId).toBe(alphaBid.id)
    expect((await api('pm.hk', 'PUT', `tenders/${tender.id}/reco`, { bidId: alphaBid.id, updatedAt: opened.body.updatedAt })).status).toBe(410)
  })

  it('PATCH /bids/{id} reopen by staff answers the bid without its prices while the tender is open for bids', async () => {
    const tender = await tenderOf('PR-ES-0003')
    const bid = await bidOf(tender.id, ALPHA)
    expect(bid.status).toBe('SUBMITTED')
    expect((await api('approver.hk', 'PATCH', `bids/${bid.id}`, { updatedAt: bid.updatedAt }, { 'x-cms-action': 'reopen' })).status).toBe(403)
    const reopened = await api('pm.hk', 'PATCH', `/hk/v1/bids/${bid.id}`, { updatedAt: bid.updatedAt }, { 'x-cms-action': 'bids.reopen' })
    expect(reopened.status).toBe(200)
    expect(reopened.body).toMatchObject({ status: 'REOPEN', sealed: true })
    expect(reopened.body.content).toBeUndefined()
    expect((await api('pm.hk', 'PATCH', `bids/${bid.id}`, { updatedAt: bid.updatedAt }, { 'x-cms-action': 'bids.reopen' })).status).toBe(410)
  })

  it('PUT /bids/{id} saves the bid; PATCH /bids/{id} takes the action X-CMS-Action names', async () => {
    const tender = await tenderOf('PR-ES-0011')
    const bid = await bidOf(tender.id, ALPHA)
    const content = { bidItemQtys: { i1: 1 }, rates: { i1: 12_000 } }
    expect((await api('vendor.beta', 'PUT', `bids/${bid.id}`, { content, updatedAt: bid.updatedAt })).status).toBe(404)
    expect((await api('approver.hk', 'PUT', `bids/${bid.id}`, { content, updatedAt: bid.updatedAt })).status).toBe(403)
    const saved = await api('vendor.alpha', 'PUT', `/hk/v1/bids/${bid.id}`, { content, updatedAt: bid.updatedAt })
    expect(saved.status).toBe(200)
    expect(saved.body.status).toBe('DRAFT')
    expect(saved.body.content.rates.i1).toBe(12_000)
    expect((await api('vendor.alpha', 'PUT', `bids/${bid.id}`, { content, updatedAt: bid.updatedAt })).status).toBe(410)
    // Staff never read what the vendor saved, through any alias.
    expect((await api('pm.hk', 'GET', `bids/tender/${tender.id}`)).body[0].content).toBeUndefined()

    const unnamed = await api('vendor.alpha', 'PATCH', `bids/${bid.id}`, { reason: 'Busy', updatedAt: saved.body.updatedAt })
    expect(unnamed.status).toBe(400)
    expect((await api('vendor.beta', 'PATCH', `bids/${bid.id}`, { reason: 'Busy', updatedAt: saved.body.updatedAt }, { 'x-cms-action': 'bids.decline' })).status).toBe(404)
    expect((await api('vendor.alpha', 'PATCH', `bids/${UNKNOWN_TENDER}`, { reason: 'Busy' }, { 'x-cms-action': 'decline' })).status).toBe(404)
    const declined = await api('vendor.alpha', 'PATCH', `bids/${bid.id}`, { reason: 'Fully booked', updatedAt: saved.body.updatedAt }, { 'x-cms-action': 'bids.decline' })
    expect(declined.status).toBe(200)
    expect(declined.body.status).toBe('DECLINED')
    expect(declined.body.declineReason).toBe('Fully booked')
  })
})

describe('spec §7 GET /bids/{id} with its queries', () => {
  it('carries the queries the caller may read, by order, newest first: never a draft for the vendor or the representative', async () => {
    const tender = await tenderOf('PR-ES-0005')
    const betaBid = await bidOf(tender.id, BETA)
    const seeded = await server.knex('tender_queries').where({ bidId: betaBid.id }).select('id', 'status')
    expect(seeded.map((query: any) => query.status)).toEqual(['SUBMITTED'])
    // A second query, issued and answered (the bid is back in SUBMITTED), and a third, a draft.
    const asked = await api('pm.hk', 'POST', 'tender-queries', { bidId: betaBid.id, question: 'Which gondola model?', closingAt: inDays(3) })
    const issued = await api('pm.hk', 'POST', 'tender-queries', { id: asked.body.id, updatedAt: asked.body.updatedAt }, { 'x-service-method': 'issue' })
    expect(issued.status).toBe(200)
    const answered = await api('vendor.beta', 'POST', 'tender-queries', { id: asked.body.id, updatedAt: issued.body.updatedAt, answer: 'Model G-200.' }, { 'x-service-method': 'answer' })
    expect(answered.status).toBe(200)
    const draft = await api('pm.hk', 'POST', 'tender-queries', { bidId: betaBid.id, question: 'Draft: insurance?', closingAt: inDays(3) })
    expect(draft.body).toMatchObject({ status: 'DRAFT', order: 3 })

    for (const prefix of ['/v1', '/hk/v1']) {
      const vendor = await api('vendor.beta', 'GET', `${prefix}/bids/${betaBid.id}`)
      expect(vendor.status).toBe(200)
      expect(vendor.body.queries.map((query: any) => [query.order, query.status])).toEqual([
        [2, 'SUBMITTED'],
        [1, 'SUBMITTED']
      ])
      expect(vendor.body.queries[0]).toMatchObject({ id: asked.body.id, question: 'Which gondola model?', answer: 'Model G-200.' })
      expect(vendor.body.content).toBeDefined()
    }
    // Staff who may read the tender see the draft too; its representative follows the asked ones.
    for (const user of ['pm.hk', 'approver.hk']) {
      const staff = await api(user, 'GET', `bids/${betaBid.id}`)
      expect(staff.body.queries.map((query: any) => [query.order, query.status])).toEqual([
        [3, 'DRAFT'],
        [2, 'SUBMITTED'],
        [1, 'SUBMITTED']
      ])
    }
    expect((await api('accounting.hk', 'GET', `bids/${betaBid.id}`)).body.queries.map((query: any) => query.order)).toEqual([2, 1])
    // Another vendor's bid is not found; lists stay without queries.
    expect((await api('vendor.alpha', 'GET', `bids/${betaBid.id}`)).status).toBe(404)
    expect((await api('tenant.acme', 'GET', `bids/${betaBid.id}`)).status).toBe(403)
    expect((await api('vendor.beta', 'GET', `bids/tender/${tender.id}`)).body[0].queries).toBeUndefined()
    // A vendor group without the queries read permission reads its bid without them.
    const group = await server.knex('security_groups').where({ name: 'Vendor Admin' }).first()
    const setPermissions = async (permissions: any[]) => {
      await server
        .knex('security_groups')
        .where({ id: group.id })
        .update({ permissions: JSON.stringify(permissions) })
      ;(server.app.get('principals') as any).invalidate()
    }
    await setPermissions(group.permissions.filter((permission: any) => permission.resource !== 'queries'))
    try {
      const bare = await api('vendor.beta', 'GET', `bids/${betaBid.id}`)
      expect(bare.status).toBe(200)
      expect(bare.body.id).toBe(betaBid.id)
      expect(bare.body.queries).toBeUndefined()
    } finally {
      await setPermissions(group.permissions)
    }
    expect((await api('vendor.beta', 'GET', `bids/${betaBid.id}`)).body.queries).toHaveLength(2)

    expect((await api('pm.hk', 'DELETE', `tender-queries/${draft.body.id}`)).status).toBe(200)
  })
})

describe('spec §7 Queries', () => {
  it('POST, PUT, PATCH {status}, DELETE /queries and their check-editable and keep-edit', async () => {
    const tender = await tenderOf('PR-ES-0005')
    const betaBid = await bidOf(tender.id, BETA)
    const draft = { bidId: betaBid.id, question: 'Please confirm the access hours.', closingAt: inDays(3) }
    expect((await api('approver.hk', 'POST', 'queries', draft)).status).toBe(403)
    const created = await api('pm.hk', 'POST', '/hk/v1/queries', draft)
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ status: 'DRAFT', bidId: betaBid.id })
    const id = created.body.id

    const check = await api('pm.hk', 'GET', `queries/${id}/check-editable`)
    expect(check.status).toBe(200)
    expect(check.body.lock).toMatchObject({ resource: 'tender-queries', recordId: String(id), username: 'pm.hk' })
    expect((await api('pm.hk', 'PUT', `/hk/v1/queries/${id}/keep-edit`)).status).toBe(201)
    expect((await api('admin', 'GET', `queries/${id}/check-editable`)).status).toBe(423)
    // Vendors never see drafts; an unknown query is 404.
    expect((await api('vendor.beta', 'GET', `queries/${id}/check-editable`)).status).toBe(404)
    expect((await api('pm.hk', 'GET', 'queries/999999/check-editable')).status).toBe(404)

    const edited = await api('pm.hk', 'PUT', `queries/${id}`, { question: 'Please confirm the access hours on Sundays.', updatedAt: created.body.updatedAt })
    expect(edited.status).toBe(200)
    expect(edited.body.question).toBe('Please confirm the access hours on Sundays.')
    expect((await api('pm.hk', 'PUT', `queries/${id}`, { question: 'Stale', updatedAt: created.body.updatedAt })).status).toBe(410)
    // Another user's save waits for the editor (the edit lock).
    expect((await api('admin', 'PUT', `queries/${id}`, { question: 'Mine', updatedAt: edited.body.updatedAt })).status).toBe(423)

    expect((await api('vendor.beta', 'PATCH', `queries/${id}`, { status: 'ISSUED', updatedAt: edited.body.updatedAt })).status).toBe(404)
    const issued = await api('pm.hk', 'PATCH', `queries/${id}`, { status: 'ISSUED', updatedAt: edited.body.updatedAt })
    expect(issued.status).toBe(200)
    expect(issued.body.status).toBe('ISSUED')
    expect((await server.knex('bids').where({ id: betaBid.id }).first()).status).toBe('QUERY')

    expect((await api('vendor.alpha', 'PATCH', `queries/${id}`, { status: 'SUBMITTED', answer: 'Not mine', updatedAt: issued.body.updatedAt })).status).toBe(404)
    const answered = await api('vendor.beta', 'PATCH', `/hk/v1/queries/${id}`, { status: 'SUBMITTED', answer: 'Sundays 09:00-18:00.', updatedAt: issued.body.updatedAt })
    expect(answered.status).toBe(200)
    expect(answered.body).toMatchObject({ status: 'SUBMITTED', answer: 'Sundays 09:00-18:00.' })
    expect((await api('pm.hk', 'PATCH', `queries/${id}`, { status: 'NO_RESPONSE' })).status).toBe(400)

    const another = await api('pm.hk', 'POST', 'queries', draft)
    expect((await api('approver.hk', 'DELETE', `queries/${another.body.id}`)).status).toBe(403)
    expect((await api('pm.hk', 'DELETE', `queries/${another.body.id}`)).status).toBe(200)
    expect((await api('pm.hk', 'DELETE', `queries/${another.body.id}`)).status).toBe(404)
  })
})

describe('spec §7 Revisions', () => {
  it('GET the revisions, versions and one version of a tender; POST the addendum comment', async () => {
    const tender = await tenderOf('PR-ES-0008')
    const revisions = await api('pm.hk', 'GET', `revisions/tenders/${tender.id}`)
    expect(revisions.status).toBe(200)
    expect(revisions.body.map((revision: any) => revision.version)).toEqual([1])
    expect((await api('vendor.alpha', 'GET', `/hk/v1/revisions/tenders/${tender.id}/versions`)).body).toEqual([1])
    const one = await api('vendor.alpha', 'GET', `revisions/tenders/${tender.id}/versions/1`)
    expect(one.status).toBe(200)
    expect(one.body).toMatchObject({ tenderId: tender.id, version: 1 })
    expect(Array.isArray(one.body.documents)).toBe(true)
    expect(one.body.commentUpdatedBy).toBeUndefined()
    expect((await api('pm.hk', 'GET', `revisions/tenders/${tender.id}/versions/7`)).status).toBe(404)
    expect((await api('accounting.hk', 'GET', `revisions/tenders/${tender.id}`)).status).toBe(403)

    const revision = await server.knex('tender_revisions').where({ tenderId: tender.id, version: 1 }).first()
    const comment = (user: string, n: number, updatedAt = revision.updatedAt) =>
      api(user, 'POST', `revisions/tenders/${tender.id}/addendum-comment/${n}`, { content: 'Item 1.2 quantities corrected.', updatedAt })
    expect((await comment('approver.hk', 1)).status).toBe(403)
    expect((await comment('vendor.alpha', 1)).status).toBe(403)
    expect((await comment('pm.hk', 9)).status).toBe(404)
    const commented = await comment('pm.hk', 1)
    expect(commented.status).toBe(200)
    expect(commented.body.comment).toBe('Item 1.2 quantities corrected.')
    expect((await comment('pm.hk', 1)).status).toBe(410)
  })

  it('POST /revisions/tenders/{id} starts an addendum; POST .../fallback drops it', async () => {
    const tender = await tenderOf('PR-ES-0003')
    expect((await api('approver.hk', 'POST', `revisions/tenders/${tender.id}`, { updatedAt: tender.updatedAt })).status).toBe(403)
    const started = await api('pm.hk', 'POST', `/hk/v1/revisions/tenders/${tender.id}`, { updatedAt: tender.updatedAt })
    expect(started.status).toBe(200)
    expect(started.body).toMatchObject({ version: tender.version + 1, addendumStatus: 'DRAFT' })
    expect((await api('pm.hk', 'POST', `revisions/tenders/${tender.id}/fallback`, { updatedAt: tender.updatedAt })).status).toBe(410)
    expect((await api('vendor.alpha', 'POST', `revisions/tenders/${tender.id}/fallback`, { updatedAt: started.body.updatedAt })).status).toBe(403)
    const dropped = await api('pm.hk', 'POST', `revisions/tenders/${tender.id}/fallback`, { updatedAt: started.body.updatedAt })
    expect(dropped.status).toBe(200)
    expect(dropped.body).toMatchObject({ version: tender.version, addendumStatus: null })
    expect((await api('pm.hk', 'POST', `revisions/tenders/${UNKNOWN_TENDER}/fallback`, {})).status).toBe(404)
  })
})

describe('spec §7 Purchases', () => {
  let po: any

  beforeAll(async () => {
    po = await server.knex('purchase_orders').where({ number: 'PO-ES-0006' }).first()
  })

  it('GET purchases/orders/{number}/is-awarded and is-used answer the check', async () => {
    expect((await api('admin', 'GET', 'purchases/orders/PO-ES-0006/is-awarded')).body).toBe(true)
    expect((await api('admin', 'GET', '/hk/v1/purchases/orders/PO-ES-0006/is-used')).body).toBe(true)
    expect((await api('admin', 'GET', 'purchases/orders/PO-ES-9999/is-awarded')).body).toBe(false)
    expect((await api('admin', 'GET', 'purchases/orders/PO-ES-9999/is-used')).body).toBe(false)
    // numberType CONTRACT: the number is in use by a purchase order all the same.
    expect((await api('admin', 'GET', 'purchases/orders/PO-ES-0006/is-used?numberType=CONTRACT&revisionNum=0')).body).toBe(true)
    expect((await api('accounting.hk', 'GET', 'purchases/orders/PO-ES-0006/is-awarded')).status).toBe(403)
    // The person in charge of the tender asks it too (purchases:read own).
    expect((await api('pm.hk', 'GET', 'purchases/orders/PO-ES-0006/is-awarded')).body).toBe(true)
  })

  it('POST /purchases/orders/ and /purchases/contracts/ create them with their rules; GET them by number', async () => {
    const record = { tenderId: po.tenderId, companyId: po.companyId, siteId: po.siteId, amount: Number(po.amount) }
    expect((await api('accounting.hk', 'POST', 'purchases/orders/', { ...record, number: 'PO-ES-7001' })).status).toBe(403)
    const duplicate = await api('admin', 'POST', 'purchases/orders/', { ...record, number: 'PO-ES-0006' })
    expect(duplicate.status).toBe(409)
    const wrongTotal = await api('admin', 'POST', 'purchases/orders/', { ...record, number: 'PO-ES-7001', amount: 1 })
    expect(wrongTotal.body.data.code).toBe('TOTAL_MISMATCH')
    const order = await api('admin', 'POST', '/hk/v1/purchases/orders/', { ...record, number: 'PO-ES-7001' })
    expect(order.status).toBe(201)
    expect(order.body).toMatchObject({ number: 'PO-ES-7001', currency: 'HKD' })

    const contract = await api('admin', 'POST', 'purchases/contracts/', { ...record, number: 'CT-ES-7001', revisionNum: 0 })
    expect(contract.status).toBe(201)
    expect((await api('admin', 'POST', 'purchases/contracts', { ...record, number: 'CT-ES-7001', revisionNum: 1 })).status).toBe(201)

    const read = await api('admin', 'GET', 'purchases/orders/PO-ES-7001')
    expect(read.status).toBe(200)
    expect(read.body.id).toBe(order.body.id)
    expect((await api('admin', 'GET', 'purchases/contracts/CT-ES-7001?revision=0')).body.id).toBe(contract.body.id)
    expect((await api('admin', 'GET', '/hk/v1/purchases/contracts/CT-ES-7001')).body.revisionNum).toBe(1)
    expect((await api('admin', 'GET', 'purchases/contracts/CT-ES-7001?revision=5')).status).toBe(404)
    expect((await api('admin', 'GET', 'purchases/orders/PO-NONE-1')).status).toBe(404)
    // A vendor reads its own company's orders only.
    const owner = (await server.knex('companies').where({ id: po.companyId }).first('name')).name
    const [ownVendor, otherVendor] = owner === ALPHA ? ['vendor.alpha', 'vendor.beta'] : ['vendor.beta', 'vendor.alpha']
    expect((await api(ownVendor, 'GET', 'purchases/orders/PO-ES-0006')).body.number).toBe('PO-ES-0006')
    expect((await api(otherVendor, 'GET', 'purchases/orders/PO-ES-0006')).status).toBe(404)
    expect((await api('accounting.hk', 'GET', 'purchases/orders/PO-ES-0006')).status).toBe(403)
    expect((await api('pm.hk', 'GET', 'purchases/orders/PO-ES-0006')).body.number).toBe('PO-ES-0006')
  })

  it('GET purchases/contracts/{number}/is-awarded and is-site-valid', async () => {
    expect((await api('admin', 'GET', 'purchases/contracts/CT-ES-7001/is-awarded?revisionNum=0')).body).toBe(true)
    expect((await api('admin', 'GET', 'purchases/contracts/CT-ES-7001/is-awarded?revisionNum=9')).body).toBe(false)
    expect((await api('admin', 'GET', `purchases/contracts/CT-ES-7001/is-site-valid?siteId=${po.siteId}&revisionNum=0`)).body).toBe(true)
    const otherSite = await server.knex('sites').where({ region: 'HK' }).whereNot({ id: po.siteId }).first('id')
    expect((await api('admin', 'GET', `/hk/v1/purchases/contracts/CT-ES-7001/is-site-valid?siteId=${otherSite.id}`)).body).toBe(false)
    expect((await api('admin', 'GET', `purchases/contracts/CT-NONE/is-site-valid?siteId=${po.siteId}`)).body).toBe(false)
    expect((await api('accounting.hk', 'GET', `purchases/contracts/CT-ES-7001/is-site-valid?siteId=${po.siteId}`)).status).toBe(403)
  })

  it('GET /purchases/vendors, the currencies and /purchases/requests/{number}', async () => {
    const alpha = await companyId(ALPHA)
    const vendor = await api('pm.hk', 'GET', `purchases/vendors?vendorId=${alpha}`)
    expect(vendor.status).toBe(200)
    expect(vendor.body).toMatchObject({ id: alpha, name: ALPHA })
    expect((await api('vendor.beta', 'GET', `purchases/vendors?vendorId=${alpha}`)).status).toBe(404)
    expect((await api('contractor.acme', 'GET', `purchases/vendors?vendorId=${alpha}`)).status).toBe(403)
    expect((await api('pm.hk', 'GET', 'purchases/vendors?vendorId=999999')).status).toBe(404)
    expect((await api('pm.hk', 'GET', 'purchases/vendors')).status).toBe(400)

    const requests = await api('pm.hk', 'GET', 'purchases/requests/currencies')
    expect(requests.status).toBe(200)
    expect(requests.body[0]).toBe('HKD')
    expect((await api('admin', 'GET', '/hk/v1/purchases/orders/currencies')).body).toEqual(['HKD'])
    expect((await api('admin', 'GET', 'purchases/contracts/currencies')).body[0]).toBe('HKD')
    expect((await api('accounting.hk', 'GET', 'purchases/orders/currencies')).status).toBe(403)

    const pr = await api('pm.hk', 'GET', 'purchases/requests/PR-ES-0001')
    expect(pr.status).toBe(200)
    expect(pr.body).toMatchObject({ number: 'PR-ES-0001', description: 'ES1 lift lobby refurbishment' })
    expect((await api('pm.hk', 'GET', '/hk/v1/purchases/requests/PR-NONE')).status).toBe(404)
    expect((await api('vendor.alpha', 'GET', 'purchases/requests/PR-ES-0001')).status).toBe(403)
  })
})
