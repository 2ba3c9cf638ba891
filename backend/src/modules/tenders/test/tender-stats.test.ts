import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../../test/server.js'
import { createBid, createPersonLike, createTender, createVendorCompany, demoParties, uniqueNumber, type DemoParties } from '../seeds/factories.js'
import type { StaffTenderStats, VendorTenderStats } from '../services/tender-stats/tender-stats.shared.js'

/*
 * The figures of the tender charts (tender-stats): counted within the region and the caller's
 * reading rights. Each test reads as a person of its own (a project manager in charge of only the
 * tenders made here, a vendor company invited only here), so the figures are exact while other
 * test files write tenders of their own into the same region.
 */

let server: TestServer
let parties: DemoParties
const tokens: Record<string, string> = {}
let manager: number
let company: number

/** A new account like a demo one (createPersonLike), signed in. */
async function cloneUser(from: string, username: string, groups: Record<string, string[]>, extra: Record<string, unknown> = {}) {
  const id = await createPersonLike(server.knex, from, username, groups, extra)
  tokens[username] = (await server.login(username)).accessToken
  return id
}

const stats = async <T>(user: string, region = 'hk') => {
  const { status, body } = await server.api(tokens[user], 'GET', `/${region}/v1/tender-stats`)
  expect(status, JSON.stringify(body)).toBe(200)
  return body as T
}
const pipelineOf = (body: StaffTenderStats) => Object.fromEntries(body.pipeline.filter((row) => row.count).map((row) => [row.status, row.count]))

const suffix = uniqueNumber('s').toLowerCase()
const PM = `pm.stats.${suffix}`
const VENDOR = `vendor.stats.${suffix}`
const SG_STAFF = `staff.sg.${suffix}`

beforeAll(async () => {
  server = await startTestServer()
  parties = await demoParties(server.knex)
  for (const name of ['admin', 'pm.hk', 'accounting.hk', 'vendor.alpha', 'tenant.acme']) tokens[name] = (await server.login(name)).accessToken
  manager = await cloneUser('pm.hk', PM, { HK: ['Project Manager'] })
  company = await createVendorCompany(server.knex)
  await cloneUser('vendor.alpha', VENDOR, { HK: ['Vendor Admin'] }, { companyId: company })
  await cloneUser('approver.hk', SG_STAFF, { SG: ['Approver'] }, { regions: ['SG'], defaultRegion: 'SG' })
})
afterAll(async () => {
  await server?.stop()
})

/** A tender in the charge of the test's manager, inviting the test's vendor and Alpha. */
const tender = (status: string, closingDays: number, extra: Record<string, unknown> = {}) =>
  createTender(server.knex, { status: status as any, closingDays, vendors: ['DRAFT', 'WAPPR'].includes(status) ? [] : [company, parties.alpha], extra: { managedBy: manager, ...extra } }, parties)

describe('tender-stats for staff', () => {
  it('counts the pipeline, the closings per week and the replies of the tenders the caller reads', async () => {
    const before = await stats<StaffTenderStats>(PM)
    expect(before).toMatchObject({ portal: 'staff', scope: 'own' })
    expect(pipelineOf(before)).toEqual({})

    await tender('DRAFT', 20)
    await tender('WAPPR', 20)
    await tender('ISSUED', 3)
    await tender('ISSUED', 3)
    await tender('ISSUED', 10)
    const closed = await tender('REVIEW', -2)
    await createBid(server.knex, { tenderId: closed.id, companyId: company, status: 'SUBMITTED' })
    await createBid(server.knex, { tenderId: closed.id, companyId: parties.alpha, status: 'INVITED' })
    const declined = await tender('READY', -3)
    await createBid(server.knex, { tenderId: declined.id, companyId: company, status: 'INVITED' })
    await server.knex('bids').where({ tenderId: declined.id, companyId: company }).update({ status: 'DECLINED', declineReason: 'busy' })
    await tender('CANCELLED', 5)

    const after = await stats<StaffTenderStats>(PM)
    expect(pipelineOf(after)).toEqual({ DRAFT: 1, WAPPR: 1, ISSUED: 3, REVIEW: 1, READY: 1, CANCELLED: 1 })
    // Every status of the workflow has its row, in the workflow's order, zero ones too.
    expect(after.pipeline.map((row) => row.status)).toEqual(['DRAFT', 'WAPPR', 'APPR', 'REJECTED', 'ISSUED', 'READY', 'REVIEW', 'AWARDED', 'REGRETTED', 'DECLINED', 'CANCELLED'])

    // Twelve consecutive Mondays; the drafts' planned dates and the cancelled tender do not close.
    expect(after.closings).toHaveLength(12)
    for (const [i, row] of after.closings.entries()) {
      expect(new Date(`${row.week}T00:00:00Z`).getUTCDay()).toBe(1)
      if (i) expect(Date.parse(row.week) - Date.parse(after.closings[i - 1].week)).toBe(7 * 86_400_000)
    }
    expect(after.closings.reduce((sum, row) => sum + row.count, 0)).toBe(5)

    // The two closed tenders: four invitations, one bid in, one declined, two without a reply.
    const replies = after.responses.reduce(
      (sum, row) => ({
        tenders: sum.tenders + row.tenders,
        invited: sum.invited + row.invited,
        submitted: sum.submitted + row.submitted,
        declined: sum.declined + row.declined,
        noReply: sum.noReply + row.noReply
      }),
      {
        tenders: 0,
        invited: 0,
        submitted: 0,
        declined: 0,
        noReply: 0
      }
    )
    expect(replies).toEqual({ tenders: 2, invited: 4, submitted: 1, declined: 1, noReply: 2 })
    expect(after.responses).toHaveLength(8)
  })

  it('counts the closings in the week of the region: a tender closing on Monday 00:30 in Hong Kong is in that Monday’s week', async () => {
    const body = await stats<StaffTenderStats>(PM)
    const monday = body.closings[body.closings.length - 1].week
    // 00:30 in Hong Kong on that Monday is 16:30 UTC on the Sunday before: another week in UTC.
    await tender('ISSUED', 0, { closingAt: new Date(`${monday}T00:30:00+08:00`) })
    const after = await stats<StaffTenderStats>(PM)
    expect(after.closings.find((row) => row.week === monday)!.count).toBe(body.closings.find((row) => row.week === monday)!.count + 1)
  })

  it('counts every tender of the region for staff reading any tender: the administrator sees the manager’s tenders too', async () => {
    const mine = pipelineOf(await stats<StaffTenderStats>(PM))
    const admin = await stats<StaffTenderStats>('admin')
    expect(admin.scope).toBe('all')
    for (const [status, count] of Object.entries(mine)) expect(pipelineOf(admin)[status]).toBeGreaterThanOrEqual(count)
  })

  it('counts nothing of Hong Kong for staff of another region, and refuses them the Hong Kong figures', async () => {
    const sg = await stats<StaffTenderStats>(SG_STAFF, 'sg')
    const sgByAdmin = await stats<StaffTenderStats>('admin', 'sg')
    await tender('ISSUED', 4)
    expect(await stats<StaffTenderStats>(SG_STAFF, 'sg')).toEqual(sg)
    expect(await stats<StaffTenderStats>('admin', 'sg')).toEqual(sgByAdmin)
    expect((await server.api(tokens[SG_STAFF], 'GET', '/hk/v1/tender-stats')).status).toBe(403)
  })

  it('refuses staff without a tenders read grant, tenants and anonymous callers', async () => {
    expect((await server.api(tokens['accounting.hk'], 'GET', '/hk/v1/tender-stats')).status).toBe(403)
    expect((await server.api(tokens['tenant.acme'], 'GET', '/hk/v1/tender-stats')).status).toBe(403)
    expect((await server.api(undefined as any, 'GET', '/hk/v1/tender-stats')).status).toBe(401)
  })

  it('takes no filter a caller could probe with', async () => {
    expect((await server.api(tokens[PM], 'GET', '/hk/v1/tender-stats?managedBy=1')).status).toBe(400)
  })
})

