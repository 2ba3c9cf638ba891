import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../../test/server.js'

// "View all" of the dashboard's approvals panel (`/tenders?awaiting=me`): the tender list asked for
// what waits for one approver, tenders submitted to them and addenda of issued tenders submitted to
// them, in one query with an $or. Over the demo tenders (seeds/tenders.ts, seeds/addenda.ts):
// PR-ES-0002 waits for approver.hk; PR-ES-0009 is ISSUED with addendum 1 pending.

let server: TestServer
const tokens: Record<string, string> = {}
let approverId: number
beforeAll(async () => {
  server = await startTestServer()
  for (const name of ['admin', 'pm.hk', 'approver.hk', 'vendor.alpha']) tokens[name] = (await server.login(name)).accessToken
  approverId = (await server.knex('users').where({ username: 'approver.hk' }).first('id')).id
  // Addendum 1 of PR-ES-0009 submitted to approver.hk; PR-ES-0003 issued with them as approver, nothing pending.
  await server.knex('tenders').where({ prNumber: 'PR-ES-0009' }).update({ addendumStatus: 'WAPPR', approverId })
  await server.knex('tenders').where({ prNumber: 'PR-ES-0003' }).update({ approverId })
})
afterAll(async () => {
  await server?.stop()
})

const awaiting = (id: number) => `/hk/v1/tenders?approverId=${id}&$or[0][status]=WAPPR&$or[1][status]=ISSUED&$or[1][addendumStatus]=WAPPR&$sort[updatedAt]=1&$limit=50`

describe('the tender list on what waits for my approval', () => {
  it('lists the tenders and the addenda submitted to the approver, and nothing else', async () => {
    const { status, body } = await server.api(tokens['approver.hk'], 'GET', awaiting(approverId))
    expect(status).toBe(200)
    const prNumbers = body.data.map((tender: any) => tender.prNumber)
    expect(prNumbers).toEqual(expect.arrayContaining(['PR-ES-0002', 'PR-ES-0009']))
    expect(prNumbers).not.toContain('PR-ES-0003')
    expect(body.total).toBe(body.data.length)
    for (const tender of body.data) {
      expect(tender.approverId).toBe(approverId)
      expect(tender.status === 'WAPPR' || (tender.status === 'ISSUED' && tender.addendumStatus === 'WAPPR')).toBe(true)
    }
  })

  it('keeps a vendor out: it may not filter on the approver, and the clauses alone find no tender waiting', async () => {
    const byApprover = await server.api(tokens['vendor.alpha'], 'GET', awaiting(approverId))
    expect(byApprover.status).toBe(400)
    expect(byApprover.body.data).toMatchObject({ code: 'INVALID_QUERY', details: 'approverId' })
    const { status, body } = await server.api(tokens['vendor.alpha'], 'GET', `/hk/v1/tenders?$or[0][status]=WAPPR&$or[1][status]=ISSUED&$or[1][addendumStatus]=WAPPR&$limit=50`)
    expect(status).toBe(200)
    expect(body.data.map((tender: any) => tender.prNumber)).not.toContain('PR-ES-0002')
    expect(body.data.every((tender: any) => tender.status === 'ISSUED')).toBe(true)
  })

  it('answers 400, not 500, to a clause the list does not filter on', async () => {
    const { status } = await server.api(tokens['approver.hk'], 'GET', `/hk/v1/tenders?$or[0][password]=x`)
    expect(status).toBe(400)
  })
})
