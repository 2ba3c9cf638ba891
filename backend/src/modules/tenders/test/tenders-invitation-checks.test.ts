import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../../test/server.js'
import { appError } from '../../../errors.js'
import { addTenderInvitationCheck, type TenderInvitation } from '../module.js'
import { createTender, demoParties, type DemoParties } from '../seeds/factories.js'

/*
 * The door other modules register invitation checks through (invitation-checks.ts), over real
 * HTTP on real PostgreSQL: a check runs inside the issue's transaction, after the issue's own
 * checks, with what it needs; what it writes commits with the issue, and its refusal leaves the
 * tender unissued. Callers who may not issue never reach it.
 */

let server: TestServer
let parties: DemoParties
const tokens: Record<string, string> = {}
// The check below acts only on the tenders built here (`watched`), refusing some; `seen` is what it was given.
const watched = new Set<string>()
const refusing = new Set<string>()
const seen = new Map<string, TenderInvitation & { inTransaction: boolean }>()

beforeAll(async () => {
  server = await startTestServer()
  parties = await demoParties(server.knex)
  for (const name of ['pm.hk', 'approver.hk', 'accounting.hk', 'vendor.alpha']) tokens[name] = (await server.login(name)).accessToken
  addTenderInvitationCheck(server.app, async (invitation) => {
    const id = String(invitation.tender.id)
    if (!watched.has(id)) return
    seen.set(id, { ...invitation, inTransaction: invitation.db.isTransaction === true })
    // A row of the check's own, as the vendor standings write their audit entry.
    await invitation.db('audit_log').insert({ region: invitation.region, action: 'test.invitation-check', resource: 'tenders', recordId: id, after: JSON.stringify({ checked: true }) })
    if (refusing.has(id)) throw appError(400, 'VALIDATION_FAILED', { details: 'refused by an invitation check' })
  })
})
afterAll(async () => {
  await server?.stop()
})

const issue = async (user: string, id: string, body: Record<string, unknown>) =>
  server.api(tokens[user], 'POST', '/hk/v1/tenders', { id, updatedAt: await server.version('tenders', id), ...body }, { 'x-service-method': 'issue' })

/** A tender of pm.hk submitted, then approved by approver.hk through the API: ready to issue. */
async function approvedTender({ refuse = false } = {}) {
  const { id } = await createTender(server.knex, { status: 'WAPPR' }, parties)
  const approved = await server.api(tokens['approver.hk'], 'POST', '/hk/v1/tenders', { id, updatedAt: await server.version('tenders', id) }, { 'x-service-method': 'approve' })
  expect(approved.status).toBe(200)
  watched.add(id)
  if (refuse) refusing.add(id)
  return id
}
const checkRows = (id: string) => server.knex('audit_log').where({ recordId: id, action: 'test.invitation-check' })

describe('tender invitation checks', () => {
  it('run in the issue’s transaction with the tender, vendors, caller and trimmed reason; their rows commit with the issue', async () => {
    const id = await approvedTender()
    const issued = await issue('pm.hk', id, { vendorIds: [parties.alpha, parties.beta], overrideReason: '  Sole supplier.  ' })
    expect(issued.status).toBe(200)
    expect(issued.body.status).toBe('ISSUED')
    const invitation = seen.get(id)!
    expect(String(invitation.tender.id)).toBe(id)
    expect(invitation).toMatchObject({ inTransaction: true, region: 'HK', vendorIds: [parties.alpha, parties.beta], caller: { id: parties.pm, username: 'pm.hk' }, overrideReason: 'Sole supplier.' })
    // The tender as locked, before the issue's write.
    expect(invitation.tender.status).toBe('APPR')
    expect(await checkRows(id)).toHaveLength(1)
  })

  it('a blank or absent reason reaches the check as null', async () => {
    for (const body of [{ overrideReason: '   ' }, { overrideReason: null }, {}]) {
      const id = await approvedTender()
      expect((await issue('pm.hk', id, { vendorIds: [parties.alpha], ...body })).status).toBe(200)
      expect(seen.get(id)?.overrideReason).toBeNull()
    }
  })

  it('a check that refuses leaves the tender unissued, with no invitations, bids or rows of the check', async () => {
    const id = await approvedTender({ refuse: true })
    const refused = await issue('pm.hk', id, { vendorIds: [parties.alpha] })
    expect(refused.status).toBe(400)
    expect(refused.body.data).toMatchObject({ code: 'VALIDATION_FAILED', details: 'refused by an invitation check' })
    expect(seen.has(id)).toBe(true)
    expect((await server.knex('tenders').where({ id }).first('status')).status).toBe('APPR')
    expect(await server.knex('tender_vendors').where({ tenderId: id })).toEqual([])
    expect(await server.knex('bids').where({ tenderId: id })).toEqual([])
    expect(await checkRows(id)).toEqual([])
  })

  it('is never reached by a caller who may not issue the tender, nor before the issue’s own checks pass', async () => {
    const id = await approvedTender({ refuse: true })
    expect((await issue('vendor.alpha', id, { vendorIds: [parties.alpha] })).status).toBe(404)
    expect((await issue('approver.hk', id, { vendorIds: [parties.alpha] })).status).toBe(403)
    expect((await issue('accounting.hk', id, { vendorIds: [parties.alpha] })).status).toBe(404)
    // A stale copy (410), and a closing date passed (the issue's own 400), answer before any check.
    const stale = await server.api(tokens['pm.hk'], 'POST', '/hk/v1/tenders', { id, updatedAt: '2020-01-01T00:00:00.000Z', vendorIds: [parties.alpha] }, { 'x-service-method': 'issue' })
    expect(stale.status).toBe(410)
    await server
      .knex('tenders')
      .where({ id })
      .update({ closingAt: new Date(Date.now() - 60_000) })
    expect((await issue('pm.hk', id, { vendorIds: [parties.alpha] })).body.data).toMatchObject({ code: 'CLOSING_TOO_EARLY' })
    expect(seen.has(id)).toBe(false)
  })

  it('the issue’s body takes an override reason of up to 1000 characters', async () => {
    const id = await approvedTender({ refuse: true })
    for (const overrideReason of ['x'.repeat(1001), 7, ['a']]) {
      const answer = await issue('pm.hk', id, { vendorIds: [parties.alpha], overrideReason })
      expect(answer.status).toBe(400)
      expect(answer.body.data.code).toBe('VALIDATION_FAILED')
    }
    expect(seen.has(id)).toBe(false)
    const longest = await issue('pm.hk', id, { vendorIds: [parties.alpha], overrideReason: 'x'.repeat(1000) })
    // Valid: it reaches the check (which refuses this tender).
    expect(longest.body.data).toMatchObject({ details: 'refused by an invitation check' })
  })
})