describe('tender-stats for vendors', () => {
  it('counts only the company’s invitations from issue on, and the results once decided', async () => {
    const before = await stats<VendorTenderStats>(VENDOR)
    expect(before.portal).toBe('vendors')

    const open = await tender('ISSUED', 6)
    await createBid(server.knex, { tenderId: open.id, companyId: company, status: 'DRAFT' })
    const pending = await tender('ISSUED', 6)
    await createBid(server.knex, { tenderId: pending.id, companyId: company, status: 'SUBMITTED' })
    const won = await tender('AWARDED', -10)
    const winning = await createBid(server.knex, { tenderId: won.id, companyId: company, status: 'SUBMITTED' })
    await server.knex('tenders').where({ id: won.id }).update({ recommendedBidId: winning.id })
    const lost = await tender('AWARDED', -10)
    await createBid(server.knex, { tenderId: lost.id, companyId: company, status: 'SUBMITTED' })
    const other = await createBid(server.knex, { tenderId: lost.id, companyId: parties.alpha, status: 'SUBMITTED' })
    await server.knex('tenders').where({ id: lost.id }).update({ recommendedBidId: other.id })
    const regretted = await tender('REGRETTED', -10)
    await createBid(server.knex, { tenderId: regretted.id, companyId: company, status: 'SUBMITTED' })
    // Not counted: a tender not issued yet (even with the company already listed), one not inviting the company.
    await tender('APPR', 20)
    await createTender(server.knex, { status: 'ISSUED', vendors: [parties.alpha] }, parties)

    const after = await stats<VendorTenderStats>(VENDOR)
    expect(after).toEqual({
      portal: 'vendors',
      invitations: {
        received: before.invitations.received + 5,
        open: before.invitations.open + 1,
        submitted: before.invitations.submitted + 4,
        declined: before.invitations.declined,
        noReply: before.invitations.noReply,
        cancelled: before.invitations.cancelled
      },
      results: { won: before.results.won + 1, lost: before.results.lost + 2, pending: before.results.pending + 1 }
    })
    // Nothing of the staff's figures (another company's bids, the pipeline) reaches a vendor.
    expect(Object.keys(after)).toEqual(['portal', 'invitations', 'results'])
  })

  it('never counts another company’s invitations', async () => {
    const alpha = await stats<VendorTenderStats>('vendor.alpha')
    await tender('ISSUED', 7, {})
    const withAlpha = await stats<VendorTenderStats>('vendor.alpha')
    const mine = await stats<VendorTenderStats>(VENDOR)
    await createTender(server.knex, { status: 'ISSUED', vendors: [parties.alpha] }, parties)
    expect((await stats<VendorTenderStats>(VENDOR)).invitations).toEqual(mine.invitations)
    expect(withAlpha.invitations.received).toBeGreaterThanOrEqual(alpha.invitations.received + 1)
  })

  it('refuses a vendor without a bids read grant', async () => {
    const name = `vendor.nobids.${suffix}`
    await cloneUser('vendor.alpha', name, { HK: [] }, { companyId: company })
    expect((await server.api(tokens[name], 'GET', '/hk/v1/tender-stats')).status).toBe(403)
  })
})
