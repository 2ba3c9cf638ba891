import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../../test/server.js'

// Discarding a pending addendum (spec §7 "revisions/tenders/{id}/fallback"), on the demo tender
// PR-ES-0009: ISSUED, addendum 1 pending in DRAFT (seeds/addenda.ts).
let server: TestServer
const tokens: Record<string, string> = {}
beforeAll(async () => {
  server = await startTestServer()
  for (const name of ['pm.hk', 'approver.hk', 'accounting.hk', 'vendor.alpha']) tokens[name] = (await server.login(name)).accessToken
})
afterAll(async () => {
  await server?.stop()
})

const call = async (user: string, method: string, id: unknown, body: Record<string, unknown> = {}) =>
  server.api(tokens[user], 'POST', '/v1/tenders', { id, updatedAt: await server.version('tenders', id), ...body }, { 'x-service-method': method })
const pending = () => server.knex('tenders').where({ prNumber: 'PR-ES-0009' }).first()

describe('discarding a pending addendum', () => {
  it('is refused to vendors, to the approver and to staff without the tender; the draft stays', async () => {
    const tender = await pending()
    expect((await call('vendor.alpha', 'discardAddendum', tender.id, { updatedAt: tender.updatedAt })).status).toBe(403)
    expect((await call('approver.hk', 'discardAddendum', tender.id, { updatedAt: tender.updatedAt })).status).toBe(403)
    expect([403, 404]).toContain((await call('accounting.hk', 'discardAddendum', tender.id, { updatedAt: tender.updatedAt })).status)
    expect(await pending()).toMatchObject({ version: 1, addendumStatus: 'DRAFT' })
  })

  it('answers 410 to a stale copy', async () => {
    const tender = await pending()
    const stale = await call('pm.hk', 'discardAddendum', tender.id, { updatedAt: new Date(new Date(tender.updatedAt).getTime() - 60_000).toISOString() })
    expect(stale.status).toBe(410)
    expect((await pending()).addendumStatus).toBe('DRAFT')
  })

  it('takes the person in charge back to the issued version, and is recorded in the audit log', async () => {
    const tender = await pending()
    const discarded = await call('pm.hk', 'discardAddendum', tender.id, { updatedAt: tender.updatedAt })
    expect(discarded.status).toBe(200)
    expect(discarded.body).toMatchObject({ status: 'ISSUED', version: 0, addendumStatus: null })
    expect((await pending()).addendumDraft).toBeNull()
    const audit = await server.knex('audit_log').where({ resource: 'tenders', recordId: tender.id }).orderBy('id', 'desc').first()
    expect(audit.action).toMatch(/discardAddendum/i)
    // Nothing left to discard.
    const again = await call('pm.hk', 'discardAddendum', tender.id, { updatedAt: discarded.body.updatedAt })
    expect(again.status).toBe(409)
    expect(again.body.data.code).toBe('INVALID_TRANSITION')
  })

  it('leaves an addendum waiting for approval to the approver', async () => {
    let tender = await pending()
    const created = await call('pm.hk', 'addendum', tender.id, { updatedAt: tender.updatedAt })
    expect(created.body).toMatchObject({ version: 1, addendumStatus: 'DRAFT' })
    const approverId = (await server.knex('users').where({ username: 'approver.hk' }).first('id')).id
    const submitted = await call('pm.hk', 'submitAddendum', tender.id, { updatedAt: created.body.updatedAt, approverId })
    expect(submitted.body.addendumStatus).toBe('WAPPR')
    tender = await pending()
    const refused = await call('pm.hk', 'discardAddendum', tender.id, { updatedAt: tender.updatedAt })
    expect(refused.status).toBe(409)
    expect((await pending()).addendumStatus).toBe('WAPPR')
  })
})
